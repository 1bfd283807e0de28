import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from '../../core/contracts/text';
import type { MessageKey } from '../../core/messages/messages';
import type { Db } from '../db/client';
import { AppError, invalidFields } from '../errors';
import { IMAGE_TYPES, makeImageVariants } from '../storage/images';
import { createFileFolder, type FileStorage, type FileVisibility } from '../storage/storage';
import { forgetStoredFiles, recordStoredFiles } from '../storage/stored-files';
import { extractFirstFrame, probeVideo, rewriteVideo, VIDEO_TYPES, type VideoTools, type VideoType } from '../storage/videos';

/**
 * The one upload path (decision 132): a route that takes pictures or videos registers the
 * multipart parser in its plugin (`registerUploads`) and calls `readUploads` with its own
 * limits. Every file is checked by its bytes, pictures are written anew without metadata, videos
 * are probed and rewritten, and only when every file of the request passed is anything stored.
 * Every stored key is recorded (`stored_files`, its uploader as owner) before its bytes are put;
 * the feature claims the keys it keeps in the transaction that writes its row, and what is never
 * claimed is swept after the grace period (server/storage/stored-files.ts).
 *
 *   await registerUploads(app);
 *   app.post('/api/activity/evidence', async (request) => {
 *     const { files, fields } = await readUploads(request, uploads, {
 *       maxFiles: 3, maxMegabytes: 20, kinds: ['image', 'video'], visibility: 'private',
 *     });
 *     // validate `fields` with the route's zod schema, then in one transaction:
 *     await db.transaction(async (tx) => {
 *       // insert the feature's row with files[i].key, and take the files
 *       const { missing } = await claimStoredFiles(tx, { keys: uploadKeys(files), ownerId: request.user!.id, now });
 *       if (missing.length > 0) throw new AppError('UPLOAD_FAILED');
 *     });
 *   });
 */

export type UploadKind = 'image' | 'video';

/** What one route accepts. */
export interface UploadRules {
  /** files per request, 1–20 */
  maxFiles: number;
  /** bytes per file, in MB (the number the messages show), at most 500 */
  maxMegabytes: number;
  /** a tighter limit for pictures where a route takes videos too (a picture over it: UPLOAD_TOO_LARGE); maxMegabytes when absent */
  maxImageMegabytes?: number;
  kinds: readonly UploadKind[];
  /** public files are served to anyone who has the key; private ones only through signed links */
  visibility: FileVisibility;
  /** longest video in seconds; 60 when absent */
  maxVideoSeconds?: number;
  /** largest picture in megapixels (width × height, every frame of an animation counted); 50 when absent */
  maxImageMegapixels?: number;
}

/** What the pipeline stores into and probes videos with; made once at start (server/start.ts). */
export interface UploadPipeline {
  storage: FileStorage;
  /** null without ffprobe/ffmpeg: video uploads are refused with a clear message */
  video: VideoTools | null;
  /** where every stored key is recorded until a feature claims it (`stored_files`) */
  db: Db;
  /** the clock of the records (tests move it); the wall clock when absent */
  now?: () => Date;
}

export interface StoredVariant {
  /** `w320`, `w1280` for pictures; `poster` (its first frame, 320 px wide WebP) and `video` for a video */
  name: string;
  key: string;
  contentType: string;
  width: number;
  height: number;
  size: number;
}

export interface StoredUpload {
  kind: UploadKind;
  /** the form field the file came in */
  field: string;
  /** the variant to show by default: the largest picture, or the video */
  key: string;
  contentType: string;
  width: number;
  height: number;
  durationSec?: number;
  /** an animated picture (a GIF, stored as animated WebP): its frame count; absent for a still one */
  frames?: number;
  variants: StoredVariant[];
}

export interface ReadUploads {
  files: StoredUpload[];
  /** the text fields of the form, for the route's own zod schema */
  fields: Record<string, string>;
}

const DEFAULT_MAX_VIDEO_SECONDS = 60;
const DEFAULT_MAX_IMAGE_MEGAPIXELS = 50;
/** Longer side of a video; 4K fits. */
const MAX_VIDEO_DIMENSION = 4096;
/** The most any route may take: files per request and megabytes per file. */
const MAX_FILES = 20;
const MAX_MEGABYTES = 500;
const MAX_TEXT_FIELDS = 20;
const MAX_TEXT_FIELD_BYTES = 10_000;

