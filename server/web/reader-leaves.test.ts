import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicConfig } from '../../core/contracts/services';
import { buildApp } from '../app';
import { createMatchService } from '../modules/matches/matches.service';
import { useTestDatabase } from '../test-support/db';
import { loadWebBuild } from '../test-support/web-build';

const PUBLIC_CONFIG: PublicConfig = { brokerWsUrl: null, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } };

/** Asks for a page over a real socket and hangs up at `when`; resolves once the socket is gone. */
function leaveEarly(origin: string, path: string, when: 'headers' | 'first-bytes', encoding = 'br, gzip'): Promise<void> {
  return new Promise((resolve) => {
    const request = http.get(`${origin}${path}`, { headers: { 'accept-encoding': encoding } }, (response) => {
      if (when === 'headers') request.destroy();
      else response.once('data', () => request.destroy());
    });
    request.on('error', () => undefined);
    request.on('close', () => resolve());
  });
}

/**
 * A reader who leaves while the page is streaming (a phone losing its signal, a tab closed, a
 * load generator's last connections) must cost nothing but that answer. The rendering stream is
 * the response body React pipes into (decision 092), so React sees the close and stops. A crash
 * here would take every other reader down with it. (A first version put a second stream in
 * between; it crashed the server under `npm run bench -- --only page_load` with the page cache
 * off, which this test did not reproduce in-process: the benchmark is the load-level proof.)
 */
describe('a reader who leaves mid-page', () => {
  const database = useTestDatabase('pglite');
  let app: FastifyInstance;
  let origin: string;

  beforeAll(async () => {
    const { db } = database.current;
    // No page cache: every request renders and streams.
    app = await buildApp({ db, matches: createMatchService({ db }), publicConfig: PUBLIC_CONFIG, web: await loadWebBuild(), pageCacheTtlMs: 0 });
    await app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
  });

  it('leaves the server answering everyone else', async () => {
    const paths = ['/', '/football', '/en/basketball', '/zh', '/about'];
    await Promise.all(paths.flatMap((path) => [leaveEarly(origin, path, 'headers'), leaveEarly(origin, path, 'first-bytes')]));
    // And in waves, as a spike's readers do: many in flight, leaving at every point of the stream.
    for (let wave = 0; wave < 6; wave++) {
      await Promise.all(Array.from({ length: 30 }, (_, i) => leaveEarly(origin, paths[i % paths.length]!, i % 2 === 0 ? 'headers' : 'first-bytes', i % 3 === 0 ? 'identity' : 'br, gzip')));
    }
    const page = await fetch(`${origin}/football`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('</html>');
  });
});
