import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicConfig } from '../../core/contracts/services';
import { buildApp } from '../app';
import { KeptBytes } from '../http/compression';
import { SESSION_COOKIE } from '../http/current-user';
import { bumpListVersion } from '../modules/matches/list-version';
import { createMatchService } from '../modules/matches/matches.service';
import { useTestDatabase } from '../test-support/db';
import { createTestUser } from '../test-support/users';
import { loadWebBuild } from '../test-support/web-build';
import { anonymousPageKey, isKeptPage, PageCache, type RenderedPage } from './page-cache';

function page(body: string, options: Partial<Omit<RenderedPage, 'body'>> = {}): RenderedPage {
  return {
    status: 200,
    headers: [['content-type', 'text/html; charset=utf-8']],
    body: new KeptBytes(Buffer.from(body)),
    nonce: null,
    private: false,
    reads: new Set(['football']),
    ...options,
  };
}

/** A cache on a clock and a live version the test moves. */
function testCache(options: { ttlMs?: number; maxEntries?: number; maxBytes?: number; versionLeaseMs?: number } = {}) {
  const state = { now: 1_000_000, versions: { football: 1, basketball: 1 } as Record<string, number>, versionReads: 0 };
  const cache = new PageCache({
    ttlMs: options.ttlMs ?? 2000,
    maxEntries: options.maxEntries ?? 100,
    maxBytes: options.maxBytes ?? 1_000_000,
    versionLeaseMs: options.versionLeaseMs ?? 0,
    now: () => state.now,
    liveVersions: async () => {
      state.versionReads += 1;
      return { ...state.versions };
    },
  });
  return { cache, state };
}

describe('PageCache', () => {
  it('keeps a page for its time and renders again after it', async () => {
    const { cache, state } = testCache({ ttlMs: 2000 });
    let renders = 0;
    const render = async () => page(`render ${++renders}`);
    expect((await cache.serve('k', render)).outcome).toBe('miss');
    state.now += 1999;
    const hit = await cache.serve('k', render);
    expect(hit).toMatchObject({ outcome: 'hit' });
    expect(hit.page.body.identity.toString()).toBe('render 1');
    state.now += 1;
    const again = await cache.serve('k', render);
    expect(again.outcome).toBe('miss');
    expect(again.page.body.identity.toString()).toBe('render 2');
  });

  it('drops a page as soon as the live version it was rendered at moves', async () => {
    const { cache, state } = testCache({ ttlMs: 60_000 });
    let renders = 0;
    const render = async () => page(`score ${++renders}`);
    await cache.serve('k', render);
    state.versions.football = 2;
    const after = await cache.serve('k', render);
    expect(after.outcome).toBe('miss');
    expect(after.page.body.identity.toString()).toBe('score 2');
    expect((await cache.serve('k', render)).outcome).toBe('hit');
  });

  it('reads the version before rendering: a change committed during the render is not hidden', async () => {
    const { cache, state } = testCache({ ttlMs: 60_000 });
    await cache.serve('k', async () => {
      state.versions.football = 2;
      return page('rendered while the score changed');
    });
    expect((await cache.serve('k', async () => page('fresh'))).outcome).toBe('miss');
  });

  it('drops a page only for changes to the sports it read; a page that read none costs no version read', async () => {
    const { cache, state } = testCache({ ttlMs: 60_000 });
    await cache.serve('football page', async () => page('football'));
    await cache.serve('about page', async () => page('about', { reads: new Set() }));
    state.versions.basketball = 5;
    expect((await cache.serve('football page', async () => page('again'))).outcome).toBe('hit');
    state.versions.football = 5;
    const readsBefore = state.versionReads;
    expect((await cache.serve('about page', async () => page('again', { reads: new Set() }))).outcome).toBe('hit');
    expect(state.versionReads).toBe(readsBefore);
    expect((await cache.serve('football page', async () => page('again'))).outcome).toBe('miss');
  });

  it('reuses a version read for the lease, and reads again after it', async () => {
    const { cache, state } = testCache({ ttlMs: 60_000, versionLeaseMs: 50 });
    await cache.serve('k', async () => page('first'));
    const reads = state.versionReads;
    state.versions.football = 2;
    state.now += 49;
    expect((await cache.serve('k', async () => page('second'))).outcome).toBe('hit');
    expect(state.versionReads).toBe(reads);
    state.now += 1;
    expect((await cache.serve('k', async () => page('third'))).outcome).toBe('miss');
  });

  it('lets concurrent readers of one page share one render and one version read', async () => {
    const { cache, state } = testCache();
    let renders = 0;
    let finish: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const render = async () => {
      renders += 1;
      await gate;
      return page('the spike page');
    };
    const readers = Array.from({ length: 50 }, () => cache.serve('k', render));
    finish();
    const answers = await Promise.all(readers);
    expect(renders).toBe(1);
    expect(state.versionReads).toBe(1);
    expect(answers.filter((answer) => answer.outcome === 'miss')).toHaveLength(1);
    expect(answers.filter((answer) => answer.outcome === 'shared')).toHaveLength(49);
    expect(new Set(answers.map((answer) => answer.page)).size).toBe(1);
  });

  it('never keeps or shares a page that set a cookie, and keeps no error page', async () => {
    const { cache } = testCache();
    let renders = 0;
    const withCookie = async () => page(`cookie ${++renders}`, { private: true, headers: [['set-cookie', 'a=b']] });
    const [first, second] = await Promise.all([cache.serve('c', withCookie), cache.serve('c', withCookie)]);
    expect(first.page).not.toBe(second.page);
    expect(renders).toBe(2);
    expect((await cache.serve('c', withCookie)).outcome).toBe('miss');

    let errors = 0;
    const failing = async () => page(`error ${++errors}`, { status: 500 });
    await cache.serve('e', failing);
    expect((await cache.serve('e', failing)).outcome).toBe('miss');
    expect(cache.size).toBe(0);
  });

  it('drops pages past their time when it stores another, asked for again or not', async () => {
    const { cache, state } = testCache({ ttlMs: 2000 });
    await cache.serve('old', async () => page('old page'));
    state.now += 2500;
    await cache.serve('new', async () => page('new page'));
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(Buffer.byteLength('new page') + 'new'.length);
  });

  it('is bounded by entries and by bytes, forgetting the page used longest ago', async () => {
    const { cache } = testCache({ maxEntries: 3, maxBytes: 1_000_000 });
    for (const key of ['a', 'b', 'c']) await cache.serve(key, async () => page(key));
    await cache.serve('a', async () => page('a again'));
    await cache.serve('d', async () => page('d'));
    expect(cache.size).toBe(3);
    expect((await cache.serve('b', async () => page('b again'))).outcome).toBe('miss');
    expect((await cache.serve('a', async () => page('a third'))).outcome).toBe('hit');

    const small = testCache({ maxBytes: 250 }).cache;
    for (const key of ['x', 'y', 'z']) await small.serve(key, async () => page(key.repeat(100)));
    expect(small.size).toBe(2);
    expect(small.bytes).toBeLessThanOrEqual(250);
    // A page larger than the whole budget is served but not kept.
    await small.serve('huge', async () => page('h'.repeat(300)));
    expect((await small.serve('huge', async () => page('h'))).outcome).toBe('miss');
  });
});

