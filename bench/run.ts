// `npm run bench`: runs the benchmarks, writes bench/results/<name>.json, prints a short table.
//
//   npm run bench                                   both, default parameters (~2 minutes)
//   npm run bench -- --only anew_list               one of them (anew_list | fanout | match_page | forecast_unlock | forecast_settle | guessing_place | guessing_settle)
//   npm run bench -- --only fanout --clients 500    fewer live clients
//   npm run bench -- --only fanout --broker raw-frame   a bench-local broker experiment
//
// Other flags: --duration S --warmup S --connections N --anew-variants (anew_list);
// --updates N --interval-ms MS --processes N --connect-concurrency N (fanout); --buyers N (forecast_unlock);
// --plans N (forecast_settle); --bets N (guessing_place); --settle-bets N --settle-matches N (guessing_settle).
// The forecast and guessing benches run on PGlite and on PostgreSQL (TEST_DATABASE_URL).
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { benchAnewList, type AnewListOptions, type AnewListResult } from './anew-list';
import { benchFanout, type FanoutOptions, type FanoutResult } from './fanout';
import { benchForecastSettle, type ForecastSettleResult } from './forecast-settle';
import { benchForecastUnlock, type ForecastUnlockResult } from './forecast-unlock';
import { benchGuessingPlace, type GuessingPlaceResult } from './guessing-place';
import { benchGuessingSettle, type GuessingSettleResult } from './guessing-settle';
import { benchMatchPage, type MatchPageOptions, type MatchPageResult } from './match-page';
import { BROKER_VARIANTS, createVariantBroker, type BrokerVariant } from './support/broker-variants';

const BENCHES = ['anew_list', 'fanout', 'match_page', 'forecast_unlock', 'forecast_settle', 'guessing_place', 'guessing_settle'] as const;
const DATABASE_KINDS = ['pglite', 'postgres'] as const;
type BenchName = (typeof BENCHES)[number];

