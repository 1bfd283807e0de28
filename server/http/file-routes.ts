import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../errors';
import { verifyFileLink } from '../storage/file-links';
import { fileVisibility, isFileKey, type ByteRange, type FileStorage } from '../storage/storage';

export interface FileRoutesOptions {
  storage: FileStorage;
  /** the key of private links (`loadFileLinkSecret`) */
  linkSecret: Buffer;
  now?: () => number;
}

/**
 * A stored file must never run as part of the site: the browser is told not to guess its type,
 * to treat it as a sandboxed document with no right to load or run anything, and to download
 * anything that is not a picture (decision 132).
 */
const FILE_CSP = "sandbox; default-src 'none'";
const IMAGE_TYPES = new Set(['image/webp', 'image/jpeg', 'image/png']);

/**
 * `GET /files/<key>` (and HEAD): a user file streamed from storage with the content type the
 * pipeline stored, never one a client sent. Public keys are immutable (a new upload is a new
 * key) and kept for a year; private keys answer only a valid, unexpired signed link
 * (`signFileLink`). Anything else — an unknown, odd, tampered or expired address — is the one
 * 404 body. One byte range is honoured (video seeking); a range that does not fit is ignored.
 */
export const fileRoutes: FastifyPluginAsync<FileRoutesOptions> = async (app, options) => {
  const now = options.now ?? Date.now;

  app.get<{ Params: { '*': string }; Querystring: Record<string, unknown> }>('/files/*', { schema: { hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    if (!isFileKey(key)) throw new AppError('NOT_FOUND');
    const isPrivate = fileVisibility(key) === 'private';
    if (isPrivate && !verifyFileLink(key, request.query, { secret: options.linkSecret, now: now() })) throw new AppError('NOT_FOUND');

    const info = await options.storage.head(key);
    if (!info) throw new AppError('NOT_FOUND');
    const range = parseRange(request.headers.range, info.size);
    const file = await options.storage.get(key, range ? { range } : {});
    if (!file) throw new AppError('NOT_FOUND');

    reply
      .header('content-type', file.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', FILE_CSP)
      .header('cross-origin-resource-policy', 'same-origin')
      .header('accept-ranges', 'bytes')
      .header('cache-control', isPrivate ? 'private, no-store' : 'public, max-age=31536000, immutable');
    if (!IMAGE_TYPES.has(file.contentType)) reply.header('content-disposition', 'attachment');
    if (file.range) {
      reply
        .code(206)
        .header('content-range', `bytes ${file.range.start}-${file.range.end}/${file.size}`)
        .header('content-length', String(file.range.end - file.range.start + 1));
    } else {
      reply.header('content-length', String(file.size));
    }
    return reply.send(file.body);
  });
};

/**
 * One `bytes=a-b`, `bytes=a-` or `bytes=-n` range within the file, or undefined: several ranges,
 * other units, a range past the end and numbers too large to be positions are all answered with
 * the whole file, as HTTP allows.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | undefined {
  if (!header || size === 0) return undefined;
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  let start: number;
  let end: number;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return undefined;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(first);
    end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  }
  if (start > end || start >= size) return undefined;
  return { start, end };
}
