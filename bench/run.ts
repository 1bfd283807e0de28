// `npm run bench`: runs the benchmarks, writes bench/results/<name>.json, prints a short table.
//
//   npm run bench                                   all of them, default parameters
//   npm run bench -- --only anew_list               one of them (anew_list | fanout | match_page | page_load | lighthouse |
//                                                   forecast_unlock | forecast_settle | guessing_place | guessing_settle)
//   npm run bench -- --only fanout                  10,000 live clients: embedded broker, then the machine's Mosquitto
//   npm run bench -- --only fanout --clients 1000 --updates 20 --brokers embedded   smaller, one broker
//   npm run bench -- --only fanout --broker raw-frame   a bench-local experiment in place of the embedded broker
//   npm run bench -- --only page_load --duration 5 --warmup 2   pages next to a bare server, shorter
//   npm run bench -- --only lighthouse --lighthouse-runs 3      Lighthouse scores, median of 3
//   npm run bench -- --only soak --soak-minutes 2               server RSS under mixed load (10 min by default)
//   npm run bench -- --only community_feeds                     hot list, following feed, latest, weekly and a like storm
//                    [--feed-posts N] [--feed-likes N] [--feed-iterations N] [--feed-likers N]   on 100,000 posts / 1,000,000 likes
//                    [--soak-probe] [--soak-connections N] [--soak-node-args '--max-old-space-size=256'] [--soak-env SIM=off,…]
//
// Other flags: --duration S --warmup S --connections N --anew-variants (anew_list);
// --updates N --interval-ms MS --processes N --connect-concurrency N --brokers embedded,mosquitto (fanout); --buyers N (forecast_unlock);
// --plans N (forecast_settle); --bets N (guessing_place); --settle-bets N --settle-matches N (guessing_settle);
// --page-connections N --no-page-cache-off (page_load, which also takes --duration and --warmup);
// --lighthouse-runs N (lighthouse).
// The forecast, guessing and community_feeds benches run on PGlite and on PostgreSQL (TEST_DATABASE_URL).
// page_load and lighthouse start the production server (server/start.ts) with the demo day and
// need the web build (`npm run build`); lighthouse drives Debian's Chromium (CHROMIUM_PATH,
// /usr/bin/chromium by default).
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { benchAnewList, type AnewListOptions, type AnewListResult } from './anew-list';
import { benchCommunityFeeds, type CommunityFeedsResult, type PageFigures as FeedPageFigures } from './community-feeds';
import { FANOUT_BROKERS, benchFanout, fanoutRows, type FanoutBroker, type FanoutOptions, type FanoutResult } from './fanout';
import { benchForecastSettle, type ForecastSettleResult } from './forecast-settle';
import { benchForecastUnlock, type ForecastUnlockResult } from './forecast-unlock';
import { benchGuessingPlace, type GuessingPlaceResult } from './guessing-place';
import { benchGuessingSettle, type GuessingSettleResult } from './guessing-settle';
import { benchLighthouse, type LighthouseOptions, type LighthouseResult } from './lighthouse';
import { benchMatchPage, type MatchPageOptions, type MatchPageResult } from './match-page';
import { benchPageLoad, type PageFigures, type PageLoadOptions, type PageLoadResult } from './page-load';
import { benchSoak, type SoakOptions, type SoakResult } from './soak';
import { BROKER_VARIANTS, type BrokerVariant } from './support/broker-variants';

const BENCHES = ['anew_list', 'fanout', 'match_page', 'page_load', 'lighthouse', 'forecast_unlock', 'forecast_settle', 'guessing_place', 'guessing_settle', 'soak', 'community_feeds'] as const;
const DATABASE_KINDS = ['pglite', 'postgres'] as const;
type BenchName = (typeof BENCHES)[number];