describe('anonymousPageKey', () => {
  const key = (url: string, headers: Record<string, string> = {}) => anonymousPageKey({ url, headers }, 'https://tribun.example');

  it('covers the address, the locale, the theme, the viewport and crawlers', () => {
    const variants = [
      key('/'),
      key('/en'),
      key('/zh'),
      key('/?day=1'),
      key('/', { cookie: 'theme=dark' }),
      key('/', { cookie: 'viewport=mobile' }),
      key('/', { cookie: 'viewport=tablet; theme=dark' }),
      key('/', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }),
      anonymousPageKey({ url: '/', headers: {} }, 'http://127.0.0.1:3000'),
    ];
    expect(new Set(variants).size).toBe(variants.length);
  });

  it('reduces cookies to what the page reads, so made-up values make no new entries', () => {
    expect(key('/', { cookie: 'theme=purple; viewport=huge; other=1; locale=de' })).toBe(key('/'));
    expect(key('/', { cookie: 'theme=light' })).not.toBe(key('/'));
    expect(key('/', { cookie: 'viewport=desktop' })).toBe(key('/'));
    expect(key('/', { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0' })).toBe(key('/'));
  });

  it('keys `/` on the language the reader chose, which sends them to /en or /zh (decision 113)', () => {
    expect(key('/', { cookie: 'locale=en' })).not.toBe(key('/'));
    expect(key('/', { cookie: 'locale=zh' })).not.toBe(key('/', { cookie: 'locale=en' }));
    // Turkish, or a crawler whatever it carries, is served the page every reader without a choice gets.
    expect(key('/', { cookie: 'locale=tr' })).toBe(key('/'));
    const googlebot = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };
    expect(key('/', { ...googlebot, cookie: 'locale=en' })).toBe(key('/', googlebot));
    // Only `/` moves: every other page is the same for every choice.
    expect(key('/football', { cookie: 'locale=en' })).toBe(key('/football'));
    expect(key('/en', { cookie: 'locale=zh' })).toBe(key('/en'));
  });

  it('keys on the time zone the page is rendered in (decision 115)', () => {
    const shanghai = { cookie: 'tribun_tz=Asia/Shanghai' };
    expect(key('/football', shanghai)).not.toBe(key('/football'));
    expect(key('/football', shanghai)).not.toBe(key('/football', { cookie: 'tribun_tz=America/New_York' }));
    // No cookie renders in the language's usual zone: the same page as a cookie naming that zone.
    expect(key('/zh/football', shanghai)).toBe(key('/zh/football'));
    expect(key('/football', { cookie: 'tribun_tz=Europe/Istanbul' })).toBe(key('/football'));
    expect(key('/en/football?day=2026-11-23', { cookie: 'tribun_tz=Europe/London' })).toBe(key('/en/football?day=2026-11-23'));
    // A made-up or hostile zone is no zone: no new entry, and the value is not in the key.
    for (const value of ['Mars/Olympus', '..%2F..%2Fetc', '<script>', 'Europe/Istanbul%0D%0A', 'x'.repeat(300)]) {
      const hostile = key('/football', { cookie: `tribun_tz=${value}` });
      expect(hostile, value).toBe(key('/football'));
    }
  });
});

const PUBLIC_CONFIG: PublicConfig = { brokerWsUrl: null, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } };

