import { isbot } from 'isbot';
import { splitLocalePath } from '../../core/locale';
import { readPageVariant } from '../../core/page-variant';
import { languageRedirect } from '../../core/routing/language-choice';
import { readerTimeZone } from '../../core/time-zone';
import type { KeptBytes } from '../http/compression';

/**
 * A server-rendered page as it went out: status, React Router's headers (never Set-Cookie: a page
 * that sets one is not kept) and the body, with the Content Security Policy nonces it was
 * rendered with (decision 085: a kept page carries its own nonces to every reader it serves).
 */
export interface RenderedPage {
  status: number;
  headers: ReadonlyArray<readonly [string, string]>;
  body: KeptBytes;
  nonce: { script: string; style: string } | null;
  /** it set a cookie: it belongs to its one reader and is never shared */
  private: boolean;
  /** the sports whose matches the render read (its loaders' match reads): their changes drop it */
  reads: ReadonlySet<string>;
}

export interface PageCacheOptions {
  /** how long a page is kept; it is dropped sooner when the live version moves */
  ttlMs: number;
  /** pages kept at most (the least recently used goes first) */
  maxEntries: number;
  /** bytes kept at most, plain and compressed forms together */
  maxBytes: number;
  /** the live versions pages are rendered from: one counter per sport, raised by every match write */
  liveVersions: () => Promise<Readonly<Record<string, number>>>;
  /**
   * A version read answers the readers of the next this many milliseconds too (0: every reader
   * after a read has ended starts a new one). Bounds how long a kept page outlives a change.
   */
  versionLeaseMs?: number;
  now?: () => number;
}

export type PageCacheOutcome = 'hit' | 'shared' | 'miss';

interface Entry {
  page: RenderedPage;
  /** the versions, at the render, of the sports the page read; none: only its age ends it */
  versions: ReadonlyArray<readonly [string, number]>;
  storedAt: number;
  bytes: number;
}

/**
 * The anonymous page cache (a goal brings twenty times the readers in seconds). Pages of
 * signed-out readers are kept for a second or two under a key of everything the render read
 * (`anonymousPageKey`); a page is dropped as soon as the live version of a sport whose matches
 * it read moves, so a kept page never shows a score older than the database's; a page that read
 * no match (the about page) costs no version read. Readers asking for a page
 * that is being rendered wait for that render instead of starting their own (coalescing).
 * The cache never sees signed-in requests: the caller decides who may be served from it.
 */
export class PageCache {
  readonly #options: Required<PageCacheOptions>;
  readonly #entries = new Map<string, Entry>();
  readonly #rendering = new Map<string, Promise<RenderedPage>>();
  #bytes = 0;
  #sweptAt = 0;
  #versionRead: { promise: Promise<Readonly<Record<string, number>>>; startedAt: number; settled: boolean } | null = null;

  constructor(options: PageCacheOptions) {
    this.#options = { now: Date.now, versionLeaseMs: 0, ...options };
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /**
   * The page for `key`: kept and still current ('hit'), the render another reader started
   * ('shared'), or rendered now by `render` ('miss'). A page that is not a 200 or that set a
   * cookie is handed to its own reader only and never kept; a reader who waited for such a
   * render renders its own.
   */
  async serve(key: string, render: () => Promise<RenderedPage>): Promise<{ page: RenderedPage; outcome: PageCacheOutcome }> {
    const entry = this.#entries.get(key);
    if (entry !== undefined) {
      if (this.#options.now() - entry.storedAt < this.#options.ttlMs && (await this.#isCurrent(entry))) {
        // Least recently used first: a read moves the entry to the end.
        this.#entries.delete(key);
        this.#entries.set(key, entry);
        return { page: entry.page, outcome: 'hit' };
      }
      this.#drop(key, entry);
    }

    const pending = this.#rendering.get(key);
    if (pending !== undefined) {
      const page = await pending;
      if (!page.private) return { page, outcome: 'shared' };
      return { page: await render(), outcome: 'miss' };
    }

    const rendering = this.#renderAndKeep(key, render);
    this.#rendering.set(key, rendering);
    try {
      return { page: await rendering, outcome: 'miss' };
    } finally {
      this.#rendering.delete(key);
    }
  }

  async #renderAndKeep(key: string, render: () => Promise<RenderedPage>): Promise<RenderedPage> {
    // Read before rendering: the page is at least this current, so a change committed while it
    // renders drops it at its first reuse instead of hiding behind it.
    const versions = await this.#currentVersions();
    const storedAt = this.#options.now();
    const page = await render();
    if (page.status === 200 && !page.private) {
      const bytes = page.body.byteLength + key.length;
      if (bytes <= this.#options.maxBytes) {
        const previous = this.#entries.get(key);
        if (previous !== undefined) this.#drop(key, previous);
        const read = [...page.reads].sort().map((sport) => [sport, versions[sport] ?? 0] as const);
        this.#entries.set(key, { page, versions: read, storedAt, bytes });
        this.#bytes += bytes;
        this.#sweep(storedAt);
        this.#evict();
      }
    }
    return page;
  }

