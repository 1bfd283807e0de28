import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FootballListResponseSchema } from '../../core/contracts/matches';
import type { PublicConfig } from '../../core/contracts/services';
import { buildApp } from '../app';
import { seedCatalog } from '../catalog/seed-catalog';
import { createMatchWrites } from '../modules/matches/match-writes';
import { createMatchService } from '../modules/matches/matches.service';
import { useTestDatabase } from '../test-support/db';
import { DAY, FIXTURES, NOW_MS } from '../test-support/match-day';
import { loadWebBuild } from '../test-support/web-build';
import { KeptBytes, mergeVary, preferredEncoding } from './compression';

function decoded(response: LightMyRequestResponse): Buffer {
  const raw = response.rawPayload;
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(raw);
  if (encoding === 'gzip') return gunzipSync(raw);
  expect(encoding).toBeUndefined();
  return raw;
}

describe('preferredEncoding', () => {
  const prefer = (header?: string) => preferredEncoding({ headers: header === undefined ? {} : { 'accept-encoding': header } });

  it('picks brotli, then gzip, as the client allows', () => {
    expect(prefer('gzip, deflate, br')).toBe('br');
    expect(prefer('gzip, deflate')).toBe('gzip');
    expect(prefer('br;q=0, gzip')).toBe('gzip');
    expect(prefer('gzip;q=0.5, br;q=0.4')).toBe('gzip');
    expect(prefer('*')).toBe('br');
  });

  it('sends the plain bytes when the client takes no encoding of ours', () => {
    expect(prefer()).toBeNull();
    expect(prefer('')).toBeNull();
    expect(prefer('identity')).toBeNull();
    expect(prefer('deflate, zstd')).toBeNull();
    expect(prefer('br;q=0, gzip;q=0')).toBeNull();
  });
});

describe('mergeVary', () => {
  it('adds a header name once', () => {
    expect(mergeVary(undefined, 'Accept-Encoding')).toBe('Accept-Encoding');
    expect(mergeVary('Cookie', 'Accept-Encoding')).toBe('Cookie, Accept-Encoding');
    expect(mergeVary('accept-encoding', 'Accept-Encoding')).toBe('accept-encoding');
    expect(mergeVary('*', 'Cookie')).toBe('*');
  });
});

describe('KeptBytes', () => {
  it('compresses once per encoding and hands every reader the same bytes', async () => {
    const text = Buffer.from(JSON.stringify({ matches: Array.from({ length: 200 }, (_, id) => ({ id, home: 'Galatasaray', away: 'Fenerbahçe' })) }));
    const kept = new KeptBytes(text);
    const [first, second] = await Promise.all([kept.encoded('br'), kept.encoded('br')]);
    expect(first).toBe(second);
    expect(brotliDecompressSync(first ?? Buffer.alloc(0)).equals(text)).toBe(true);
    expect(gunzipSync((await kept.encoded('gzip')) ?? Buffer.alloc(0)).equals(text)).toBe(true);
    expect(await kept.encoded(null)).toBeNull();
    expect(kept.byteLength).toBeGreaterThan(text.length);
    expect(await new KeptBytes(Buffer.from('tiny')).encoded('br')).toBeNull();
  });
});

const PUBLIC_CONFIG: PublicConfig = { brokerWsUrl: null, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } };

/** What a client receives: the real app with the web build (`npm test` builds and precompresses it). */
describe('compressed answers', () => {
  const database = useTestDatabase('pglite');
  let app: FastifyInstance;
  let clientDir: string;

  beforeAll(async () => {
    const { db } = database.current;
    // A real-looking day, so the day list is a few kilobytes.
    await seedCatalog(db);
    await createMatchWrites({ db, publish: async () => {}, now: () => NOW_MS }).upsertFixtures(FIXTURES);
    const web = await loadWebBuild();
    clientDir = web.clientDir;
    app = await buildApp({ db, matches: createMatchService({ db, now: () => NOW_MS }), publicConfig: PUBLIC_CONFIG, web, pageCacheTtlMs: 2000 });
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: { host: '127.0.0.1:3000', ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) } });

  it('serves built scripts and styles precompressed, with the right encoding and Vary', async () => {
    const assets = readdirSync(path.join(clientDir, 'assets'));
    const script = assets.find((name) => name.startsWith('entry.client') && name.endsWith('.js'));
    const style = assets.find((name) => name.endsWith('.css'));
    for (const name of [script, style]) {
      expect(name).toBeDefined();
      const file = readFileSync(path.join(clientDir, 'assets', name ?? ''));
      const br = await get(`/assets/${name}`, 'gzip, deflate, br');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // The file written at build time, byte for byte: nothing is compressed per request.
      expect(br.rawPayload.equals(readFileSync(path.join(clientDir, 'assets', `${name}.br`)))).toBe(true);
      expect(decoded(br).equals(file)).toBe(true);
      expect(String(br.headers['content-type'])).toMatch(name?.endsWith('.js') ? /javascript/ : /text\/css/);

      const gzip = await get(`/assets/${name}`, 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(decoded(gzip).equals(file)).toBe(true);

      const plain = await get(`/assets/${name}`);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.equals(file)).toBe(true);
    }
  });

  it('compresses pages as the reader accepts, and sends them plain to a client that takes no encoding', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      [undefined, undefined],
    ] as const) {
      // A miss (rendered now) and a hit (kept) must both be encoded right.
      for (const url of ['/en/help', '/en/help']) {
        const page = await get(url, accept);
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-encoding']).toBe(encoding);
        expect(String(page.headers.vary)).toMatch(/Accept-Encoding/);
        expect(decoded(page).toString()).toMatch(/^<!DOCTYPE html>.*<\/html>$/s);
      }
    }
  });

  it('keeps the day list compressed: the same bytes to every reader until the list changes', async () => {
    const url = `/api/match_recent/anew_list?day=${DAY}`;
    const first = await get(url, 'br');
    const second = await get(url, 'br');
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const list = FootballListResponseSchema.parse(JSON.parse(decoded(first).toString()));
    expect(JSON.stringify(list.data)).toContain('Galatasaray');
    const plain = await get(url);
    expect(decoded(plain).equals(decoded(first))).toBe(true);
  });

  it('compresses other JSON answers above the threshold and leaves small ones alone', async () => {
    const sitemap = await get('/sitemap.xml', 'gzip');
    expect(sitemap.headers['content-encoding']).toBe('gzip');
    expect(decoded(sitemap).toString()).toContain('<urlset');
    const health = await get('/api/health', 'br, gzip');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('never inflates a compressed request body: it is refused as unreadable, not a 5xx', async () => {
    const body = gzipSync(Buffer.from(JSON.stringify({ account: 'fan@example.test', password: 'secret-password' })));
    const answer = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { host: '127.0.0.1:3000', 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: body,
    });
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
  });
});
