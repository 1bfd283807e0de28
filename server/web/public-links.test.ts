import type { FastifyInstance, InjectOptions } from 'fastify';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicConfig } from '../../core/contracts/services';
import { buildApp, type AppOptions } from '../app';
import { createMatchService } from '../modules/matches/matches.service';
import { useTestDatabase } from '../test-support/db';
import { loadWebBuild } from '../test-support/web-build';

const PUBLIC_CONFIG: PublicConfig = { brokerWsUrl: null, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } };


/** The canonical link and the hreflang alternates of a page. */
function pageLinks(html: string): { canonical: string | undefined; alternates: string[] } {
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  const alternates = [...html.matchAll(/<link rel="alternate" hrefLang="[^"]+" href="([^"]+)"/g)].map((match) => match[1] ?? '');
  return { canonical, alternates };
}

function sitemapLocations(xml: string): string[] {
  return [...xml.matchAll(/(?:<loc>|href=")(https?:\/\/[^<"]+)/g)].map((match) => match[1] ?? '');
}

/**
 * Public links (canonical, hreflang, sitemap, robots.txt) name the site's own origin: PUBLIC_URL,
 * or a host the configuration allows; Host and X-Forwarded-Host never put another site in them
 * (decision 071). Pages are rendered by the real web build.
 */