/**
 * The multipart parser for the routes of the calling plugin (encapsulated: other routes still
 * answer a multipart body with 415). Its limits are the widest any route may ask; `readUploads`
 * narrows them per route. Call once per plugin.
 */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  if (app.hasContentTypeParser('multipart/form-data')) return;
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fieldNameSize: 100, fieldSize: MAX_TEXT_FIELD_BYTES, fields: MAX_TEXT_FIELDS, files: MAX_FILES, headerPairs: 100, parts: MAX_FILES + MAX_TEXT_FIELDS },
  });
}

/**
 * Reads every file of a multipart request under the route's rules, checks and stores them, and
 * answers what was stored. Throws a translated AppError when anything is refused; then nothing is
 * stored and no temporary file is left.
 */
export async function readUploads(request: FastifyRequest, uploads: UploadPipeline, rules: UploadRules): Promise<ReadUploads> {
  if (typeof request.isMultipart !== 'function') throw new Error('readUploads needs registerUploads(app) in the route’s plugin');
  assertRules(rules);
  if (!request.isMultipart()) throw new AppError('UPLOAD_EMPTY');
  const maxBytes = Math.floor(rules.maxMegabytes * 1024 * 1024);
  const work = await mkdtemp(path.join(tmpdir(), 'tribun-upload-'));
  try {
    const { received, fields } = await receiveFiles(request, work, rules, maxBytes);
    if (received.length === 0) throw new AppError('UPLOAD_EMPTY');
    const prepared: PreparedUpload[] = [];
    for (const [index, file] of received.entries()) prepared.push(await prepareFile(file, path.join(work, `out-${index}`), uploads, rules));
    return { files: await storeAll(uploads, prepared, { visibility: rules.visibility, ownerId: request.user?.id ?? null }), fields };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** A route's limits are the programmer's, checked once per call: a wrong one is a bug, never the client's. */
function assertRules(rules: UploadRules): void {
  const valid =
    Number.isInteger(rules.maxFiles) && rules.maxFiles >= 1 && rules.maxFiles <= MAX_FILES &&
    rules.maxMegabytes > 0 && rules.maxMegabytes <= MAX_MEGABYTES &&
    rules.kinds.length > 0 &&
    (rules.maxVideoSeconds === undefined || rules.maxVideoSeconds > 0) &&
    (rules.maxImageMegapixels === undefined || rules.maxImageMegapixels > 0) &&
    (rules.maxImageMegabytes === undefined || (rules.maxImageMegabytes > 0 && rules.maxImageMegabytes <= rules.maxMegabytes));
  if (!valid) throw new Error(`upload rules out of range: ${JSON.stringify(rules)}`);
}

interface ReceivedFile {
  field: string;
  path: string;
  size: number;
}

async function receiveFiles(request: FastifyRequest, work: string, rules: UploadRules, maxBytes: number) {
  const received: ReceivedFile[] = [];
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  try {
    const parts = request.parts({
      limits: { fileSize: maxBytes, files: rules.maxFiles, fields: MAX_TEXT_FIELDS, parts: rules.maxFiles + MAX_TEXT_FIELDS },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) throw new AppError('PAYLOAD_TOO_LARGE');
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        // the one text rule (core/contracts/text.ts): a form's text may span lines, nothing else
        if (hasControlCharacters(part.fieldname)) throw new AppError('BAD_REQUEST');
        if (hasControlCharacters(value, { multiLine: true })) {
          throw invalidFields([{ field: part.fieldname, message: CONTROL_CHARACTERS_MESSAGE }]);
        }
        fields[part.fieldname] = value;
        continue;
      }
      if (hasControlCharacters(part.fieldname)) throw new AppError('BAD_REQUEST');
      const target = path.join(work, `in-${received.length}`);
      let size = 0;
      let tooLarge = false;
      // counted as it arrives: past the limit nothing more is written, and the part is drained
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > maxBytes) tooLarge = true;
          callback(null, tooLarge ? undefined : chunk);
        },
      });
      await pipeline(part.file, counter, createWriteStream(target));
      if (tooLarge || part.file.truncated) throw new AppError('UPLOAD_TOO_LARGE', { params: { max: rules.maxMegabytes } });
      // a form whose file input was left empty still sends the part, with no bytes
      if (size === 0) {
        await rm(target, { force: true });
        continue;
      }
      received.push({ field: part.fieldname, path: target, size });
    }
  } catch (error) {
    throw toUploadError(error, rules);
  }
  return { received, fields };
}