const { values: flags } = parseArgs({
  options: {
    only: { type: 'string' },
    clients: { type: 'string', default: '10000' },
    updates: { type: 'string', default: '100' },
    // 2.5 updates/s: the simulator's busiest minute (9 football updates for a 64-match day)
    // scaled to a 1,000-match day is ~140 updates/min.
    'interval-ms': { type: 'string', default: '400' },
    processes: { type: 'string', default: '2' },
    'connect-concurrency': { type: 'string', default: '50' },
    broker: { type: 'string', default: 'embedded' },
    brokers: { type: 'string', default: FANOUT_BROKERS.join(',') },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    'anew-variants': { type: 'boolean', default: false },
    buyers: { type: 'string', default: '1000' },
    plans: { type: 'string', default: '10000' },
    bets: { type: 'string', default: '2000' },
    'settle-bets': { type: 'string', default: '100000' },
    'settle-matches': { type: 'string', default: '10' },
    // The issue's load for a page: 10 connections.
    'page-connections': { type: 'string', default: '10' },
    'no-page-cache-off': { type: 'boolean', default: false },
    'lighthouse-runs': { type: 'string', default: '1' },
    // soak: the server's memory under mixed load (issue 14); node flags and env for experiments
    'soak-minutes': { type: 'string', default: '10' },
    'soak-connections': { type: 'string', default: '8' },
    'soak-probe': { type: 'boolean', default: false },
    'soak-node-args': { type: 'string', default: '' },
    'soak-env': { type: 'string', default: '' },
    // community_feeds: the issue's community (issue 25)
    'feed-posts': { type: 'string', default: '100000' },
    'feed-likes': { type: 'string', default: '1000000' },
    'feed-iterations': { type: 'string', default: '200' },
    'feed-likers': { type: 'string', default: '200' },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});

if (flags.help) {
  console.log(
    `usage: npm run bench -- [--only ${BENCHES.join('|')}] [--clients N] [--updates N] [--interval-ms MS]\n` +
      '  [--processes N] [--connect-concurrency N] [--broker embedded|' +
      BROKER_VARIANTS.join('|') +
      '] [--brokers embedded,mosquitto]\n  [--duration S] [--warmup S] [--connections N] [--anew-variants] [--buyers N] [--plans N]\n' +
      '  [--bets N] [--settle-bets N] [--settle-matches N] [--page-connections N] [--no-page-cache-off]\n' +
      '  [--lighthouse-runs N] [--feed-posts N] [--feed-likes N] [--feed-iterations N] [--feed-likers N]',
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
const fanoutBrokers = (flags.brokers ?? '').split(',').map((name) => name.trim()) as FanoutBroker[];
for (const name of fanoutBrokers) {
  if (!FANOUT_BROKERS.includes(name)) throw new Error(`--brokers takes ${FANOUT_BROKERS.join(',')}, got ${name}`);
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
const pageLoadOptions: PageLoadOptions = {
  durationSeconds: positive('duration'),
  warmupSeconds: Number(flags.warmup),
  connections: positive('page-connections'),
  cacheOff: !flags['no-page-cache-off'],
  timeoutMs: 0,
};
// 3 pages × 2 request forms × (real, bare, real without page cache), each warm-up + measure + a
// second of IPC; two server starts (history import, simulator's first pass) and the page weights.
pageLoadOptions.timeoutMs =
  3 * 2 * (pageLoadOptions.cacheOff ? 3 : 2) * (pageLoadOptions.durationSeconds + pageLoadOptions.warmupSeconds + 2) * 1000 + 300_000;
const lighthouseOptions: LighthouseOptions = { runs: positive('lighthouse-runs'), timeoutMs: 0 };
// 3 pages × 2 form factors × N runs of at most two minutes each (a throttled phone run takes ~30 s), and the server start.
lighthouseOptions.timeoutMs = 3 * 2 * lighthouseOptions.runs * 120_000 + 180_000;
const soakOptions: SoakOptions = {
  minutes: positive('soak-minutes'),
  connections: positive('soak-connections'),
  probe: flags['soak-probe'],
  nodeArgs: (flags['soak-node-args'] ?? '').split(' ').filter(Boolean),
  env: Object.fromEntries((flags['soak-env'] ?? '').split(',').filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)])),
  sampleSeconds: 5,
  timeoutMs: 0,
};
// the load, and five minutes for the build copy, the server start (history import, simulator) and stopping
soakOptions.timeoutMs = soakOptions.minutes * 60_000 + 300_000;
const fanoutOptions: FanoutOptions = {
  clients: positive('clients'),
  updates: positive('updates'),
  intervalMs: positive('interval-ms'),
  processes: positive('processes'),
  connectConcurrency: positive('connect-concurrency'),
  connectTimeoutMs: 60_000,
  keepaliveSeconds: 60,
  // 10,000 clients connect in ~70 s on this machine when others load it
  rampTimeoutMs: 180_000,
  // a broker behind by a minute (others taking the CPUs) still gets its deliveries counted
  drainTimeoutMs: 120_000,
  timeoutMs: 0,
  brokers: fanoutBrokers,
  ...(broker === 'embedded' ? {} : { variant: broker as BrokerVariant }),
};
// per broker: ramp + publishing + drain + a minute for process start and shutdown
fanoutOptions.timeoutMs =
  fanoutBrokers.length *
  (fanoutOptions.rampTimeoutMs + fanoutOptions.updates * fanoutOptions.intervalMs + fanoutOptions.drainTimeoutMs + 60_000);

// Last line of defence: whatever happens inside, the process ends and says why.
const hardLimitMs =
  (selected.includes('anew_list') ? anewOptions.timeoutMs : 0) +
  (selected.includes('fanout') ? fanoutOptions.timeoutMs : 0) +
  (selected.includes('match_page') ? matchPageOptions.timeoutMs : 0) +
  (selected.includes('page_load') ? pageLoadOptions.timeoutMs : 0) +
  (selected.includes('lighthouse') ? lighthouseOptions.timeoutMs : 0) +
  (selected.includes('forecast_unlock') ? 600_000 : 0) +
  (selected.includes('forecast_settle') ? 600_000 : 0) +
  (selected.includes('guessing_place') ? 600_000 : 0) +
  (selected.includes('guessing_settle') ? 1_800_000 : 0) +
  (selected.includes('soak') ? soakOptions.timeoutMs : 0) +
  (selected.includes('community_feeds') ? 2_400_000 : 0) +
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

if (selected.includes('page_load')) {
  const { timeoutMs: _timeout, ...parameters } = pageLoadOptions;
  const pages = { pages: 'GET / , /football, /football/Details/:id (live), signed out', acceptEncoding: "'br, gzip' (offered) | none" };
  const { result, error, file } = await runOne<PageLoadResult>('page_load', { ...parameters, ...pages }, () => benchPageLoad(pageLoadOptions));
  if (result) {
    const line = (label: string, figures: PageFigures) => [
      'page_load',
      label,
      `${figures.requestsPerSecond} req/s`,
      `p50 ${figures.latencyMs.p50} ms, p99 ${figures.latencyMs.p99} ms`,
      `CPU ${figures.serverCpuMsPerRequest} ms/req, RSS ${figures.serverRssMb} MB`,
    ];
    for (const comparison of result.pages) {
      const form = comparison.mode === 'offered' ? (comparison.contentEncoding ?? 'not compressed') : 'plain';
      const name = `${comparison.page} ${form} ${Math.round(comparison.bodyBytes / 1024)} KiB`;
      rows.push(line(`${name}: real`, comparison.real));
      rows.push(line(`${name}: bare`, comparison.bare));
      if (comparison.realCacheOff) rows.push(line(`${name}: real, no page cache`, comparison.realCacheOff));
      rows.push([
        'page_load',
        `${name}: real ÷ bare`,
        `${Math.round(comparison.ratio * 1000) / 10}%`,
        comparison.ratioCacheOff === undefined ? '' : `cache off ${Math.round(comparison.ratioCacheOff * 1000) / 10}%`,
        comparison.ratio >= result.target.minRatio ? 'MET' : 'NOT MET',
      ]);
    }
    for (const page of result.bytes) {
      const kib = (value: number | null) => (value === null ? '–' : `${Math.round(value / 102.4) / 10}`);
      rows.push([
        'page_load',
        `bytes ${page.path}`,
        `HTML ${kib(page.html.raw)}/${kib(page.html.gzip)}/${kib(page.html.br)} KiB`,
        `initial JS ${kib(page.initialJs.raw)}/${kib(page.initialJs.gzip9)}/${kib(page.initialJs.brotli11)} KiB`,
        `${page.initialJs.files} scripts (plain/gzip/br); page texts ${kib(page.pageTexts.brotli11)} KiB br`,
      ]);
    }
    if (!result.cacheOff.measured) rows.push(['page_load', 'page cache off', result.cacheOff.note, '', '']);
    rows.push([
      'page_load',
      `target real ≥ ${result.target.minRatio * 100}% of bare`,
      result.target.met ? 'MET' : 'NOT MET',
      `${result.target.below.length} of ${result.pages.length} below`,
      '',
    ]);
  } else {
    failed = true;
    rows.push(['page_load', 'FAILED', error ?? '', '', '']);
  }
  rows.push(['', `→ ${file}`, '', '', '']);
}

if (selected.includes('lighthouse')) {
  const { timeoutMs: _timeout, ...parameters } = lighthouseOptions;
  const { result, error, file } = await runOne<LighthouseResult>(
    'lighthouse',
    { ...parameters, pages: '/, /football, /football/Details/:id (live)', formFactors: 'mobile (default), desktop (preset)' },
    () => benchLighthouse(lighthouseOptions),
  );
  if (result) {
    for (const run of result.runs) {
      const ms = (value: number | null) => (value === null ? '–' : `${Math.round(value)} ms`);
      rows.push([
        'lighthouse',
        `${run.page} ${run.formFactor}`,
        `perf ${run.scores.performance ?? '–'} a11y ${run.scores.accessibility ?? '–'} bp ${run.scores['best-practices'] ?? '–'} seo ${run.scores.seo ?? '–'}`,
        `LCP ${ms(run.metrics.lcpMs)} TBT ${ms(run.metrics.tbtMs)} CLS ${run.metrics.cls ?? '–'}`,
        `${run.failingAudits.length} failing audits${run.runtimeError ? ` (${run.runtimeError})` : ''}`,
      ]);
    }
  } else {
    failed = true;
    rows.push(['lighthouse', 'FAILED', error ?? '', '', '']);
  }
  rows.push(['', `→ ${file}`, '', '', '']);
}

if (selected.includes('fanout')) {
  const { timeoutMs: _timeout, ...parameters } = fanoutOptions;
  const name = broker !== 'embedded' ? `fanout-${broker}` : fanoutBrokers.includes('embedded') ? 'fanout' : `fanout-${fanoutBrokers.join('-')}`;
  const { result, error, file } = await runOne<FanoutResult>(name, { ...parameters, broker }, () => benchFanout(fanoutOptions));
  if (result) {
    rows.push(...fanoutRows(name, result));
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

if (selected.includes('soak')) {
  const { timeoutMs: _timeout, sampleSeconds: _sample, ...parameters } = soakOptions;
  const mix = '40% signed-out pages, 10% signed-in pages, 40% API reads, 10% sitemap/assets/404s';
  const { result, error, file } = await runOne<SoakResult>('soak', { ...parameters, mix, server: 'NODE_ENV=production, as package.json start runs it, SIM=on' }, () =>
    benchSoak(soakOptions),
  );
  if (result) {
    const mb = (value: number | null) => (value === null ? '–' : `${value} MB`);
    rows.push([
      'soak',
      `${result.minutes} min, ${result.connections} connections, ${result.requests.perSecond} req/s`,
      `${result.requests.errors} errors, ${result.requests.unexpected} unexpected answers`,
      `RSS before ${mb(result.rssMb.beforeLoad)}, 1 min ${mb(result.rssMb.at1min)}, 5 min ${mb(result.rssMb.at5min)}, 10 min ${mb(result.rssMb.at10min)}`,
      `max ${mb(result.rssMb.max)}`,
    ]);
    const split = result.splitAtEnd;
    rows.push([
      'soak',
      `steady-state RSS ${result.rssMb.steadyState} MB (target ≤ ${result.target.steadyStateMaxMb} MB)`,
      result.target.met ? 'MET' : 'NOT MET',
      split ? `heap ${split.heapUsedMb}/${split.heapTotalMb} MB, external ${split.externalMb} MB, wasm ${split.wasmMb} MB` : '',
      '',
    ]);
  } else {
    failed = true;
    rows.push(['soak', 'FAILED', error ?? '', '', '']);
  }
  rows.push(['', `→ ${file}`, '', '', '']);
}

if (selected.includes('community_feeds')) {
  const posts = positive('feed-posts');
  const likes = positive('feed-likes');
  const iterations = positive('feed-iterations');
  const likers = positive('feed-likers');
  for (const kind of DATABASE_KINDS) {
    const name = `community_feeds-${kind}`;
    const parameters = { kind, posts, likes, iterations, likers, page: 20, reads: 'listHotPosts, listFollowingPosts (200 followed), listPosts, listWeekly as a signed-in fan; setPostLike storm' };
    const { result, error, file } = await runOne<CommunityFeedsResult>(name, parameters, () => benchCommunityFeeds({ kind, posts, likes, iterations, likers }));
    if (result) {
      const line = (label: string, figures: FeedPageFigures) => [
        name,
        label,
        `p50 ${figures.real.p50} ms, p99 ${figures.real.p99} ms`,
        `bare p50 ${figures.bare.p50} ms, p99 ${figures.bare.p99} ms`,
        `${figures.ratioP50}× bare`,
      ];
      rows.push([name, `seeded ${result.posts} posts, ${result.likes} likes, ${result.fans} fans in ${result.seedSeconds} s`, `hot ranks refreshed: ${result.rankedPosts} posts in ${result.refreshHotRanksMs} ms`, '', '']);
      rows.push(line('hot list, first page', result.hotFirst));
      rows.push(line('hot list, rows 1,001–1,020', result.hotDeep));
      rows.push(line('following feed (200 followed), first page', result.following));
      rows.push(line('latest, first page', result.latest));
      rows.push([name, `weekly ranking (${result.weekly.weekLikes} likes this week)`, `p50 ${result.weekly.real.p50} ms, p99 ${result.weekly.real.p99} ms`, '', '']);
      const storm = result.likeStorm;
      rows.push([name, `like storm: ${storm.likers} fans on one post at once`, `${storm.ms} ms`, `count +${storm.likeCount}, rows +${storm.likeRows}`, storm.exact ? 'EXACT' : 'NOT EXACT']);
      if (!storm.exact) failed = true;
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