describe('public links', () => {
  const database = useTestDatabase('pglite');
  let web: { build: ServerBuild; clientDir: string };
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    web = await loadWebBuild();
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  async function build(options: Partial<Pick<AppOptions, 'publicUrl' | 'allowedHosts' | 'trustProxy' | 'allowLoopbackHosts'>> = {}) {
    const { db } = database.current;
    const app = await buildApp({ db, matches: createMatchService({ db }), publicConfig: PUBLIC_CONFIG, web, ...options });
    apps.push(app);
    return app;
  }

  /** every origin a page, the sitemap and robots.txt name for this request */
  async function originsNamed(app: FastifyInstance, request: Omit<InjectOptions, 'url'>): Promise<Set<string>> {
    const origins = new Set<string>();
    const page = await app.inject({ ...request, method: 'GET', url: '/about' });
    expect(page.statusCode).toBe(200);
    const { canonical, alternates } = pageLinks(page.body);
    expect(canonical).toBeDefined();
    expect(alternates).toHaveLength(4);
    for (const link of [canonical ?? '', ...alternates]) origins.add(new URL(link).origin);
    const sitemap = await app.inject({ ...request, method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    for (const link of sitemapLocations(sitemap.body)) origins.add(new URL(link).origin);
    const robots = await app.inject({ ...request, method: 'GET', url: '/robots.txt' });
    const sitemapLine = /^Sitemap: (.+)$/m.exec(robots.body)?.[1] ?? '';
    origins.add(new URL(sitemapLine).origin);
    for (const answer of [page, sitemap, robots]) expect(answer.body).not.toContain('evil.example');
    return origins;
  }

  it('names the allowed host the request came to, never X-Forwarded-Host without a trusted proxy', async () => {
    const app = await build();
    expect(await originsNamed(app, { headers: { host: '127.0.0.1:3000' } })).toEqual(new Set(['http://127.0.0.1:3000']));
    expect(await originsNamed(app, { headers: { host: '127.0.0.1:3000', 'x-forwarded-host': 'evil.example' } })).toEqual(
      new Set(['http://127.0.0.1:3000']),
    );
    expect(await originsNamed(app, { headers: { host: '127.0.0.1:3000', 'x-forwarded-proto': 'https' } })).toEqual(
      new Set(['http://127.0.0.1:3000']),
    );
  });

  it('never reflects a foreign Host: the first allowed host stands in', async () => {
    const loopback = await build();
    const foreign = await originsNamed(loopback, { headers: { host: 'evil.example' } });
    expect([...foreign].every((origin) => /^http:\/\/localhost(:\d+)?$/.test(origin))).toBe(true);
    const configured = await build({ allowedHosts: ['tribun.example', 'www.tribun.example'], allowLoopbackHosts: false });
    expect(await originsNamed(configured, { headers: { host: 'evil.example' } })).toEqual(new Set(['http://tribun.example']));
    expect(await originsNamed(configured, { headers: { host: 'localhost:3000' } })).toEqual(new Set(['http://tribun.example']));
    expect(await originsNamed(configured, { headers: { host: 'WWW.tribun.example' } })).toEqual(new Set(['http://www.tribun.example']));
  });

  it('behind a proxy TRUST_PROXY names, follows its X-Forwarded-Host and -Proto within the allowed hosts', async () => {
    const app = await build({ allowedHosts: ['tribun.example'], trustProxy: ['127.0.0.1'], allowLoopbackHosts: false });
    const proxied = { host: '127.0.0.1:3000', 'x-forwarded-proto': 'https' };
    expect(await originsNamed(app, { headers: { ...proxied, 'x-forwarded-host': 'tribun.example' } })).toEqual(new Set(['https://tribun.example']));
    expect(await originsNamed(app, { headers: { ...proxied, 'x-forwarded-host': 'evil.example' } })).toEqual(new Set(['https://tribun.example']));
    // the same headers from anyone else count for nothing
    expect(
      await originsNamed(app, { remoteAddress: '10.0.0.9', headers: { host: 'tribun.example', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' } }),
    ).toEqual(new Set(['http://tribun.example']));
  });

  it('with PUBLIC_URL names exactly PUBLIC_URL, whatever the request says', async () => {
    const app = await build({ publicUrl: 'https://tribun.example', trustProxy: ['127.0.0.1'] });
    for (const headers of [{ host: 'evil.example' }, { host: '127.0.0.1:3000', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' }]) {
      expect(await originsNamed(app, { headers })).toEqual(new Set(['https://tribun.example']));
    }
    const page = await app.inject({ method: 'GET', url: '/en/about', headers: { host: 'evil.example' } });
    expect(pageLinks(page.body).canonical).toBe('https://tribun.example/en/about');
  });

  it('answers a malformed Host or X-Forwarded-Host with a correct page, never a 500', async () => {
    const trusting = await build({ trustProxy: ['127.0.0.1'] });
    const plain = await build();
    for (const app of [trusting, plain]) {
      for (const forwarded of ['a b', '[', 'evil.example:99999', 'evil.example:0', '[::1', 'http://evil.example', '%2F%2Fevil.example']) {
        const page = await app.inject({ method: 'GET', url: '/about', headers: { host: '127.0.0.1:3000', 'x-forwarded-host': forwarded } });
        expect(page.statusCode, forwarded).toBe(200);
        // the Host when no proxy is trusted; else the stand-in (inject's socket has no local port)
        expect(pageLinks(page.body).canonical).toMatch(/^http:\/\/(127\.0\.0\.1:3000|localhost(:\d+)?)\/about$/);
      }
      const badHost = await app.inject({ method: 'GET', url: '/about', headers: { host: 'a b' } });
      expect(badHost.statusCode).toBeLessThan(500);
    }
  });

  it('sends //host paths to the one-slash path, and never renders them as another site', async () => {
    const app = await build();
    for (const [url, location] of [
      ['//evil.example/', '/evil.example/'],
      ['//evil.example', '/evil.example'],
      ['///evil.example/x?y=1', '/evil.example/x?y=1'],
      ['//%20', '/%20'],
    ] as const) {
      const answer = await app.inject({ method: 'GET', url, headers: { host: '127.0.0.1:3000' } });
      expect(answer.statusCode, url).toBe(301);
      expect(answer.headers.location, url).toBe(location);
    }
    // other methods are not redirected: rendered on the one-slash path, on our own host
    for (const url of ['//evil.example/', '//%20']) {
      const answer = await app.inject({ method: 'POST', url, headers: { host: '127.0.0.1:3000' }, payload: 'a=1' });
      expect(answer.statusCode, url).toBeLessThan(500);
      expect(answer.body).not.toContain('http://evil.example');
      expect(answer.body).not.toContain('//evil.example/');
    }
  });
});

describe('legacy /tr/… redirects', () => {
  const database = useTestDatabase('pglite');
  let app: FastifyInstance;

  beforeAll(async () => {
    const { db } = database.current;
    app = await buildApp({ db, matches: createMatchService({ db }), publicConfig: PUBLIC_CONFIG });
  });
  afterAll(async () => {
    await app?.close();
  });

  it.each([
    ['/tr/hakk%C4%B1m%C4%B1zda', '/hakk%C4%B1m%C4%B1zda'],
    ['/tr/%E4%B8%AD%E6%96%87/%C3%A7?q=%C5%9F', '/%E4%B8%AD%E6%96%87/%C3%A7?q=%C5%9F'],
    ['/tr/a%20b', '/a%20b'],
    ['/tr/%25', '/%25'],
    ['/tr/%23contact/2024-01-01/abc', '/'],
    ['/tr/%F0%9F%98%80', '/%F0%9F%98%80'],
    ['/tr//evil.example', '/evil.example'],
    ['/tr//evil.example/?next=//x', '/evil.example/?next=//x'],
    ['/tr/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/tr', '/'],
    ['/tr/', '/'],
  ])('%s → 301 %s', async (url, location) => {
    const answer = await app.inject({ method: 'GET', url });
    expect(answer.statusCode).toBe(301);
    expect(answer.headers.location).toBe(location);
  });
});
