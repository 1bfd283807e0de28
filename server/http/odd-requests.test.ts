import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type SpawnedServer } from './spawned-server';

/**
 * Security review: `/crests/team/%0D%0AX.svg` slipped past the crest route into the page
 * renderer, was answered an untranslated 404 in plain text and wrote a ten-line stack trace to
 * the log. Odd input is now answered 4xx in the request's language and logged in one line, on
 * every route (decision 107). The real server (`npm start`), its real log.
 */
interface Seen {
  status: number;
  contentType: string;
  body: string;
}

/** A request with its path exactly as written (no client normalises or re-encodes it). */
function send(origin: string, rawPath: string, headers: Record<string, string> = {}): Promise<Seen> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path: rawPath, method: 'GET', headers: { connection: 'close', ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Bytes no HTTP client library would send: a header with control characters in it. */
function sendRaw(origin: string, head: string): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.write(head);
  });
}

const ODD_PATHS = [
  '/crests/team/%0D%0AX.svg',
  '/crests/competition/%0A.svg',
  '/crests/team/%E2%80%A8.svg',
  '/%0A',
  '/en/%0d',
  '/zh/match/%0A1',
  '/en/football/match/abc%0A',
  '/%00',
  '/search%7F',
  '/api/match/%0A',
  '/api/user/info%0D%0A',
  '/%ff',
  '/%0A%ff',
  '/%E0%A4%A',
  '/z9R%4%40{',
  '/en/%3F%2FL)d%2B~]f%',
  '/en/%C2%85',
  '/%',
  '/a%2',
  '/crests/competition/..%2F..%2Fetc.svg',
];

const ODD_QUERIES = ['/api/search?q=%0A', '/api/search?q=%00', '/search?q=%0D%0A', '/?language=%0A', '/api/match_recent/anew_list?date=%0A%0D'];

describe('odd requests against the real server', () => {
  let server: SpawnedServer;
  let logFrom = 0;

  beforeAll(async () => {
    // Pages are rendered from the web build (`npm test` builds it first).
    expect(existsSync(path.resolve('build/server/index.js')), 'no web build: run `npm run build` first').toBe(true);
    server = await spawnServer();
    logFrom = server.output().length;
  }, 180_000);
  afterAll(async () => {
    await server?.dispose();
  });

  it('answers an odd path 4xx in the request language, as JSON, on every kind of route', async () => {
    for (const rawPath of ODD_PATHS) {
      for (const [language, notFound, badRequest] of [
        ['en', 'Nothing was found at this address', 'The request could not be understood'],
        ['tr', 'Aradığınız adres bulunamadı', 'İstek anlaşılamadı'],
      ] as const) {
        const seen = await send(server.origin, rawPath, { language });
        expect(seen.status, rawPath).toBeGreaterThanOrEqual(400);
        expect(seen.status, rawPath).toBeLessThan(500);
        expect(seen.contentType, rawPath).toMatch(/^application\/json/);
        const body = JSON.parse(seen.body) as { code: number; message: string };
        expect(body.code, rawPath).toBe(seen.status);
        expect([notFound, badRequest, language === 'en' ? 'Crest not found' : 'Arma bulunamadı'], rawPath).toContain(body.message);
      }
    }
  });

  it('answers odd queries and headers without a 5xx', async () => {
    for (const rawPath of ODD_QUERIES) {
      const seen = await send(server.origin, rawPath, { language: 'en' });
      expect(seen.status, rawPath).toBeLessThan(500);
    }
    const headers: Array<Record<string, string>> = [
      { cookie: 'tribun_session=%0A%ff; tribun_theme=\u00ff' },
      { token: '%0D%0A' },
      { 'accept-language': '%0a;q=x, *;q=-1' },
      { language: '../../etc' },
      { 'x-forwarded-for': '%0A1.2.3.4' },
    ];
    for (const header of headers) {
      for (const rawPath of ['/', '/api/user/info', '/crests/team/1.svg']) {
        const seen = await send(server.origin, rawPath, header);
        expect(seen.status, `${rawPath} ${JSON.stringify(header)}`).toBeLessThan(500);
      }
    }
    for (const head of [
      'GET / HTTP/1.1\r\nHost: x\r\nLanguage: \u0001en\r\nConnection: close\r\n\r\n',
      'GET /%0A HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n',
      'GET /crests/team/\r\nX.svg HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    ]) {
      expect(await sendRaw(server.origin, head)).toMatch(/^HTTP\/1\.1 4\d\d /);
    }
  });

  it('logs every refused request in one JSON line, without a stack', async () => {
    // Give the last lines time to reach the pipe.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const lines = server
      .output()
      .slice(logFrom)
      .split('\n')
      .filter((line) => line.trim() !== '');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      // One JSON object per line: a stack trace printed as text would be lines of its own.
      expect(line.startsWith('{'), line).toBe(true);
      const entry = JSON.parse(line) as { level: number; status?: number; err?: unknown; stack?: unknown; msg: string };
      expect(entry.level, line).toBeLessThan(50);
      expect(entry.err, line).toBeUndefined();
      expect(entry.stack, line).toBeUndefined();
    }
    const refused = lines.map((line) => JSON.parse(line) as { msg: string; url?: string; status?: number }).filter((entry) => entry.msg === 'request refused');
    expect(refused.some((entry) => entry.url === '/crests/team/%0D%0AX.svg' && entry.status === 400)).toBe(true);
  });
});