  /** Compressed forms are made after a page is kept: count them when they exist. */
  noteGrowth(key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    const bytes = entry.page.body.byteLength + key.length;
    this.#bytes += bytes - entry.bytes;
    entry.bytes = bytes;
    this.#evict();
  }

  /**
   * Pages past their time are dropped when a page is stored (at most once per TTL), not only
   * when asked for again: under steady traffic over many addresses, dead pages would otherwise
   * sit in memory up to the byte bound.
   */
  #sweep(now: number): void {
    if (now - this.#sweptAt < this.#options.ttlMs) return;
    this.#sweptAt = now;
    for (const [key, entry] of this.#entries) if (now - entry.storedAt >= this.#options.ttlMs) this.#drop(key, entry);
  }

  #evict(): void {
    for (const [key, entry] of this.#entries) {
      if (this.#entries.size <= this.#options.maxEntries && this.#bytes <= this.#options.maxBytes) break;
      this.#drop(key, entry);
    }
  }

  #drop(key: string, entry: Entry): void {
    if (this.#entries.get(key) !== entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  async #isCurrent(entry: Entry): Promise<boolean> {
    if (entry.versions.length === 0) return true;
    const current = await this.#currentVersions();
    return entry.versions.every(([sport, version]) => (current[sport] ?? 0) === version);
  }

  /**
   * One version read at a time: readers arriving while one is under way share its answer, and so
   * do those arriving within the lease after it started.
   */
  #currentVersions(): Promise<Readonly<Record<string, number>>> {
    const read = this.#versionRead;
    const now = this.#options.now();
    if (read !== null && (!read.settled || now - read.startedAt < this.#options.versionLeaseMs)) return read.promise;
    const next = { promise: this.#options.liveVersions(), startedAt: now, settled: false };
    this.#versionRead = next;
    next.promise.then(
      () => (next.settled = true),
      () => {
        // A failed read is never reused.
        if (this.#versionRead === next) this.#versionRead = null;
      },
    );
    return next.promise;
  }
}

/**
 * The cache key of a signed-out reader's page: everything its server render reads from the
 * request — the site origin its links name, the address with its query (the locale is the path's
 * prefix), the theme and viewport cookies as the root loader reads them (core/page-variant.ts),
 * the time zone every time and day is rendered in (the zone cookie's, else the language's usual
 * one: a first visit and a reader whose cookie names that zone share a page; decision 115),
 * whether the reader is a crawler (crawlers wait for the whole page, and get a bare 404), and
 * for `/` the language the reader chose (decision 113).
 * Cookie values are reduced to what they mean, so made-up values cannot multiply the entries.
 */
export function anonymousPageKey(request: { url: string; headers: Record<string, string | string[] | undefined> }, origin: string): string {
  const cookie = request.headers.cookie;
  const variant = readPageVariant(Array.isArray(cookie) ? cookie.join('; ') : cookie);
  const agent = request.headers['user-agent'];
  const crawler = typeof agent === 'string' && isbot(agent);
  const cut = request.url.search(/[?#]/);
  const { locale } = splitLocalePath(cut === -1 ? request.url : request.url.slice(0, cut));
  const zone = readerTimeZone(variant.timeZone, locale);
  // `/` answers a reader who chose English or Chinese with a redirect (decision 113): never with
  // the Turkish page kept for the others.
  const cookieHeader = Array.isArray(cookie) ? cookie.join('; ') : cookie;
  const sentTo = languageRedirect({ pathname: cut === -1 ? request.url : request.url.slice(0, cut), cookieHeader, isCrawler: crawler }) ?? '-';
  return `${origin}${request.url}\n${variant.theme ?? '-'}|${variant.viewport}|${zone}|${crawler ? 'crawler' : 'reader'}|${sentTo}`;
}

/**
 * Pages the anonymous cache never keeps: search results (decision 094). Each query would be an
 * entry of its own, so a stream of made-up queries would push the home page and the lists out
 * of the cache at the moment a goal brings everyone back; a search is cheap to answer anyway.
 */
const UNKEPT_PAGES: ReadonlySet<string> = new Set(['/search']);

export function isKeptPage(url: string): boolean {
  const cut = url.search(/[?#]/);
  const pathname = cut === -1 ? url : url.slice(0, cut);
  const { path } = splitLocalePath(pathname);
  return !UNKEPT_PAGES.has(path.length > 1 ? path.replace(/\/+$/, '') : path);
}
