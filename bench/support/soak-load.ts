// The soak benchmark's mixed load: `connections` closed loops over keep-alive HTTP/1.1
// connections, each sending one request after the other, every request drawn from the mix:
//
//   40% signed-out pages: /, /en, /zh, /football, /basketball in the three languages, and the
//       pages of today's football and basketball matches in the three languages
//   10% signed-in pages: the same with a fan's session cookie, and the personal centre
//   40% API reads: the football day list, the hot list pages, the basketball list, a football
//       match's overview and header
//   10% the rest: /sitemap.xml, /robots.txt, built assets under /assets/, an unknown page (404)
//       and an unknown API address (404)
//
// Four requests in five offer `Accept-Encoding: br, gzip` like a browser; the bodies are read to
// the end and thrown away, never decompressed (the load generator shares the machine's CPUs).
import http from 'node:http';
import { percentile } from './stats';

export type LoadKind = 'anonymous-page' | 'signed-in-page' | 'api' | 'misc';
export const LOAD_KINDS: readonly LoadKind[] = ['anonymous-page', 'signed-in-page', 'api', 'misc'];

export interface LoadTarget {
  kind: LoadKind;
  path: string;
  headers: Record<string, string>;
  /** the status a working server answers */
  expect: number;
}

export interface LoadPools {
  footballIds: readonly number[];
  basketballIds: readonly number[];
  /** session tokens of the registered fans */
  sessions: readonly string[];
  /** paths of built files, e.g. /assets/root-abc.js */
  assets: readonly string[];
}

const LOCALES = ['', '/en', '/zh'] as const;
const LIST_PAGES = ['', '/football', '/basketball'] as const;

function pickOne<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
}

function pagePath(pools: LoadPools, random: () => number): string {
  const locale = pickOne(LOCALES, random);
  const roll = random();
  if (roll < 0.45 || (pools.footballIds.length === 0 && pools.basketballIds.length === 0)) {
    const page = pickOne(LIST_PAGES, random);
    return `${locale}${page}` || '/';
  }
  if (roll < 0.9 && pools.footballIds.length > 0) return `${locale}/football/Details/${pickOne(pools.footballIds, random)}`;
  if (pools.basketballIds.length > 0) return `${locale}/basketball/Details/${pickOne(pools.basketballIds, random)}`;
  return `${locale}/football/Details/${pickOne(pools.footballIds, random)}`;
}

/** One request of the mix. `serial` makes the 404 addresses differ from each other. */
export function pickTarget(pools: LoadPools, random: () => number, serial: number): LoadTarget {
  const encoding: Record<string, string> = random() < 0.8 ? { 'accept-encoding': 'br, gzip' } : {};
  const roll = random();
  if (roll < 0.4) return { kind: 'anonymous-page', path: pagePath(pools, random), headers: encoding, expect: 200 };
  if (roll < 0.5) {
    const session = pools.sessions.length > 0 ? pickOne(pools.sessions, random) : null;
    const path = random() < 0.15 ? `${pickOne(LOCALES, random)}/personal-center/personal-center` : pagePath(pools, random);
    return { kind: 'signed-in-page', path, headers: { ...encoding, ...(session ? { cookie: `tribun_session=${session}` } : {}) }, expect: 200 };
  }
  if (roll < 0.9) {
    const headers = { ...encoding, language: pickOne(['tr', 'en', 'zh'], random) };
    const api = random();
    let path: string;
    if (api < 0.3) path = '/api/match_recent/anew_list';
    else if (api < 0.45) path = `/api/match_recent/anew_hot_list_page?page=${1 + Math.floor(random() * 3)}`;
    else if (api < 0.6) path = '/api/basketball';
    else if (api < 0.9 && pools.footballIds.length > 0) path = `/api/match/football/${pickOne(pools.footballIds, random)}/overview`;
    else if (pools.footballIds.length > 0) path = `/api/match/football/${pickOne(pools.footballIds, random)}`;
    else path = '/api/match_recent/anew_list';
    return { kind: 'api', path, headers, expect: 200 };
  }
  const misc = random();
  if (misc < 0.15) return { kind: 'misc', path: '/sitemap.xml', headers: encoding, expect: 200 };
  if (misc < 0.2) return { kind: 'misc', path: '/robots.txt', headers: encoding, expect: 200 };
  if (misc < 0.7 && pools.assets.length > 0) return { kind: 'misc', path: pickOne(pools.assets, random), headers: encoding, expect: 200 };
  if (misc < 0.85) return { kind: 'misc', path: `${pickOne(LOCALES, random)}/no-such-page/${serial}`, headers: encoding, expect: 404 };
  return { kind: 'misc', path: `/api/no-such-thing/${serial}`, headers: encoding, expect: 404 };
}