/** What @fastify/multipart and busboy throw, as the closed set of codes. */
function toUploadError(error: unknown, rules: UploadRules): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return new AppError('UPLOAD_TOO_MANY_FILES', { params: { max: rules.maxFiles } });
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('UPLOAD_TOO_LARGE', { params: { max: rules.maxMegabytes } });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UPLOAD_EMPTY');
    case 'ENOSPC':
    case 'EACCES':
    case 'EROFS':
    case 'EMFILE':
      // the server could not keep the bytes: not the client's doing
      return new AppError('UPLOAD_FAILED', { cause: error });
    default:
      // a malformed or cut-off multipart body
      return new AppError('BAD_REQUEST', { cause: error });
  }
}

type PreparedUpload = Omit<StoredUpload, 'key' | 'variants'> & {
  variants: (Omit<StoredVariant, 'key' | 'size'> & { body: { buffer: Buffer } | { file: string; size: number }; ext: string })[];
};

function typeRefusal(kinds: readonly UploadKind[]): MessageKey {
  if (kinds.includes('image') && kinds.includes('video')) return 'upload.type.media';
  return kinds.includes('video') ? 'upload.type.videos' : 'upload.type.images';
}

/** Checks one received file by its bytes and makes what will be stored of it. */
async function prepareFile(file: ReceivedFile, outputBase: string, uploads: UploadPipeline, rules: UploadRules): Promise<PreparedUpload> {
  const detected = await fileTypeFromFile(file.path);
  const mime = detected?.mime ?? '';
  const kind: UploadKind | null = (IMAGE_TYPES as readonly string[]).includes(mime)
    ? 'image'
    : (VIDEO_TYPES as readonly string[]).includes(mime)
      ? 'video'
      : null;
  if (!kind || !rules.kinds.includes(kind)) throw new AppError('UPLOAD_TYPE_NOT_ALLOWED', { message: typeRefusal(rules.kinds) });

  if (kind === 'image') {
    if (rules.maxImageMegabytes !== undefined && file.size > Math.floor(rules.maxImageMegabytes * 1024 * 1024)) {
      throw new AppError('UPLOAD_TOO_LARGE', { params: { max: rules.maxImageMegabytes } });
    }
    const maxMegapixels = rules.maxImageMegapixels ?? DEFAULT_MAX_IMAGE_MEGAPIXELS;
    const result = await makeImageVariants(file.path, { maxPixels: Math.floor(maxMegapixels * 1_000_000) });
    if (!Array.isArray(result)) {
      if (result.reason === 'tooManyPixels') {
        const message = result.isAnimated ? 'upload.image.animationTooLarge' : 'upload.image.tooManyPixels';
        throw new AppError('UPLOAD_TOO_LARGE', { message, params: { max: maxMegapixels } });
      }
      if (result.reason === 'tooManyFrames') throw new AppError('UPLOAD_TOO_LARGE', { message: 'upload.image.tooManyFrames', params: { max: result.max } });
      throw new AppError('UPLOAD_UNREADABLE');
    }
    const largest = result[result.length - 1];
    if (!largest) throw new AppError('UPLOAD_UNREADABLE');
    return {
      kind,
      field: file.field,
      contentType: largest.contentType,
      width: largest.width,
      height: largest.height,
      ...(largest.frames > 1 ? { frames: largest.frames } : {}),
      variants: result.map((variant) => ({
        name: variant.name,
        contentType: variant.contentType,
        width: variant.width,
        height: variant.height,
        ext: 'webp',
        body: { buffer: variant.data },
      })),
    };
  }

  if (!uploads.video) throw new AppError('UPLOAD_TYPE_NOT_ALLOWED', { message: 'upload.video.unavailable' });
  const maxSeconds = rules.maxVideoSeconds ?? DEFAULT_MAX_VIDEO_SECONDS;
  const facts = await probeVideo(uploads.video, file.path, { maxSeconds, maxDimension: MAX_VIDEO_DIMENSION });
  if ('reason' in facts) {
    if (facts.reason === 'tooLong') throw new AppError('UPLOAD_TOO_LARGE', { message: 'upload.video.tooLong', params: { max: maxSeconds } });
    if (facts.reason === 'dimensions') {
      throw new AppError('UPLOAD_TOO_LARGE', { message: 'upload.video.dimensions', params: { max: MAX_VIDEO_DIMENSION } });
    }
    throw new AppError('UPLOAD_UNREADABLE');
  }
  const output = `${outputBase}.video`;
  const contentType = await rewriteVideo(uploads.video, file.path, output, mime as VideoType);
  if (!contentType) throw new AppError('UPLOAD_UNREADABLE');
  const { size } = await stat(output);
  // a poster to show before playing: the first frame, as a picture made like any other
  const frame = `${outputBase}.poster.png`;
  const posters = (await extractFirstFrame(uploads.video, output, frame)) ? await makeImageVariants(frame, { maxPixels: 4096 * 4096 }) : null;
  if (!Array.isArray(posters) || !posters[0]) throw new AppError('UPLOAD_UNREADABLE');
  const poster = posters[0];
  return {
    kind,
    field: file.field,
    contentType,
    width: facts.width,
    height: facts.height,
    durationSec: facts.durationSec,
    variants: [
      {
        name: 'poster',
        contentType: poster.contentType,
        width: poster.width,
        height: poster.height,
        ext: 'webp',
        body: { buffer: poster.data },
      },
      {
        name: 'video',
        contentType,
        width: facts.width,
        height: facts.height,
        ext: contentType === 'video/webm' ? 'webm' : 'mp4',
        body: { file: output, size },
      },
    ],
  };
}