/** Real pages from the web build, through the real app with the cache on (decision 085). */
describe('anonymous page cache on real pages', () => {
  const database = useTestDatabase('pglite');
  let app: FastifyInstance;

  beforeAll(async () => {
    const { db } = database.current;
    app = await buildApp({
      db,
      matches: createMatchService({ db }),
      publicConfig: PUBLIC_CONFIG,
      web: await loadWebBuild(),
      pageCacheTtlMs: 60_000,
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (url: string, headers: InjectOptions['headers'] = {}) => app.inject({ method: 'GET', url, headers: { host: '127.0.0.1:3000', ...headers } });
  /** every nonce attribute in the page, and the policy's */
  function nonces(response: LightMyRequestResponse): { page: Set<string>; policy: string[] } {
    const policy = String(response.headers['content-security-policy']);
    return {
      page: new Set([...response.body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1] ?? '')),
      policy: [...policy.matchAll(/'nonce-([^']+)'/g)].map((match) => match[1] ?? ''),
    };
  }

  it('serves a signed-out reader the kept page, with the nonces its policy names', async () => {
    const first = await get('/about');
    const second = await get('/about');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    const seen = nonces(second);
    expect(seen.page.size).toBeGreaterThan(0);
    // The page's scripts run: every nonce in it is one the policy allows.
    for (const nonce of seen.page) expect(seen.policy).toContain(nonce);
    expect(second.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=10');
    expect(String(second.headers.vary)).toMatch(/Accept-Encoding/);
    expect(String(second.headers.vary)).toMatch(/Cookie/);
  });

  it('keeps locales, themes and viewports apart', async () => {
    const tr = await get('/about');
    const en = await get('/en/about');
    const zh = await get('/zh/about');
    expect(tr.body).toContain('lang="tr-TR"');
    expect(en.body).toContain('lang="en');
    expect(zh.body).toContain('lang="zh');

    const dark = await get('/about', { cookie: 'theme=dark' });
    const light = await get('/about');
    expect(dark.body).toMatch(/<html[^>]*class="dark"/);
    expect(light.body).not.toMatch(/<html[^>]*class="dark"/);
    expect((await get('/about', { cookie: 'theme=dark' })).headers['x-page-cache']).toBe('hit');

    const phone = await get('/about', { cookie: 'viewport=mobile' });
    expect(phone.headers['x-page-cache']).toBe('miss');
    // The root loader's data, as React Router streams it into the page.
    expect(phone.body).toContain('\\"viewport\\",\\"mobile\\"');
    expect(light.body).toContain('\\"viewport\\",\\"desktop\\"');
  });

  it('keeps zones apart, and a first visit shares the page of its language’s zone (decision 115)', async () => {
    const istanbul = await get('/zh/football', { cookie: 'tribun_tz=Europe%2FIstanbul' });
    const firstVisit = await get('/zh/football');
    const shanghai = await get('/zh/football', { cookie: 'tribun_tz=Asia/Shanghai' });
    expect(istanbul.headers['x-page-cache']).toBe('miss');
    expect(firstVisit.headers['x-page-cache']).toBe('miss');
    expect(shanghai.headers['x-page-cache']).toBe('hit');
    // The root loader's data, as React Router streams it into the page.
    expect(istanbul.body).toContain('\\"timeZone\\",\\"Europe/Istanbul\\"');
    expect(firstVisit.body).toContain('\\"timeZone\\",\\"Asia/Shanghai\\"');
    // A hostile cookie is no zone: the Chinese page's usual one, kept under its key, the value nowhere.
    const hostile = await get('/zh/football', { cookie: 'tribun_tz=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E' });
    expect(hostile.statusCode).toBe(200);
    expect(hostile.headers['x-page-cache']).toBe('hit');
    expect(hostile.body).not.toContain('alert(1)');
  });

  it("never serves a signed-in reader from the cache, nor one reader's page to another", async () => {
    const { db } = database.current;
    const ada = await createTestUser(db, { nickname: 'AdaCache' });
    const bob = await createTestUser(db, { nickname: 'BobCache' });
    await get('/'); // an anonymous page is kept for "/"
    const pages = await Promise.all([
      get('/', { cookie: `${SESSION_COOKIE}=${ada.token}` }),
      get('/', { cookie: `${SESSION_COOKIE}=${bob.token}` }),
      get('/', { token: ada.token }),
      get('/'),
    ]);
    const [adaPage, bobPage, adaByHeader, anonymous] = pages as [LightMyRequestResponse, LightMyRequestResponse, LightMyRequestResponse, LightMyRequestResponse];
    expect(adaPage.body).toContain('AdaCache');
    expect(adaPage.body).not.toContain('BobCache');
    expect(bobPage.body).toContain('BobCache');
    expect(bobPage.body).not.toContain('AdaCache');
    expect(adaByHeader.body).toContain('AdaCache');
    for (const signedIn of [adaPage, bobPage, adaByHeader]) {
      expect(signedIn.headers['x-page-cache']).toBeUndefined();
      expect(signedIn.headers['cache-control']).toBe('private, no-store');
    }
    expect(anonymous.headers['x-page-cache']).toBe('hit');
    expect(anonymous.body).not.toContain('AdaCache');
    expect(anonymous.body).not.toContain('BobCache');
  });

  it('renders a page again once a match of the sport it shows changes, and only then', async () => {
    const { db } = database.current;
    await get('/football');
    await get('/about');
    expect((await get('/football')).headers['x-page-cache']).toBe('hit');
    // A version read answers for 50 ms: a change is seen once that has passed.
    const afterLease = () => new Promise((resolve) => setTimeout(resolve, 60));
    await bumpListVersion(db, 'basketball');
    await afterLease();
    expect((await get('/football')).headers['x-page-cache']).toBe('hit');
    await bumpListVersion(db, 'football');
    await afterLease();
    expect((await get('/football')).headers['x-page-cache']).toBe('miss');
    expect((await get('/football')).headers['x-page-cache']).toBe('hit');
    // The about page shows no match: only its age ends it.
    expect((await get('/about')).headers['x-page-cache']).toBe('hit');
  });

  it('gives crawlers their own entry and keeps no not-found page', async () => {
    const crawler = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };
    const bot = await get('/no-such-page-here', crawler);
    expect(bot.statusCode).toBe(404);
    expect(bot.body).toBe('Not Found');
    const person = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' };
    const reader = await get('/no-such-page-here', person);
    expect(reader.statusCode).toBe(404);
    expect(reader.body).toContain('<html');
    expect((await get('/no-such-page-here', person)).headers['x-page-cache']).toBe('miss');
    expect(reader.headers['cache-control']).toBeUndefined();
  });

  it('keeps no search page: each query would be an entry of its own', async () => {
    for (const url of ['/search?q=barcelona', '/search?q=barcelona', '/en/search?q=madrid', '/zh/search?q=%E8%8B%B1%E8%B6%85', '/search']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['x-page-cache'], url).toBeUndefined();
    }
    expect(['/zh/search/?q=x', '/en/search#top', '/search'].map(isKeptPage)).toEqual([false, false, false]);
    expect(['/', '/football?day=2026-11-23', '/en/searches', '/team/search'].map(isKeptPage)).toEqual([true, true, true, true]);
    // Other pages are kept as before.
    await get('/en/about');
    expect((await get('/en/about')).headers['x-page-cache']).toBe('hit');
  });

  it('answers HEAD without the cache and without a body', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/about', headers: { host: '127.0.0.1:3000' } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['x-page-cache']).toBeUndefined();
  });
});