const { values: flags } = parseArgs({
  options: {
    only: { type: 'string' },
    clients: { type: 'string', default: '5000' },
    updates: { type: 'string', default: '100' },
    // 2.5 updates/s: the simulator's busiest minute (9 football updates for a 64-match day)
    // scaled to a 1,000-match day is ~140 updates/min.
    'interval-ms': { type: 'string', default: '400' },
    processes: { type: 'string', default: '2' },
    'connect-concurrency': { type: 'string', default: '50' },
    broker: { type: 'string', default: 'embedded' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    'anew-variants': { type: 'boolean', default: false },
    buyers: { type: 'string', default: '1000' },
    plans: { type: 'string', default: '10000' },
    bets: { type: 'string', default: '2000' },
    'settle-bets': { type: 'string', default: '100000' },
    'settle-matches': { type: 'string', default: '10' },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});

if (flags.help) {
  console.log(
    'usage: npm run bench -- [--only anew_list|fanout] [--clients N] [--updates N] [--interval-ms MS]\n' +
      '  [--processes N] [--connect-concurrency N] [--broker embedded|' +
      BROKER_VARIANTS.join('|') +
      ']\n  [--duration S] [--warmup S] [--connections N] [--anew-variants] [--buyers N] [--plans N]\n' +
      '  [--bets N] [--settle-bets N] [--settle-matches N]',
  );
  process.exit(0);
}

function positive(name: keyof typeof flags): number {
  const value = Number(flags[name]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number, got ${flags[name]}`);
  return value;
}

const only = flags.only?.split(',').map((name) => name.trim());
for (const name of only ?? []) {
  if (!BENCHES.includes(name as BenchName)) throw new Error(`--only takes ${BENCHES.join(' | ')}, got ${name}`);
}
const selected = BENCHES.filter((name) => !only || only.includes(name));
const broker = flags.broker ?? 'embedded';
if (broker !== 'embedded' && !BROKER_VARIANTS.includes(broker as BrokerVariant)) {
  throw new Error(`--broker takes embedded | ${BROKER_VARIANTS.join(' | ')}, got ${broker}`);
}

const anewOptions: AnewListOptions = {
  durationSeconds: positive('duration'),
  warmupSeconds: Number(flags.warmup),
  connections: positive('connections'),
  variants: flags['anew-variants'],
  timeoutMs: 150_000,
};
const matchPageOptions: MatchPageOptions = {
  durationSeconds: positive('duration'),
  warmupSeconds: Number(flags.warmup),
  connections: positive('connections'),
  timeoutMs: 240_000,
};
const fanoutOptions: FanoutOptions = {
  clients: positive('clients'),
  updates: positive('updates'),
  intervalMs: positive('interval-ms'),
  processes: positive('processes'),
  connectConcurrency: positive('connect-concurrency'),
  connectTimeoutMs: 60_000,
  keepaliveSeconds: 60,
  rampTimeoutMs: 120_000,
  drainTimeoutMs: 30_000,
  timeoutMs: 0,
  ...(broker === 'embedded'
    ? {}
    : { createBroker: () => createVariantBroker(broker as BrokerVariant), brokerLabel: `bench variant ${broker}` }),
};
// ramp + publishing + drain + a minute for process start and shutdown
fanoutOptions.timeoutMs =
  fanoutOptions.rampTimeoutMs + fanoutOptions.updates * fanoutOptions.intervalMs + fanoutOptions.drainTimeoutMs + 60_000;

// Last line of defence: whatever happens inside, the process ends and says why.
const hardLimitMs =
  (selected.includes('anew_list') ? anewOptions.timeoutMs : 0) +
  (selected.includes('fanout') ? fanoutOptions.timeoutMs : 0) +
  (selected.includes('match_page') ? matchPageOptions.timeoutMs : 0) +
  (selected.includes('forecast_unlock') ? 600_000 : 0) +
  (selected.includes('forecast_settle') ? 600_000 : 0) +
  (selected.includes('guessing_place') ? 600_000 : 0) +
  (selected.includes('guessing_settle') ? 1_800_000 : 0) +
  30_000;
setTimeout(() => {
  console.error(`bench: hard time limit of ${Math.round(hardLimitMs / 1000)} s reached, giving up`);
  process.exit(2);
}, hardLimitMs).unref();

function machine() {
  let commit: string | null = null;
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    commit = null;
  }
  return {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 1e8) / 10,
    /** 1-minute load average before and after: anything above ~0 means others shared the CPUs */
    loadAverage: { before: round2(os.loadavg()[0] ?? 0), after: 0 },
    commit,
    command: ['npm run bench', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' '),
  };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function write(name: string, content: object): string {
  const directory = new URL('./results/', import.meta.url);
  mkdirSync(directory, { recursive: true });
  const file = new URL(`${name}.json`, directory);
  const temporary = new URL(`${name}.json.tmp`, directory);
  writeFileSync(temporary, `${JSON.stringify(content, null, 2)}\n`);
  renameSync(temporary, file);
  return `bench/results/${name}.json`;
}

async function runOne<T>(name: string, parameters: object, body: () => Promise<T>): Promise<{ result?: T; error?: string; file: string }> {
  const facts = machine();
  const started = Date.now();
  process.stdout.write(`\n▶ ${name} ${JSON.stringify(parameters)}\n`);
  try {
    const result = await body();
    facts.loadAverage.after = round2(os.loadavg()[0] ?? 0);
    const file = write(name, { name, ok: true, machine: facts, parameters, seconds: (Date.now() - started) / 1000, result });
    return { result, file };
  } catch (error) {
    facts.loadAverage.after = round2(os.loadavg()[0] ?? 0);
    const message = error instanceof Error ? error.message : String(error);
    const file = write(name, { name, ok: false, machine: facts, parameters, seconds: (Date.now() - started) / 1000, error: message });
    console.error(`✖ ${name} failed: ${message}`);
    return { error: message, file };
  }
}

const rows: string[][] = [];
let failed = false;

if (selected.includes('anew_list')) {
  const { timeoutMs: _timeout, ...parameters } = anewOptions;
  const { result, error, file } = await runOne<AnewListResult>('anew_list', { ...parameters, route: 'GET /api/match_recent/anew_list?day=<day>', matches: 1000 }, () =>
    benchAnewList(anewOptions),
  );
  if (result) {
    const line = (label: string, figures: AnewListResult['real']) => [
      'anew_list',
      label,
      `${figures.requestsPerSecond} req/s`,
      `p99 ${figures.latencyMs.p99} ms`,
      `server CPU ${figures.serverCpuPercent}% (${figures.serverCpuMsPerRequest} ms/req)`,
    ];
    rows.push(line(`real (${result.matchesInList} matches, ${Math.round(result.bodyBytes / 1024)} KiB)`, result.real));
    rows.push(line('bare Fastify, same bytes', result.bare));
    if (result.bareString) rows.push(line('bare Fastify, same JSON as string', result.bareString));
    rows.push([
      'anew_list',
      'real ÷ bare',
      `${Math.round(result.ratio * 1000) / 10}%`,
      `target ≥ ${result.target.minRatio * 100}%`,
      result.target.met ? 'MET' : 'NOT MET',
    ]);
  } else {
    failed = true;
    rows.push(['anew_list', 'FAILED', error ?? '', '', '']);
  }
  rows.push(['', `→ ${file}`, '', '', '']);
}

if (selected.includes('match_page')) {
  const { timeoutMs: _timeout, ...parameters } = matchPageOptions;
  const routes = { overview: 'GET /api/match/football/:id/overview', page: 'GET /football/Details/:id (SSR)' };
  const { result, error, file } = await runOne<MatchPageResult>('match_page', { ...parameters, ...routes }, () => benchMatchPage(matchPageOptions));
  if (result) {
    const line = (label: string, figures: MatchPageResult['overviewLive']) => [
      'match_page',
      label,
      `${figures.requestsPerSecond} req/s`,
      `p99 ${figures.latencyMs.p99} ms`,
      `server CPU ${figures.serverCpuPercent}% (${figures.serverCpuMsPerRequest} ms/req)`,
    ];
    rows.push(line(`overview API, finished match (${Math.round(result.bodyBytes.overviewFinished / 1024)} KiB)`, result.overviewFinished));
    rows.push(line(`overview API, live match (${Math.round(result.bodyBytes.overviewLive / 1024)} KiB)`, result.overviewLive));
    rows.push(line('SSR match page, finished match', result.pageFinished));
    rows.push(line(`SSR match page, live match (${Math.round(result.bodyBytes.pageLive / 1024)} KiB)`, result.pageLive));
  } else {
    failed = true;
    rows.push(['match_page', 'FAILED', error ?? '', '', '']);
  }
  rows.push(['', `→ ${file}`, '', '', '']);
}

if (selected.includes('fanout')) {
  const { createBroker: _create, timeoutMs: _timeout, brokerLabel: _label, ...parameters } = fanoutOptions;
  const name = broker === 'embedded' ? 'fanout' : `fanout-${broker}`;
  const { result, error, file } = await runOne<FanoutResult>(name, { ...parameters, broker }, () => benchFanout(fanoutOptions));
  if (result) {
    rows.push([
      name,
      `${result.subscribed}/${result.clients} clients, ${result.updates} updates every ${result.intervalMs} ms`,
      `delivered ${Math.round(result.deliveredShare * 10_000) / 100}%`,
      `p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, max ${result.latencyMs.max} ms`,
      `connect ${result.connectSeconds.toFixed(1)} s`,
    ]);
    rows.push([
      name,
      'CPU during publishing (% of a core)',
      `broker ${result.cpuPercent.broker}%`,
      `clients ${result.cpuPercent.clients.join('/')}%`,
      `publish→written p50 ${result.brokerPublishMs.p50} ms`,
    ]);
    rows.push([
      name,
      'target p99 ≤ 250 ms, 100% delivered',
      result.target.met ? 'MET' : 'NOT MET',
      result.failure ?? '',
      '',
    ]);
  } else {
    failed = true;
    rows.push([name, 'FAILED', error ?? '', '', '']);
  }
  rows.push(['', `→ ${file}`, '', '', '']);
}

if (selected.includes('forecast_unlock')) {
  const buyers = positive('buyers');
  for (const kind of DATABASE_KINDS) {
    const name = `forecast_unlock-${kind}`;
    const parameters = { kind, buyers, concurrency: 16, route: 'unlockPlan (ledger debit, seller credit, house row, plan counters)' };
    const { result, error, file } = await runOne<ForecastUnlockResult>(name, parameters, () => benchForecastUnlock({ kind, buyers, concurrency: 16 }));
    if (result) {
      rows.push([name, `one hot plan, ${result.hotPlan.operations} buyers`, `${result.hotPlan.perSecond} unlocks/s`, `${Math.round(result.ratioHotToBaseline * 1000) / 10}% of bare`, '']);
      rows.push([name, `${result.manyPlans.operations} plans, one buyer each`, `${result.manyPlans.perSecond} unlocks/s`, `${Math.round(result.ratioManyToBaseline * 1000) / 10}% of bare`, '']);
      rows.push([name, 'bare: one INSERT per transaction', `${result.baseline.perSecond} tx/s`, '', '']);
    } else {
      failed = true;
      rows.push([name, 'FAILED', error ?? '', '', '']);
    }
    rows.push(['', `→ ${file}`, '', '', '']);
  }
}

if (selected.includes('forecast_settle')) {
  const plans = positive('plans');
  for (const kind of DATABASE_KINDS) {
    const name = `forecast_settle-${kind}`;
    const { result, error, file } = await runOne<ForecastSettleResult>(name, { kind, plans, route: 'forecast-settlement subscriber, one match_finished delivery' }, () =>
      benchForecastSettle({ kind, plans }),
    );
    if (result) {
      rows.push([name, `settle ${result.plans} plans after one match`, `${result.settleMs} ms (delivery ${result.deliveryMs} ms)`, `${result.perPlanUs} µs/plan`, '']);
      rows.push([name, 'bare: one UPDATE per plan / one UPDATE of all', `${result.baseline.updatePerPlanMs} ms / ${result.baseline.singleUpdateMs} ms`, '', '']);
    } else {
      failed = true;
      rows.push([name, 'FAILED', error ?? '', '', '']);
    }
    rows.push(['', `→ ${file}`, '', '', '']);
  }
}

if (selected.includes('guessing_place')) {
  const bets = positive('bets');
  for (const kind of DATABASE_KINDS) {
    const name = `guessing_place-${kind}`;
    const parameters = { kind, bets, bettors: 200, concurrency: 16, route: 'placeBet (pricing, row lock, daily cap, bet + legs, stake debit, house row)' };
    const { result, error, file } = await runOne<GuessingPlaceResult>(name, parameters, () => benchGuessingPlace({ kind, bets, bettors: 200, concurrency: 16 }));
    if (result) {
      rows.push([name, `${result.placements.operations} bets by ${result.bettors} bettors`, `${result.placements.perSecond} bets/s`, `${Math.round(result.ratioToBaseline * 1000) / 10}% of bare`, '']);
      rows.push([name, 'bare: one INSERT per transaction', `${result.baseline.perSecond} tx/s`, '', '']);
    } else {
      failed = true;
      rows.push([name, 'FAILED', error ?? '', '', '']);
    }
    rows.push(['', `→ ${file}`, '', '', '']);
  }
}

if (selected.includes('guessing_settle')) {
  const bets = positive('settle-bets');
  const matchCount = positive('settle-matches');
  for (const kind of DATABASE_KINDS) {
    const name = `guessing_settle-${kind}`;
    const parameters = { kind, bets, matches: matchCount, route: 'guessing-settlement subscriber, one match_finished delivery per match' };
    const { result, error, file } = await runOne<GuessingSettleResult>(name, parameters, () => benchGuessingSettle({ kind, bets, matches: matchCount }));
    if (result) {
      rows.push([
        name,
        `settle ${result.bets} bets (${result.parlays} parlays, ${result.paid} paid) after ${result.matches} matches`,
        `${result.settleMs} ms (deliveries ${result.deliveryMs} ms)`,
        `${result.perBetUs} µs/bet`,
        '',
      ]);
      rows.push([name, 'bare: one UPDATE per bet', `${result.baseline.updatePerBetMs} ms`, '', '']);
    } else {
      failed = true;
      rows.push([name, 'FAILED', error ?? '', '', '']);
    }
    rows.push(['', `→ ${file}`, '', '', '']);
  }
}

const widths = rows[0]?.map((_cell, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
process.stdout.write('\n');
for (const row of rows) process.stdout.write(`${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd()}\n`);
process.stdout.write(`\nmachine: ${os.cpus().length} CPUs, node ${process.version}, load average now ${round2(os.loadavg()[0] ?? 0)}\n`);
process.exit(failed ? 1 : 0);
