import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, buildApiHeaders, createApiClient } from './api-client';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

let server: Server;
let base: string;
let seen: Seen[] = [];
let handler: (req: IncomingMessage, res: ServerResponse, count: number) => void = () => {};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, at: Date.now() });
      handler(req, res, seen.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
});

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

const unauthorized: string[] = [];
const client = createApiClient({
  baseUrl: () => base,
  headers: () => buildApiHeaders({ token: 'tok', deviceId: 'dev-1', pathname: '/en/football', documentLang: 'tr-TR' }),
  onUnauthorized: (request) => unauthorized.push(request.url),
  timeoutMs: 300,
});

describe('apiFetch against a real HTTP server', () => {
  it('sends the section 7 headers and the query, and returns the JSON answer', async () => {
    handler = (_req, res) => json(res, 200, { code: 1, data: { ok: true } });
    const answer = await client<{ code: number }>('/api/match_recent/anew_list', { query: { day: 1700000000, keywords: '', page: undefined } });
    expect(answer).toEqual({ code: 1, data: { ok: true } });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe('/api/match_recent/anew_list?day=1700000000&keywords=');
    expect(seen[0]?.headers).toMatchObject({ token: 'tok', 'uni-cid': 'dev-1', language: 'en', 'x-app-plat': 'PC' });
  });

  it('sends object bodies as JSON and FormData as multipart', async () => {
    handler = (_req, res) => json(res, 200, {});
    await client('/api/football/collectAdd', { method: 'POST', body: { match_id: 7 } });
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ match_id: 7 });

    const form = new FormData();
    form.set('nickname', 'Tribün');
    await client('/api/upload', { method: 'POST', body: form });
    expect(seen[1]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[1]?.body).toContain('Tribün');
  });

  it('retries a GET once, 300 ms later, on 503 and returns the second answer', async () => {
    handler = (_req, res, count) => (count === 1 ? json(res, 503, { code: 503 }) : json(res, 200, { code: 0 }));
    await expect(client('/api/basketball')).resolves.toEqual({ code: 0 });
    expect(seen).toHaveLength(2);
    expect((seen[1]?.at ?? 0) - (seen[0]?.at ?? 0)).toBeGreaterThanOrEqual(290);
  });

  it('rejects after the one retry when the GET keeps failing', async () => {
    handler = (_req, res) => json(res, 502, { code: 502, message: 'down', data: null });
    const error = await client('/api/basketball').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 502, message: 'Bad Gateway', data: { code: 502, message: 'down', data: null } });
    expect(seen).toHaveLength(2);
  });

  it('never repeats a POST', async () => {
    handler = (_req, res) => json(res, 503, {});
    await expect(client('/api/user/login', { method: 'POST', body: {} })).rejects.toMatchObject({ code: 503 });
    expect(seen).toHaveLength(1);
  });

  it('does not retry a 404 and rejects with status, status text, body and request', async () => {
    handler = (_req, res) => json(res, 404, { code: 404, message: 'Match not found', data: null });
    const error = (await client('/api/match/1').catch((e: unknown) => e)) as ApiError;
    expect(seen).toHaveLength(1);
    expect(error.code).toBe(404);
    expect(error.message).toBe('Not Found');
    expect(error.data).toEqual({ code: 404, message: 'Match not found', data: null });
    expect(error.request).toEqual({ method: 'GET', url: `${base}/api/match/1` });
  });

  it('gives null data for an error body that is not JSON', async () => {
    handler = (_req, res) => {
      res.writeHead(400, { 'Content-Type': 'text/html' });
      res.end('<h1>bad</h1>');
    };
    await expect(client('/api/x', { method: 'POST', body: {} })).rejects.toMatchObject({ code: 400, data: null });
  });

  it('reports a 401 to the session handler', async () => {
    handler = (_req, res) => json(res, 401, { code: 401, message: 'Unauthorized', data: null });
    await expect(client('/api/user/info', { method: 'POST' })).rejects.toMatchObject({ code: 401 });
    expect(unauthorized).toEqual([`${base}/api/user/info`]);
  });

  it('gives up when the server does not answer in time', async () => {
    handler = () => {};
    const started = Date.now();
    await expect(client('/api/slow', { method: 'POST' })).rejects.toMatchObject({ code: 0, message: 'Request Timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('buildApiHeaders', () => {
  it('takes the language from the path prefix, else the document, else Turkish', () => {
    expect(buildApiHeaders({ token: null, deviceId: 'd', pathname: '/zh/basketball', documentLang: 'en-US' }).Language).toBe('zh');
    expect(buildApiHeaders({ token: null, deviceId: 'd', pathname: '/basketball', documentLang: 'en-US' }).Language).toBe('en');
    expect(buildApiHeaders({ token: null, deviceId: 'd', pathname: '/basketball', documentLang: null }).Language).toBe('tr');
  });

  it('sends Token only when logged in', () => {
    expect(buildApiHeaders({ token: null, deviceId: 'd', pathname: '/', documentLang: null })).not.toHaveProperty('Token');
    expect(buildApiHeaders({ token: 'abc', deviceId: 'd', pathname: '/', documentLang: null }).Token).toBe('abc');
  });
});
