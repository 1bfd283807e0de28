import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The encodings the site answers in, best first (brotli is ~15% smaller than gzip on our pages). */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Answers smaller than this go out as they are: the headers would outweigh the saving. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli quality for answers made per request. 4 is the usual choice for dynamic content (a few
 * times faster than gzip -6 at a similar size); 11 is for build time only.
 */
const DYNAMIC_BROTLI_QUALITY = 4;
/** Bytes compressed once and sent many times (kept list answers, cached pages) earn more effort. */
const KEPT_BROTLI_QUALITY = 6;
const KEPT_GZIP_LEVEL = 6;
/**
 * Brotli's window: 2^18 = 256 KB covers our largest page (~180 KB). The default 4 MB window
 * costs each compression in flight 8–12 MB of native memory (decision 086).
 */
const BROTLI_WINDOW_BITS = 18;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses every text answer above the threshold on the fly (HTML, JSON, JavaScript, CSS, SVG,
 * XML) in brotli or gzip, as the request's Accept-Encoding prefers, with `Vary: Accept-Encoding`.
 * Answers that already carry a Content-Encoding (built assets served precompressed, kept bytes)
 * pass untouched. Request bodies are never decompressed: a compressed upload is refused as any
 * other body the route cannot read, and no client can make the server inflate a bomb.
 * Register before the routes: the plugin hooks every route added after it.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: [...ENCODINGS],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    brotliOptions: {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY, [zlibConstants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS },
    },
    globalDecompression: false,
  });
}

/** The encoding to answer a request in, or null for the bytes as they are. */
export function preferredEncoding(request: Pick<FastifyRequest, 'headers'>): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || header === '') return null;
  const chosen = negotiate(header, [...ENCODINGS]);
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

/**
 * One answer's bytes kept in memory and sent to many requests, with its compressed forms made
 * once, on first demand, off the event loop (zlib's thread pool); requests arriving while one is
 * being made share it.
 */
export class KeptBytes {
  readonly #encoded = new Map<Encoding, Promise<Buffer>>();
  #encodedBytes = 0;

  constructor(readonly identity: Buffer) {}

  /** The bytes in `encoding`; null for none or when compressing would not pay. */
  async encoded(encoding: Encoding | null): Promise<Buffer | null> {
    if (encoding === null || this.identity.length < COMPRESSION_THRESHOLD_BYTES) return null;
    let pending = this.#encoded.get(encoding);
    if (pending === undefined) {
      pending =
        encoding === 'br'
          ? brotliAsync(this.identity, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: KEPT_BROTLI_QUALITY,
                [zlibConstants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: this.identity.length,
              },
            })
          : gzipAsync(this.identity, { level: KEPT_GZIP_LEVEL });
      pending.then(
        (body) => (this.#encodedBytes += body.length),
        () => this.#encoded.delete(encoding),
      );
      this.#encoded.set(encoding, pending);
    }
    return pending;
  }

  /** Bytes held: the plain form and every compressed form made so far (a cache's weight). */
  get byteLength(): number {
    return this.identity.length + this.#encodedBytes;
  }
}

/**
 * Sends kept bytes in the encoding the request prefers, with Content-Encoding and
 * `Vary: Accept-Encoding` (always: a shared cache must not hand brotli to a client without it).
 * The content type is the caller's.
 */
export async function sendKept(request: FastifyRequest, reply: FastifyReply, kept: KeptBytes): Promise<FastifyReply> {
  const encoding = preferredEncoding(request);
  const body = await kept.encoded(encoding);
  reply.header('vary', mergeVary(reply.getHeader('vary'), 'Accept-Encoding'));
  if (body === null || encoding === null) return reply.send(kept.identity);
  return reply.header('content-encoding', encoding).send(body);
}

/** A Vary value with `name` added once. */
export function mergeVary(current: unknown, name: string): string {
  const names = typeof current === 'string' && current !== '' ? current.split(',').map((part) => part.trim()) : [];
  if (names.some((existing) => existing.toLowerCase() === name.toLowerCase() || existing === '*')) return names.join(', ');
  return [...names, name].join(', ');
}
