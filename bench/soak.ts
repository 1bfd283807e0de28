// soak: the production server's resident memory (RSS) under ten minutes of mixed load (issue 14,
// "Memory": 1.3 GB after a few thousand page renders; target: steady-state RSS ≤ 512 MB).
//
// The server is started as `npm start` starts it (bench/support/soak-server.ts: NODE_ENV=
// production, server/main.ts under tsx, the simulator on and playing today's matches, the built
// web app, a fresh PGlite directory in /tmp/soak-*), then loaded for `minutes` by `connections`
// closed loops from this process with the mix of bench/support/soak-load.ts (signed-out and
// signed-in pages in three languages, API reads, sitemap, assets, 404s). Every 5 s the server's
// VmRSS and VmHWM are read from /proc/<pid>/status and its CPU time from /proc/<pid>/stat; with
// `probe` the server also carries bench/support/soak-probe.ts, which adds V8 heap, external,
// ArrayBuffer and WebAssembly (PGlite) memory to each sample.
//
// Summary: RSS at 1, 5 and 10 minutes of load, steady state = the median of the last two
// minutes' samples, the maximum, and whether the steady state is within the target.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ProbeLine } from './support/soak-probe';
import { signInFans } from './support/soak-fans';
import { LOAD_KINDS, startLoad, type KindFigures, type LoadKind, type LoadPools } from './support/soak-load';
import { readProcessMemory, startSoakServer, type SoakServer } from './support/soak-server';
import { percentile } from './support/stats';

export interface SoakOptions {
  minutes: number;
  connections: number;
  /** preload the diagnostic probe into the server (V8 heap, external, WebAssembly memory) */
  probe: boolean;
  /** extra node flags for the server process, e.g. --max-old-space-size=256 (experiments) */
  nodeArgs: string[];
  /** extra environment for the server, e.g. {SIM: 'off'} (experiments) */
  env: Record<string, string>;
  sampleSeconds: number;
  timeoutMs: number;
}

export interface SoakSample {
  /** seconds since the load started (negative: before it) */
  t: number;
  rssMb: number;
  hwmMb: number;
  /** requests/s over the last sample interval */
  requestsPerSecond: number;
  /** server CPU over the last sample interval, % of one core */
  serverCpuPercent: number;
  errors: number;
  unexpected: number;
  probe?: Omit<ProbeLine, 'at' | 'spaces' | 'heapLimitMb'> & { oldSpaceMb: number; newSpaceMb: number; codeMb: number };
}

export interface SoakResult {
  server: {
    /** package.json's start script, whose environment and node flags the server got */
    startScript: string;
    startSeconds: number;
    /** node flags and environment beyond the start script's (experiments) */
    nodeArgs: string[];
    env: Record<string, string>;
    /** V8's heap limit as the probe read it (with --soak-probe) */
    heapLimitMb: number | null;
  };
  pools: { footballMatches: number; basketballMatches: number; fans: number; assets: number };
  minutes: number;
  connections: number;
  requests: { total: number; perSecond: number; errors: number; non2xx: number; unexpected: number; byKind: Record<LoadKind, KindFigures> };
  unexpectedExamples: string[];
  rssMb: {
    beforeLoad: number;
    at1min: number | null;
    at5min: number | null;
    at10min: number | null;
    /** median of the samples of the last two minutes of load */
    steadyState: number;
    max: number;
    /** VmHWM at the end: the peak the kernel saw */
    hwm: number;
  };
  /** the probe's figures at the end of the load (with --soak-probe) */
  splitAtEnd: SoakSample['probe'] | null;
  target: { steadyStateMaxMb: number; met: boolean };
  series: SoakSample[];
}

const TARGET_MB = 512;

async function json<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

function matchIds(body: unknown): number[] {
  const ids = new Set<number>();
  for (const [, id] of JSON.stringify(body).matchAll(/"match_id":(\d+)/g)) ids.add(Number(id));
  return [...ids];
}

/** Built JavaScript and CSS files of the served build, as /assets/… paths (a few dozen at most). */
function listAssets(clientDir: string): string[] {
  const folder = path.join(clientDir, 'assets');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.js') || name.endsWith('.css'))
    .slice(0, 60)
    .map((name) => `/assets/${name}`);
}

function lastProbeLine(file: string | null): ProbeLine | null {
  if (!file || !existsSync(file)) return null;
  const lines = readFileSync(file, 'utf8').trim().split('\n');
  const last = lines.at(-1);
  return last ? (JSON.parse(last) as ProbeLine) : null;
}

function toSampleProbe(line: ProbeLine): NonNullable<SoakSample['probe']> {
  const { at: _at, spaces, heapLimitMb: _limit, ...rest } = line;
  return {
    ...rest,
    oldSpaceMb: spaces.old_space?.sizeMb ?? 0,
    newSpaceMb: spaces.new_space?.sizeMb ?? 0,
    codeMb: spaces.code_space?.sizeMb ?? 0,
  };
}

function nearest(series: readonly SoakSample[], t: number): number | null {
  if (series.length === 0 || (series.at(-1)?.t ?? 0) < t - 5) return null;
  let best: SoakSample | undefined;
  for (const sample of series) if (!best || Math.abs(sample.t - t) < Math.abs(best.t - t)) best = sample;
  return best?.rssMb ?? null;
}

