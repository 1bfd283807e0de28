// page_load: what a signed-out reader's page costs under load — the home page `/`, `/football`
// and the page of a live match — each loaded by autocannon (10 connections) from this process,
// next to a bare server answering the same URL with the same bytes and headers, in the same
// run, measured the same way, with compression offered (`Accept-Encoding: br, gzip`) and
// without (no Accept-Encoding). Target: the real server reaches at least half the bare one's
// requests/s.
//
// The real server is the production server (bench/support/page-load-server.ts: server/start.ts's
// startTribun with NODE_ENV=production, the demo day of the simulator, a live match replayed
// from StatsBomb data, the built web app), with its anonymous page cache and compression as
// `npm start` has them; then once more with the page cache off (PAGE_CACHE_TTL_MS=0), when the
// server knows that setting. The bare server (bench/support/bare-page-server.ts) is a plain
// node:http server in its own process sending what the real one answered to each request form —
// the compressed bytes when compression was offered and the real server compressed — so it
// does no work at all. Each server runs in its own process; their CPU time and RSS are read
// over IPC around each measurement.
//
// Also recorded, per page of the site: the HTML's bytes as served (plain, gzip, br), its
// initial JavaScript (e2e/support/initial-js.ts, shared with the bundle budget test) plain,
// gzip -9 and brotli -11, and the page texts the HTML carries for hydration.
import { fork, type ChildProcess } from 'node:child_process';
import type { BareServerToParent, CapturedPage, ParentToBareServer } from './support/bare-page-server';
import { snapshotBuild } from './support/build-snapshot';
import { getRaw, headerOf, toCaptured, type RawAnswer } from './support/capture-page';
import { measureInitialJs, pageTextsSize, type InitialJs, type ScriptSize } from '../e2e/support/initial-js';
import type { DayCounts, PageLoadServerToParent } from './support/page-load-server';
import { readStartScript } from './support/soak-server';
import { loadRoute, nextMessage, round, stopServer, type RouteFigures } from './support/server-process';

export interface PageLoadOptions {
  durationSeconds: number;
  warmupSeconds: number;
  /** autocannon connections per measurement (the figure: 10) */
  connections: number;
  /** also measure the real server with its page cache off */
  cacheOff: boolean;
  timeoutMs: number;
}

/** How the requests ask: compression offered (`Accept-Encoding: br, gzip`) or not (no header). */
export type EncodingMode = 'offered' | 'none';
export const OFFERED_ENCODINGS = 'br, gzip';

export type PageFigures = RouteFigures;

export interface PageComparison {
  page: string;
  path: string;
  mode: EncodingMode;
  /** what the real server answered this request form with */
  contentEncoding: string | null;
  /** how the real server framed the body; the bare one always sends Content-Length */
  realFraming: 'content-length' | 'chunked';
  /** the real server's headers, as the bare one sends them (hop-by-hop ones and Date left out) */
  headers: Array<[string, string]>;
  bodyBytes: number;
  real: PageFigures;
  bare: PageFigures;
  /** real requests/s ÷ bare requests/s */
  ratio: number;
  /** the same page on the real server with its page cache off (PAGE_CACHE_TTL_MS=0) */
  realCacheOff?: PageFigures;
  ratioCacheOff?: number;
}

export interface PageBytes {
  path: string;
  status: number;
  html: { raw: number; gzip: number | null; br: number | null };
  initialJs: InitialJs;
  /** the translations inlined for hydration (part of the HTML above), plain / gzip -9 / brotli -11 */
  pageTexts: Omit<ScriptSize, 'url'>;
}

export interface PageLoadResult {
  server: {
    start: string;
    origin: string;
    startSeconds: number;
    day: DayCounts;
    liveMatch: { id: number; path: string; events: number; home: string; away: string };
    /** the page cache as start.ts configures it by default: PAGE_CACHE_TTL_MS (null: the server has no such setting) */
    pageCacheTtlMs: number | null;
  };
  cacheOff: { measured: boolean; note: string };
  pages: PageComparison[];
  bytes: PageBytes[];
  target: { minRatio: number; met: boolean; below: string[] };
}

const TARGET_RATIO = 0.5;
const PAGE_CACHE_SETTING = 'PAGE_CACHE_TTL_MS';

