import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openVisitor, startServerAndBrowser } from './support/page';
import type { RunningServer } from './support/server';

/**
 * A page that arrives slowly still comes to life. The client entry is an async module: on a slow
 * network it runs while the rest of the document is still on its way, and it reads the texts
 * the page carries (app/i18n/page-texts.tsx) before hydrating. A reader whose document paused
 * inside that block got a page that never hydrated (a JSON syntax error) — a phone on a weak
 * signal, or any busy evening. Here a small proxy in front of the real server sends each page up
 * to the middle of the texts block, waits, then sends the rest, in real Chromium.
 */
const PAUSE_MS = 1500;

let server: RunningServer;
let browser: Browser;
let proxy: Server;
let proxyOrigin: string;

/** The document split in the middle of the texts block (whole, if the page has none). */
function splitInsideTexts(html: string): [string, string] {
  const start = html.indexOf('id="page-texts"');
  if (start < 0) return [html, ''];
  const end = html.indexOf('</script>', start);
  const middle = Math.floor((start + end) / 2);
  return [html.slice(0, middle), html.slice(middle)];
}

async function forward(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const upstream = await fetch(`${server.origin}${request.url ?? '/'}`, {
    method: request.method,
    headers: { 'user-agent': request.headers['user-agent'] ?? '', accept: request.headers.accept ?? '*/*', 'accept-encoding': 'identity' },
    redirect: 'manual',
  });
  const headers: Record<string, string> = {};
  upstream.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'content-encoding' && name !== 'transfer-encoding') headers[name] = value;
  });
  const body = await upstream.text();
  response.writeHead(upstream.status, headers);
  if (!(upstream.headers.get('content-type') ?? '').startsWith('text/html')) {
    response.end(body);
    return;
  }
  const [first, rest] = splitInsideTexts(body);
  response.write(first);
  await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  response.end(rest);
}

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser({ SIM: 'off' }));
  proxy = createServer((request, response) => {
    forward(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyOrigin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  await browser?.close();
  await server?.stop();
});

describe('a document that arrives in two parts', () => {
  it.each(['/about', '/en/forecast', '/zh/football'])('still hydrates %s with its texts, with no script error', async (path) => {
    const visitor = await openVisitor(browser);
    const errors: string[] = [];
    visitor.page.on('pageerror', (error) => errors.push(String(error)));
    try {
      await visitor.page.goto(`${proxyOrigin}${path}`);
      await visitor.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 20_000 });
      expect(errors).toEqual([]);
      // Its heading is words, not a text key.
      const title = await visitor.page.locator('h1').first().textContent();
      expect(title ?? '').not.toMatch(/^[a-z]+(\.[a-zA-Z]+)+$/);
    } finally {
      await visitor.context.close();
    }
  });
});