export interface KindFigures {
  requests: number;
  /** connection errors and timeouts */
  errors: number;
  non2xx: number;
  /** answers other than the status a working server gives (404s asked for are expected) */
  unexpected: number;
  statuses: Record<string, number>;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  bytes: number;
}

/** Latencies kept per kind: a uniform sample of at most this many (reservoir sampling). */
const LATENCY_SAMPLE = 20_000;

class KindStats {
  requests = 0;
  errors = 0;
  non2xx = 0;
  unexpected = 0;
  bytes = 0;
  statuses: Record<string, number> = {};
  max = 0;
  readonly latencies: number[] = [];

  record(status: number | null, expect: number, ms: number, bytes: number): void {
    this.requests += 1;
    this.bytes += bytes;
    if (status === null) {
      this.errors += 1;
      return;
    }
    this.statuses[status] = (this.statuses[status] ?? 0) + 1;
    if (status < 200 || status > 299) this.non2xx += 1;
    if (status !== expect) this.unexpected += 1;
    this.max = Math.max(this.max, ms);
    if (this.latencies.length < LATENCY_SAMPLE) this.latencies.push(ms);
    else {
      const slot = Math.floor(Math.random() * this.requests);
      if (slot < LATENCY_SAMPLE) this.latencies[slot] = ms;
    }
  }

  figures(): KindFigures {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const at = (p: number) => Math.round(percentile(sorted, p) * 10) / 10;
    return {
      requests: this.requests,
      errors: this.errors,
      non2xx: this.non2xx,
      unexpected: this.unexpected,
      statuses: this.statuses,
      latencyMs: { p50: at(50), p90: at(90), p99: at(99), max: Math.round(this.max) },
      bytes: this.bytes,
    };
  }
}

export interface RunningLoad {
  /** requests answered or failed so far, all kinds */
  total(): { requests: number; errors: number; unexpected: number };
  /** a few unexpected answers, for the report */
  examples(): string[];
  /** stops sending, waits for the requests under way, and gives the figures per kind */
  stop(): Promise<Record<LoadKind, KindFigures>>;
}

export function startLoad(options: { origin: string; connections: number; pools: LoadPools; timeoutMs?: number }): RunningLoad {
  const url = new URL(options.origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const stats = Object.fromEntries(LOAD_KINDS.map((kind) => [kind, new KindStats()])) as Record<LoadKind, KindStats>;
  const examples: string[] = [];
  let stopped = false;
  let serial = 0;

  const send = (target: LoadTarget) =>
    new Promise<void>((resolve) => {
      const startedAt = performance.now();
      let bytes = 0;
      const done = (status: number | null) => {
        const ms = performance.now() - startedAt;
        stats[target.kind].record(status, target.expect, ms, bytes);
        if ((status === null || status !== target.expect) && examples.length < 20) examples.push(`${status ?? 'error'} ${target.path}`);
        resolve();
      };
      const request = http.request(
        { host: url.hostname, port: url.port, path: target.path, method: 'GET', agent, headers: target.headers, timeout: options.timeoutMs ?? 30_000 },
        (response) => {
          response.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
          });
          response.on('end', () => done(response.statusCode ?? null));
          response.on('error', () => done(null));
        },
      );
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', () => done(null));
      request.end();
    });

  const loops = Array.from({ length: options.connections }, async () => {
    while (!stopped) {
      serial += 1;
      await send(pickTarget(options.pools, Math.random, serial));
    }
  });

  return {
    total() {
      let requests = 0;
      let errors = 0;
      let unexpected = 0;
      for (const kind of LOAD_KINDS) {
        requests += stats[kind].requests;
        errors += stats[kind].errors;
        unexpected += stats[kind].unexpected;
      }
      return { requests, errors, unexpected };
    },
    examples: () => [...examples],
    async stop() {
      stopped = true;
      await Promise.all(loops);
      agent.destroy();
      return Object.fromEntries(LOAD_KINDS.map((kind) => [kind, stats[kind].figures()])) as Record<LoadKind, KindFigures>;
    },
  };
}