/** The real server: page-load-server.ts, started as `npm start` would be, serving the web build in `buildDir`. */
export async function startPageServer(
  buildDir: string,
  extraEnv: Record<string, string> = {},
): Promise<{
  child: ChildProcess;
  ready: Extract<PageLoadServerToParent, { type: 'ready' }>;
}> {
  // As `npm start` runs it: its node flags and environment (heap limit, malloc arenas; decision 086).
  const start = readStartScript();
  const child = fork(new URL('./support/page-load-server.ts', import.meta.url).pathname, [], {
    // e.g. BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile the server
    execArgv: ['--import', 'tsx', ...start.nodeArgs, ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    // As deployed: React renders with its production build.
    env: {
      ...process.env,
      ...start.env,
      NODE_ENV: 'production',
      BENCH_BUILD_DIR: buildDir,
      PAGE_LOAD_SERVER_ENV: JSON.stringify(extraEnv),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const ready = await nextMessage<PageLoadServerToParent, 'ready'>(child, 'ready', 'page_load');
    return { child, ready };
  } catch (error) {
    await stopServer(child);
    throw error;
  }
}

export async function benchPageLoad(options: PageLoadOptions): Promise<PageLoadResult> {
  const children: ChildProcess[] = [];
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`page_load did not finish within ${options.timeoutMs / 1000} s`)), options.timeoutMs);
  });
  const build = await snapshotBuild();
  try {
    return await Promise.race([measure(options, build.dir, children), deadline]);
  } finally {
    clearTimeout(timer);
    await Promise.all(children.map((child) => stopServer(child)));
    await build.remove();
  }
}

