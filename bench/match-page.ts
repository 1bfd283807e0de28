// match_page: requests/s and p99 latency of a match's overview — GET
// /api/match/football/:id/overview — and of its server-rendered page — GET
// /football/Details/:id — on the real application with the built web app. Two real matches are
// replayed from StatsBomb open data into the embedded database first (bench/support/
// match-page-server.ts): one played to the end (final data: cached answers) and one stopped in
// the 70th minute (live: read fresh on every request). The server runs in its own process;
// autocannon loads it from this one.
import { fork, type ChildProcess } from 'node:child_process';
import { FootballOverviewDataSchema } from '../core/contracts/match-centre';
import type { MatchPageServerToParent } from './support/match-page-server';
import { loadRoute, nextMessage, withServerProcess, type RouteFigures } from './support/server-process';

export interface MatchPageOptions {
  durationSeconds: number;
  warmupSeconds: number;
  /** concurrent connections for the API routes; the SSR pages use a fifth of them (at least 5) */
  connections: number;
  timeoutMs: number;
}

export interface MatchPageResult {
  matches: { finished: number; live: number; events: { finished: number; live: number } };
  bodyBytes: { overviewFinished: number; overviewLive: number; pageLive: number };
  overviewFinished: RouteFigures;
  overviewLive: RouteFigures;
  pageFinished: RouteFigures;
  pageLive: RouteFigures;
}

export async function benchMatchPage(options: MatchPageOptions): Promise<MatchPageResult> {
  const child = fork(new URL('./support/match-page-server.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    // As deployed: React renders with its production build (the development build checks every
    // element and is several times slower).
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return withServerProcess(child, 'match_page', options.timeoutMs, () => measure(child, options));
}

async function bodyOf(url: string, check: (body: string) => void): Promise<number> {
  const response = await fetch(url);
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${body.slice(0, 200)}`);
  check(body);
  return Buffer.byteLength(body);
}

async function measure(child: ChildProcess, options: MatchPageOptions): Promise<MatchPageResult> {
  const ready = await nextMessage<MatchPageServerToParent, 'ready'>(child, 'ready', 'match_page');
  const overview = (id: number) => `${ready.origin}/api/match/football/${id}/overview`;
  const page = (id: number) => `${ready.origin}/football/Details/${id}`;

  // What is measured must be the real thing: full answers with the replayed timeline.
  const expectOverview = (status: number) => (body: string) => {
    const data = FootballOverviewDataSchema.parse((JSON.parse(body) as { data: unknown }).data);
    if (data.match.status_id !== status || data.events.length === 0 || data.stats === null) {
      throw new Error(`overview is not the replayed match (status ${data.match.status_id}, ${data.events.length} events)`);
    }
  };
  const expectPage = (body: string) => {
    if (!body.includes('<html') || !body.includes('Barcelona')) throw new Error('the match page did not render the match');
  };
  const bodyBytes = {
    overviewFinished: await bodyOf(overview(ready.finishedMatchId), expectOverview(8)),
    overviewLive: await bodyOf(overview(ready.liveMatchId), expectOverview(4)),
    pageLive: await bodyOf(page(ready.liveMatchId), expectPage),
  };
  await bodyOf(page(ready.finishedMatchId), expectPage);

  const api = { ...options, label: 'match_page' };
  const ssr = { ...api, connections: Math.max(5, Math.round(options.connections / 5)) };
  return {
    matches: { finished: ready.finishedMatchId, live: ready.liveMatchId, events: ready.events },
    bodyBytes,
    overviewFinished: await loadRoute(child, overview(ready.finishedMatchId), api),
    overviewLive: await loadRoute(child, overview(ready.liveMatchId), api),
    pageFinished: await loadRoute(child, page(ready.finishedMatchId), ssr),
    pageLive: await loadRoute(child, page(ready.liveMatchId), ssr),
  };
}
