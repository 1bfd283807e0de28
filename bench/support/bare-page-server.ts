// The bare side of the page_load benchmark, in its own process (bench/page-load.ts forks it): a
// plain node:http server answering each page's URL with the bytes and headers the real server
// sent for it, captured just before, doing no work — no rendering, no compression (the
// compressed answer is sent as captured), no routing beyond one Map lookup. What the real server
// reaches next to it, on the same machine in the same run, is the share of the machine's HTTP
// capacity that the page's work leaves. Talks to its parent over IPC.
import { createServer, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** One captured answer: status, headers as the real server sent them (hop-by-hop ones dropped), body. */
export interface CapturedAnswer {
  status: number;
  headers: Array<[string, string]>;
  /** base64 of the body bytes as they went over the wire (compressed when content-encoding says so) */
  bodyBase64: string;
}

export interface CapturedPage {
  /** path and query, as requested */
  url: string;
  /** the answer to a request without Accept-Encoding */
  identity: CapturedAnswer;
  /** the answer to `Accept-Encoding: br, gzip`, when the real server compressed it */
  encoded?: CapturedAnswer & { encoding: string };
}

export type BareServerToParent =
  | { type: 'ready'; origin: string }
  | { type: 'cpu'; userMs: number; systemMs: number; rssMb: number; loopDelayMs: { p99: number; max: number } }
  | { type: 'failed'; error: string };
export type ParentToBareServer = { type: 'serve'; pages: CapturedPage[] } | { type: 'cpu' } | { type: 'stop' };

interface Prepared {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

function send(message: BareServerToParent): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });
}

function prepare(answer: CapturedAnswer): Prepared {
  const body = Buffer.from(answer.bodyBase64, 'base64');
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of answer.headers) {
    const existing = headers[name];
    if (existing === undefined) headers[name] = value;
    else headers[name] = [...(Array.isArray(existing) ? existing : [String(existing)]), value];
  }
  headers['content-length'] = body.length;
  return { status: answer.status, headers, body };
}

function offers(request: IncomingMessage, encoding: string): boolean {
  const accepted = request.headers['accept-encoding'];
  if (!accepted) return false;
  return accepted.split(',').some((part) => part.split(';')[0]?.trim().toLowerCase() === encoding);
}

function serve(pages: CapturedPage[]): Promise<string> {
  const byUrl = new Map(
    pages.map((page) => [
      page.url,
      { identity: prepare(page.identity), encoded: page.encoded ? { encoding: page.encoded.encoding, answer: prepare(page.encoded) } : undefined },
    ]),
  );
  const server = createServer((request, response) => {
    const page = byUrl.get(request.url ?? '');
    if (!page) {
      response.writeHead(404, { 'content-length': 0 });
      response.end();
      return;
    }
    const answer = page.encoded && offers(request, page.encoded.encoding) ? page.encoded.answer : page.identity;
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  });
  // Fastify's keep-alive timeout, as on the real server: autocannon's connections stay open.
  server.keepAliveTimeout = 72_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    });
  });
}

const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
process.on('message', (message: ParentToBareServer) => {
  if (message.type === 'serve') {
    serve(message.pages).then(
      (origin) => send({ type: 'ready', origin }),
      (error: unknown) => send({ type: 'failed', error: error instanceof Error ? error.message : String(error) }),
    );
  } else if (message.type === 'cpu') {
    const usage = process.cpuUsage();
    const loopDelayMs = { p99: Math.round(loopDelay.percentile(99) / 1e6), max: Math.round(loopDelay.max / 1e6) };
    loopDelay.reset();
    void send({ type: 'cpu', userMs: usage.user / 1000, systemMs: usage.system / 1000, rssMb: Math.round(process.memoryUsage().rss / 1e6), loopDelayMs });
  } else if (message.type === 'stop') {
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