export async function benchSoak(options: SoakOptions): Promise<SoakResult> {
  const server = await startSoakServer({
    probe: options.probe,
    nodeArgs: options.nodeArgs,
    env: options.env,
    fans: 3,
    healthTimeoutMs: 240_000,
  });
  try {
    return await soak(server, options);
  } catch (error) {
    const tail = server.stderrTail().trim();
    throw new Error(`${error instanceof Error ? error.message : String(error)}${tail ? `\nserver stderr:\n${tail}` : ''}`);
  } finally {
    await server.stop();
  }
}

async function soak(server: SoakServer, options: SoakOptions): Promise<SoakResult> {
  const { origin } = server;
  const football = await json<{ data: unknown }>(`${origin}/api/match_recent/anew_list`);
  const basketball = await json<{ data: unknown }>(`${origin}/api/basketball`);
  const pools: LoadPools = {
    footballIds: matchIds(football.data),
    basketballIds: matchIds(basketball.data),
    sessions: await signInFans(origin, server.fans),
    assets: listAssets(server.clientDir),
  };
  if (pools.footballIds.length === 0) throw new Error('no football matches today: the simulator did not write the day');

  const series: SoakSample[] = [];
  const beforeLoad = readProcessMemory(server.pid);
  if (!beforeLoad) throw new Error('the server process is gone');
  series.push({ t: 0, rssMb: beforeLoad.rssMb, hwmMb: beforeLoad.hwmMb, requestsPerSecond: 0, serverCpuPercent: 0, errors: 0, unexpected: 0 });

  const load = startLoad({ origin, connections: options.connections, pools });
  const startedAt = Date.now();
  const endsAt = startedAt + options.minutes * 60_000;
  let previous = { at: startedAt, requests: 0, cpuSeconds: beforeLoad.cpuSeconds };
  let serverGone = false;
  while (Date.now() < endsAt) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(options.sampleSeconds * 1000, Math.max(0, endsAt - Date.now()))));
    const memory = readProcessMemory(server.pid);
    if (!memory) {
      serverGone = true;
      break;
    }
    const now = Date.now();
    const totals = load.total();
    const seconds = (now - previous.at) / 1000;
    const probe = lastProbeLine(server.probeFile);
    series.push({
      t: Math.round((now - startedAt) / 1000),
      rssMb: memory.rssMb,
      hwmMb: memory.hwmMb,
      requestsPerSecond: Math.round((totals.requests - previous.requests) / seconds),
      serverCpuPercent: Math.round(((memory.cpuSeconds - previous.cpuSeconds) / seconds) * 100),
      errors: totals.errors,
      unexpected: totals.unexpected,
      ...(probe ? { probe: toSampleProbe(probe) } : {}),
    });
    previous = { at: now, requests: totals.requests, cpuSeconds: memory.cpuSeconds };
    if (series.length % 12 === 1) {
      const last = series.at(-1);
      process.stdout.write(
        `  soak ${Math.round((now - startedAt) / 1000)} s: RSS ${last?.rssMb} MB, ${last?.requestsPerSecond} req/s, ${totals.errors} errors, ${totals.unexpected} unexpected` +
          (last?.probe ? `, heap ${last.probe.heapUsedMb}/${last.probe.heapTotalMb} MB, external ${last.probe.externalMb} MB, wasm ${last.probe.wasmMb} MB` : '') +
          '\n',
      );
    }
  }
  const elapsedSeconds = (Date.now() - startedAt) / 1000;
  const byKind = await load.stop();
  if (serverGone) throw new Error(`the server process exited during the soak (after ${Math.round(elapsedSeconds)} s)`);

  const loaded = series.filter((sample) => sample.t > 0);
  const lastSeconds = Math.max(...loaded.map((sample) => sample.t));
  const steadyWindow = loaded.filter((sample) => sample.t >= lastSeconds - 120).map((sample) => sample.rssMb).sort((a, b) => a - b);
  const steadyState = percentile(steadyWindow, 50);
  let total = 0;
  let errors = 0;
  let non2xx = 0;
  let unexpected = 0;
  for (const kind of LOAD_KINDS) {
    total += byKind[kind].requests;
    errors += byKind[kind].errors;
    non2xx += byKind[kind].non2xx;
    unexpected += byKind[kind].unexpected;
  }
  const lastProbe = lastProbeLine(server.probeFile);
  return {
    server: { startScript: server.start.script, startSeconds: server.startSeconds, nodeArgs: options.nodeArgs, env: options.env, heapLimitMb: lastProbe?.heapLimitMb ?? null },
    pools: { footballMatches: pools.footballIds.length, basketballMatches: pools.basketballIds.length, fans: pools.sessions.length, assets: pools.assets.length },
    minutes: options.minutes,
    connections: options.connections,
    requests: { total, perSecond: Math.round(total / elapsedSeconds), errors, non2xx, unexpected, byKind },
    unexpectedExamples: load.examples(),
    rssMb: {
      beforeLoad: beforeLoad.rssMb,
      at1min: nearest(loaded, 60),
      at5min: nearest(loaded, 300),
      at10min: nearest(loaded, 600),
      steadyState,
      max: Math.max(...series.map((sample) => sample.rssMb)),
      hwm: series.at(-1)?.hwmMb ?? 0,
    },
    splitAtEnd: lastProbe ? toSampleProbe(lastProbe) : null,
    target: { steadyStateMaxMb: TARGET_MB, met: steadyState <= TARGET_MB },
    series,
  };
}