function expectPage(answer: RawAnswer, url: string): void {
  if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}: ${answer.body.subarray(0, 200).toString()}`);
}

async function measure(options: PageLoadOptions, buildDir: string, children: ChildProcess[]): Promise<PageLoadResult> {
  const real = await startPageServer(buildDir);
  children.push(real.child);
  const { origin, liveMatch, pageCacheTtlMs } = real.ready;

  // The match page must be the real thing: the replayed match, live, rendered.
  const matchPage = await getRaw(`${origin}${liveMatch.path}`);
  expectPage(matchPage, liveMatch.path);
  if (!matchPage.body.toString().includes(liveMatch.home)) throw new Error(`the match page does not show ${liveMatch.home}`);

  const loaded = [
    { page: 'home', path: '/' },
    { page: 'football', path: '/football' },
    { page: 'live match', path: liveMatch.path },
  ];

  // What the real server answers to each request form, for the bare server to send back.
  const captured: CapturedPage[] = [];
  const framing = new Map<string, PageComparison['realFraming']>();
  const framingOf = (answer: RawAnswer) => (headerOf(answer, 'transfer-encoding') === 'chunked' ? 'chunked' : 'content-length');
  for (const { path } of loaded) {
    const plain = await getRaw(`${origin}${path}`);
    expectPage(plain, path);
    const offered = await getRaw(`${origin}${path}`, { 'accept-encoding': OFFERED_ENCODINGS });
    expectPage(offered, path);
    const encoding = headerOf(offered, 'content-encoding');
    captured.push({ url: path, identity: toCaptured(plain), ...(encoding ? { encoded: { ...toCaptured(offered), encoding } } : {}) });
    framing.set(`${path} none`, framingOf(plain));
    framing.set(`${path} offered`, framingOf(offered));
  }

  const bareChild = fork(new URL('./support/bare-page-server.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(bareChild);
  const bareReady = nextMessage<BareServerToParent, 'ready'>(bareChild, 'ready', 'bare page');
  bareChild.send({ type: 'serve', pages: captured } satisfies ParentToBareServer);
  const bareOrigin = (await bareReady).origin;

  // The bare server must send what the real one sent, byte for byte.
  for (const page of captured) {
    const plain = await getRaw(`${bareOrigin}${page.url}`);
    const offered = await getRaw(`${bareOrigin}${page.url}`, { 'accept-encoding': OFFERED_ENCODINGS });
    if (plain.body.toString('base64') !== page.identity.bodyBase64 || offered.body.toString('base64') !== (page.encoded ?? page.identity).bodyBase64) {
      throw new Error(`the bare server does not send the captured bytes of ${page.url}`);
    }
  }

  const bytes = await measureBytes(origin, liveMatch.path);

  const pages: PageComparison[] = [];
  for (const [index, { page, path }] of loaded.entries()) {
    const capture = captured[index]!;
    for (const mode of ['offered', 'none'] as const) {
      const headers: Record<string, string> = mode === 'offered' ? { 'accept-encoding': OFFERED_ENCODINGS } : {};
      const load = { ...options, headers };
      const realFigures = await loadPage(real.child, `${origin}${path}`, load, 'page_load');
      const bareFigures = await loadPage(bareChild, `${bareOrigin}${path}`, load, 'bare page');
      const answer = mode === 'offered' ? (capture.encoded ?? capture.identity) : capture.identity;
      pages.push({
        page,
        path,
        mode,
        contentEncoding: mode === 'offered' ? (capture.encoded?.encoding ?? null) : null,
        realFraming: framing.get(`${path} ${mode}`) ?? 'content-length',
        headers: answer.headers,
        bodyBytes: Buffer.byteLength(answer.bodyBase64, 'base64'),
        real: realFigures,
        bare: bareFigures,
        ratio: round(realFigures.requestsPerSecond / bareFigures.requestsPerSecond, 3),
      });
    }
  }
  await stopServer(real.child);

  let cacheOff: PageLoadResult['cacheOff'];
  if (!options.cacheOff) {
    cacheOff = { measured: false, note: 'not asked for (--page-cache-off not given)' };
  } else if (pageCacheTtlMs === null) {
    cacheOff = { measured: false, note: `the server has no ${PAGE_CACHE_SETTING} setting: nothing to turn off` };
  } else {
    const uncached = await startPageServer(buildDir, { [PAGE_CACHE_SETTING]: '0' });
    children.push(uncached.child);
    if (uncached.ready.pageCacheTtlMs !== 0) throw new Error(`${PAGE_CACHE_SETTING}=0 left the page cache at ${uncached.ready.pageCacheTtlMs} ms`);
    const paths = new Map(loaded.map(({ path }) => [path, path === liveMatch.path ? uncached.ready.liveMatch.path : path]));
    for (const comparison of pages) {
      const headers: Record<string, string> = comparison.mode === 'offered' ? { 'accept-encoding': OFFERED_ENCODINGS } : {};
      const figures = await loadPage(uncached.child, `${uncached.ready.origin}${paths.get(comparison.path)}`, { ...options, headers }, 'page_load');
      comparison.realCacheOff = figures;
      comparison.ratioCacheOff = round(figures.requestsPerSecond / comparison.bare.requestsPerSecond, 3);
    }
    await stopServer(uncached.child);
    cacheOff = { measured: true, note: `a second real server with ${PAGE_CACHE_SETTING}=0, against the same bare figures` };
  }

  const below = pages.filter((comparison) => comparison.ratio < TARGET_RATIO).map((comparison) => `${comparison.page} (${comparison.mode})`);
  return {
    server: {
      start: 'server/start.ts startTribun, NODE_ENV=production, SIM on (speed 1), embedded PGlite and broker, a private copy of build/',
      origin,
      startSeconds: real.ready.startSeconds,
      day: real.ready.day,
      liveMatch,
      pageCacheTtlMs,
    },
    cacheOff,
    pages,
    bytes,
    target: { minRatio: TARGET_RATIO, met: below.length === 0, below },
  };
}

/** The pages whose weight is recorded: home in the three languages, the lists, a match, the two games. */
async function measureBytes(origin: string, matchPath: string): Promise<PageBytes[]> {
  const paths = ['/', '/en', '/zh', '/football', '/basketball', matchPath, '/forecast', '/guessing'];
  const result: PageBytes[] = [];
  // Pages share most of their scripts: each is fetched and compressed once.
  const scripts = new Map<string, ScriptSize>();
  for (const path of paths) {
    const plain = await getRaw(`${origin}${path}`);
    const served = async (encoding: string) => {
      const answer = await getRaw(`${origin}${path}`, { 'accept-encoding': encoding });
      return headerOf(answer, 'content-encoding') === encoding ? answer.body.length : null;
    };
    result.push({
      path,
      status: plain.status,
      html: { raw: plain.body.length, gzip: await served('gzip'), br: await served('br') },
      initialJs: await measureInitialJs(plain.body.toString(), origin, scripts),
      pageTexts: pageTextsSize(plain.body.toString()),
    });
  }
  return result;
}

function loadPage(
  child: ChildProcess,
  url: string,
  options: PageLoadOptions & { headers: Record<string, string> },
  label: string,
): Promise<PageFigures> {
  return loadRoute(child, url, { ...options, label });
}