/** Every key of stored uploads, their variants included: what a feature claims and, when it deletes its row, releases. */
export function uploadKeys(uploads: readonly Pick<StoredUpload, 'variants'>[]): string[] {
  return uploads.flatMap((upload) => upload.variants.map((variant) => variant.key));
}

/**
 * Stores every prepared file, each upload in a fresh folder. The keys are recorded first, so a
 * crash after a put leaves a recorded, unclaimed file for the sweep, never an unknown one. A failed
 * put removes what this request stored and forgets its records.
 */
async function storeAll(
  uploads: UploadPipeline,
  prepared: PreparedUpload[],
  options: { visibility: FileVisibility; ownerId: number | null },
): Promise<StoredUpload[]> {
  const { storage } = uploads;
  const planned = prepared.map((upload) => {
    const folder = createFileFolder(options.visibility);
    return {
      upload,
      variants: upload.variants.map((variant) => ({
        variant,
        key: `${folder}/${variant.name}.${variant.ext}`,
        size: 'buffer' in variant.body ? variant.body.buffer.length : variant.body.size,
      })),
    };
  });
  const keys = planned.flatMap((upload) => upload.variants.map((variant) => variant.key));
  try {
    await recordStoredFiles(
      uploads.db,
      planned.flatMap((upload) =>
        upload.variants.map(({ variant, key, size }) => ({ key, ownerId: options.ownerId, size, contentType: variant.contentType })),
      ),
      { now: uploads.now?.() ?? new Date() },
    );
  } catch (error) {
    throw new AppError('UPLOAD_FAILED', { cause: error });
  }
  const written: string[] = [];
  try {
    const stored: StoredUpload[] = [];
    for (const { upload, variants: planVariants } of planned) {
      const variants: StoredVariant[] = [];
      for (const { variant, key, size } of planVariants) {
        const body =
          'buffer' in variant.body ? variant.body.buffer : { stream: createReadStream(variant.body.file), size: variant.body.size };
        written.push(key);
        await storage.put(key, body, { contentType: variant.contentType });
        variants.push({ name: variant.name, key, contentType: variant.contentType, width: variant.width, height: variant.height, size });
      }
      const main = variants[variants.length - 1];
      if (!main) throw new Error('an upload without a stored variant');
      const { variants: _prepared, ...facts } = upload;
      stored.push({ ...facts, key: main.key, variants });
    }
    return stored;
  } catch (error) {
    await Promise.allSettled(written.map((key) => storage.delete(key)));
    // a record left behind (the database away too) is swept with its missing file
    await forgetStoredFiles(uploads.db, keys).catch(() => undefined);
    throw new AppError('UPLOAD_FAILED', { cause: error });
  }
}
