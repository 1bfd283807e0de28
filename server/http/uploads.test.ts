import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { storedFiles } from '../db/schema/stored-files';
import { createMatchService } from '../modules/matches/matches.service';
import { createDiskStorage } from '../storage/disk-storage';
import { loadFileLinkSecret, signFileLink } from '../storage/file-links';
import { createS3Storage } from '../storage/s3-storage';
import type { FileStorage } from '../storage/storage';
import { findVideoTools, type VideoTools } from '../storage/videos';
import { useTestDatabase, type TestDatabaseKind } from '../test-support/db';
import { startTestS3Store, type TestS3Store } from '../test-support/s3-store';
import { readUploads, registerUploads, type StoredUpload, type UploadPipeline } from './uploads';

/**
 * The upload pipeline and the file route as a client meets them (decision 132): real multipart
 * bodies through the whole app, refusals with their translated messages and nothing stored,
 * pictures written anew without metadata, videos probed and rewritten, files served with the
 * headers that keep them from running as part of the site. The same suite runs on disk with
 * PGlite and on a real S3-compatible server with PostgreSQL.
 */
const run = promisify(execFile);
const SETUPS: { storage: 'disk' | 's3'; database: TestDatabaseKind }[] = [
  { storage: 'disk', database: 'pglite' },
  { storage: 's3', database: 'postgres' },
];

interface Part {
  field: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

const BOUNDARY = '----tribun-test-boundary';

function partHeader(part: Omit<Part, 'data'>): string {
  const disposition = part.filename === undefined
    ? `form-data; name="${part.field}"`
    : `form-data; name="${part.field}"; filename="${part.filename}"`;
  return `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''}\r\n`;
}

function multipartBody(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) chunks.push(Buffer.from(partHeader(part)), Buffer.from(part.data), Buffer.from('\r\n'));
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/** A PNG header claiming 100000 × 100000 pixels around a few bytes of data: an image bomb. */
function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A GIF written byte by byte: a logical screen of `screen` pixels and `frames` frames, each a
 * `frame`-sized image descriptor around one pixel of LZW data — a few bytes per frame, however
 * large the frames say they are. Huge dimensions or thousands of frames make an image bomb.
 */
function gifBomb(options: { screen: [number, number]; frame: [number, number]; frames: number }): Buffer {
  const header = Buffer.alloc(13);
  header.write('GIF89a', 0, 'ascii');
  header.writeUInt16LE(options.screen[0], 6);
  header.writeUInt16LE(options.screen[1], 8);
  header[10] = 0x80; // a global colour table of two colours
  const palette = Buffer.from([0, 0, 0, 255, 255, 255]);
  const descriptor = Buffer.from([0x2c, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  descriptor.writeUInt16LE(options.frame[0], 5);
  descriptor.writeUInt16LE(options.frame[1], 7);
  // graphic control (a tenth of a second), the descriptor, then LZW: minimum code size 2, one block [clear, 0, end]
  const frame = Buffer.concat([Buffer.from([0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00]), descriptor, Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00])]);
  return Buffer.concat([header, palette, ...Array.from({ length: options.frames }, () => frame), Buffer.from([0x3b])]);
}

/** A GIF comment extension: text a GIF carries beside its pixels. */
function gifComment(text: string): Buffer {
  const data = Buffer.from(text, 'latin1');
  return Buffer.concat([Buffer.from([0x21, 0xfe, data.length]), data, Buffer.from([0x00])]);
}

/** Whether EXIF data holds a GPS block (the GPS IFD pointer, tag 0x8825, in either byte order). */
function hasGpsPosition(exif: Buffer | undefined): boolean {
  return exif !== undefined && (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25])));
}

async function countTemporaryFolders(): Promise<number> {
  return (await readdir(tmpdir())).filter((name) => name.startsWith('tribun-upload-')).length;
}

describe.each(SETUPS)('uploads on $storage storage with $database', (setup) => {
  const database = useTestDatabase(setup.database);
  let app: FastifyInstance;
  let storage: FileStorage;
  let s3: TestS3Store | undefined;
  let root = '';
  let work = '';
  let video: VideoTools;
  let secret: Buffer;
  const fixtures: Record<string, Buffer> = {};

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'tribun-upload-fixtures-'));
    const tools = await findVideoTools();
    if (!tools) throw new Error('these tests need ffmpeg and ffprobe: run node scripts/ensure-ffmpeg.mjs');
    video = tools;
    if (setup.storage === 'disk') {
      root = await mkdtemp(path.join(tmpdir(), 'tribun-files-'));
      storage = createDiskStorage({ root });
    } else {
      s3 = await startTestS3Store();
      storage = createS3Storage(s3.options);
    }
    const { db } = database.current;
    secret = await loadFileLinkSecret(db);
    const uploads: UploadPipeline = { storage, video, db };
    app = await buildApp({
      db,
      matches: createMatchService({ db }),
      publicConfig: { brokerWsUrl: null, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } },
      files: { uploads, linkSecret: secret },
    });
    // Test routes as a feature would declare them, each with its own limits.
    await app.register(async (scope) => {
      await registerUploads(scope);
      scope.post('/test/pictures', async (request) => ({
        code: 0,
        data: await readUploads(request, uploads, { maxFiles: 2, maxMegabytes: 10, kinds: ['image'], visibility: 'public' }),
      }));
      scope.post('/test/clips', async (request) => ({
        code: 0,
        data: await readUploads(request, uploads, { maxFiles: 1, maxMegabytes: 5, kinds: ['video'], visibility: 'private', maxVideoSeconds: 3 }),
      }));
      scope.post('/test/evidence', async (request) => ({
        code: 0,
        data: await readUploads(request, uploads, { maxFiles: 3, maxMegabytes: 5, kinds: ['image', 'video'], visibility: 'private', maxImageMegapixels: 1 }),
      }));
      // a store that cannot write: its folder is a file
      scope.post('/test/broken-store', async (request) => ({
        code: 0,
        data: await readUploads(request, { storage: createDiskStorage({ root: path.join(work, 'not-a-folder') }), video, db }, {
          maxFiles: 2, maxMegabytes: 5, kinds: ['image'], visibility: 'public',
        }),
      }));
      scope.post('/test/no-video-tools', async (request) => ({
        code: 0,
        data: await readUploads(request, { storage, video: null, db }, { maxFiles: 1, maxMegabytes: 5, kinds: ['image', 'video'], visibility: 'private' }),
      }));
    });
    await app.ready();

    await writeFile(path.join(work, 'not-a-folder'), 'a file where the store expects a folder');
    // an animated GIF of six frames, each its own colour, 80 ms apiece, looping; with a comment
    // (written before the trailer) that must not survive
    const frameCount = 6;
    const [gifWidth, gifHeight] = [400, 200];
    const frames = Buffer.alloc(gifWidth * gifHeight * frameCount * 3);
    for (let frame = 0; frame < frameCount; frame += 1) {
      frames.fill(Buffer.from([frame * 40, 200 - frame * 30, 60]), frame * gifWidth * gifHeight * 3, (frame + 1) * gifWidth * gifHeight * 3);
    }
    const gif = await sharp(frames, { raw: { width: gifWidth, height: gifHeight * frameCount, channels: 3, pageHeight: gifHeight } })
      .gif({ delay: Array.from({ length: frameCount }, () => 80), loop: 0 })
      .toBuffer();
    fixtures.gif = Buffer.concat([gif.subarray(0, -1), gifComment('TribunSecretComment <script>alert(1)</script>'), gif.subarray(-1)]);
    fixtures.stillGif = await sharp({ create: { width: 300, height: 150, channels: 3, background: '#f80' } }).gif().toBuffer();
    fixtures.png = await sharp({ create: { width: 2000, height: 1000, channels: 4, background: { r: 0, g: 90, b: 200, alpha: 0.5 } } }).png().toBuffer();
    // a phone photo: taken sideways (orientation 6), with the place it was taken
    fixtures.gpsJpeg = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#c00' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'TribunTestCam' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 0/1 36/1', GPSLongitudeRef: 'E', GPSLongitude: '28/1 58/1 48/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    await run(video.ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=duration=1',
      '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest',
      '-metadata', 'location=+41.0082+028.9784/', '-movflags', 'use_metadata_tags', path.join(work, 'clip.mp4')]);
    fixtures.mp4 = await readFile(path.join(work, 'clip.mp4'));
    await run(video.ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=10', '-c:v', 'libvpx', '-b:v', '200k', path.join(work, 'clip.webm')]);
    fixtures.webm = await readFile(path.join(work, 'clip.webm'));
    await run(video.ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=10', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-f', 'mov', path.join(work, 'clip.mov')]);
    fixtures.mov = await readFile(path.join(work, 'clip.mov'));
    await run(video.ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=5:size=160x120:rate=25', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', path.join(work, 'long.mp4')]);
    fixtures.longMp4 = await readFile(path.join(work, 'long.mp4'));
    await run(video.ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=25', '-c:v', 'libx264', '-pix_fmt', 'yuv420p',
      '-movflags', '+faststart', path.join(work, 'faststart.mp4')]);
    const faststart = await readFile(path.join(work, 'faststart.mp4'));
    fixtures.truncatedMp4 = faststart.subarray(0, Math.floor(faststart.length * 0.6));
  });

  afterAll(async () => {
    await app?.close();
    await s3?.close();
    for (const folder of [root, work]) if (folder) await rm(folder, { recursive: true, force: true });
  });

  async function post(url: string, parts: Part[], language = 'en') {
    const response = await app.inject({ method: 'POST', url, headers: { ...MULTIPART, language }, payload: multipartBody(parts) });
    return { status: response.statusCode, body: response.json() as { code: number; message?: string; data: { error?: string; files?: StoredUpload[] } } };
  }

  async function storedKeys(): Promise<string[]> {
    return [...(await storage.list('public/')), ...(await storage.list('private/'))];
  }

  /** The keys recorded in `stored_files`, for the sweep of unclaimed files. */
  async function recordedKeys(): Promise<string[]> {
    return (await database.current.db.select({ key: storedFiles.key }).from(storedFiles).orderBy(asc(storedFiles.key))).map((row) => row.key);
  }

  /** Posts, expects the refusal, and that nothing was stored and no temporary file is left. */
  async function expectRefused(url: string, parts: Part[], expected: { status: number; error: string; message: string }) {
    const keysBefore = await storedKeys();
    const recordsBefore = await recordedKeys();
    const temporaryBefore = await countTemporaryFolders();
    const { status, body } = await post(url, parts);
    expect({ status, error: body.data.error, message: body.message }).toEqual(expected);
    expect(await storedKeys()).toEqual(keysBefore);
    expect(await recordedKeys()).toEqual(recordsBefore);
    expect(await countTemporaryFolders()).toBe(temporaryBefore);
  }

  it('stores a PNG as two WebP sizes, never enlarged, and serves them as pictures that cannot run', async () => {
    const { status, body } = await post('/test/pictures', [{ field: 'picture', filename: 'match.png', contentType: 'image/png', data: fixtures.png! }]);
    expect(status).toBe(200);
    const [upload] = body.data.files!;
    expect(upload).toMatchObject({ kind: 'image', field: 'picture', contentType: 'image/webp', width: 1280, height: 640 });
    expect(upload!.variants.map((variant) => [variant.name, variant.width, variant.height])).toEqual([['w320', 320, 160], ['w1280', 1280, 640]]);
    expect(upload!.key).toMatch(/^public\/[A-Za-z0-9_-]{22}\/w1280\.webp$/);
    // every stored key is recorded, unclaimed, with its size and type, for the sweep (decision 132)
    const [record] = await database.current.db.select().from(storedFiles).where(eq(storedFiles.key, upload!.variants[0]!.key));
    expect(record).toMatchObject({ ownerId: null, size: upload!.variants[0]!.size, contentType: 'image/webp', claimedAt: null });

    const served = await app.inject({ method: 'GET', url: `/files/${upload!.variants[0]!.key}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(served.headers['content-disposition']).toBeUndefined();
    const metadata = await sharp(served.rawPayload).metadata();
    expect({ format: metadata.format, width: metadata.width, hasAlpha: metadata.hasAlpha }).toEqual({ format: 'webp', width: 320, hasAlpha: true });

    // a picture of several megabytes goes through: the app's 64 KB body limit is for JSON, not uploads
    const noisy = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();
    expect(noisy.length).toBeGreaterThan(2 * 1024 * 1024);
    const large = await post('/test/pictures', [{ field: 'picture', filename: 'crowd.png', data: noisy }]);
    expect(large.status).toBe(200);
    expect(large.body.data.files![0]).toMatchObject({ width: 1200, height: 900 });

    // a small picture stays its size
    const small = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#0a0' } }).jpeg().toBuffer();
    const smallUpload = (await post('/test/pictures', [{ field: 'picture', filename: 'small.jpg', data: small }])).body.data.files![0]!;
    expect(smallUpload.variants.map((variant) => variant.width)).toEqual([200, 200]);
  });

  it('stores an animated GIF as an animated WebP in two sizes, its frames, timing and loop kept, its comment gone', async () => {
    expect(fixtures.gif!.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect(fixtures.gif!.includes(Buffer.from('TribunSecretComment'))).toBe(true);
    const { status, body } = await post('/test/pictures', [{ field: 'picture', filename: 'celebration.gif', contentType: 'image/gif', data: fixtures.gif! }]);
    expect(status).toBe(200);
    const upload = body.data.files![0]!;
    expect(upload).toMatchObject({ kind: 'image', contentType: 'image/webp', width: 400, height: 200, frames: 6 });
    expect(upload.key).toMatch(/^public\/[A-Za-z0-9_-]{22}\/w1280\.webp$/);
    expect(upload.variants.map((variant) => [variant.name, variant.contentType, variant.width, variant.height])).toEqual([
      ['w320', 'image/webp', 320, 160],
      ['w1280', 'image/webp', 400, 200],
    ]);
    for (const variant of upload.variants) {
      const served = await app.inject({ method: 'GET', url: `/files/${variant.key}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const metadata = await sharp(served.rawPayload, { animated: true }).metadata();
      expect({ format: metadata.format, width: metadata.width, pages: metadata.pages, pageHeight: metadata.pageHeight, delay: metadata.delay, loop: metadata.loop }).toEqual({
        format: 'webp',
        width: variant.width,
        pages: 6,
        pageHeight: variant.height,
        delay: [80, 80, 80, 80, 80, 80],
        loop: 0,
      });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('TribunSecretComment'))).toBe(false);
      expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false);
      // each frame keeps its own colour: the third is red 80, green 140
      const third = await sharp(served.rawPayload, { page: 2 }).raw().toBuffer();
      expect(Math.abs(third[0]! - 80)).toBeLessThan(12);
      expect(Math.abs(third[1]! - 140)).toBeLessThan(12);
    }

    // a GIF of one frame is a still picture, like any other
    const still = await post('/test/pictures', [{ field: 'picture', filename: 'logo.gif', data: fixtures.stillGif! }]);
    expect(still.status).toBe(200);
    const stillUpload = still.body.data.files![0]!;
    expect(stillUpload).toMatchObject({ kind: 'image', contentType: 'image/webp', width: 300, height: 150 });
    expect(stillUpload.frames).toBeUndefined();
    const stored = await storage.get(stillUpload.key);
    const metadata = await sharp(Buffer.concat(await stored!.body.toArray()), { animated: true }).metadata();
    expect([metadata.format, metadata.pages ?? 1]).toEqual(['webp', 1]);
  });

  it('refuses GIF bombs before decoding them, in the reader’s language, and stores nothing', async () => {
    // a logical screen and a frame of 65535 × 65535 pixels in a few bytes
    const screen = gifBomb({ screen: [65_535, 65_535], frame: [65_535, 65_535], frames: 1 });
    expect(screen.length).toBeLessThan(100);
    await expectRefused('/test/pictures', [{ field: 'picture', filename: 'screen.gif', data: screen }], {
      status: 413,
      error: 'UPLOAD_TOO_LARGE',
      message: 'The picture is too large: at most 50 megapixels',
    });
    // 100 frames of 1000 × 1000: each is 1 megapixel, together 100
    const frames = gifBomb({ screen: [1000, 1000], frame: [1000, 1000], frames: 100 });
    expect(frames.length).toBeLessThan(3000);
    await expectRefused('/test/pictures', [{ field: 'picture', filename: 'frames.gif', data: frames }], {
      status: 413,
      error: 'UPLOAD_TOO_LARGE',
      message: 'The animation is too large: at most 50 megapixels across all its frames',
    });
    // 2000 frames of 20 × 20: few pixels, far too many frames
    await expectRefused('/test/pictures', [{ field: 'picture', filename: 'long.gif', data: gifBomb({ screen: [20, 20], frame: [20, 20], frames: 2000 }) }], {
      status: 413,
      error: 'UPLOAD_TOO_LARGE',
      message: 'The animation is too long: at most 500 frames',
    });
    for (const [language, message] of [
      ['tr', 'Animasyon çok büyük: tüm karelerinin toplamı en fazla 50 megapiksel olabilir'],
      ['zh', '动画过大：所有帧合计最多 50 百万像素'],
    ] as const) {
      const { status, body } = await post('/test/pictures', [{ field: 'picture', filename: 'frames.gif', data: frames }], language);
      expect({ status, message: body.message }).toEqual({ status: 413, message });
    }
    // the route's own megapixels count every frame too: six frames of 400 × 200 are 0.48 of the 1 allowed…
    expect((await post('/test/evidence', [{ field: 'evidence', filename: 'ok.gif', data: fixtures.gif! }])).status).toBe(200);
    // …and 2 × 800 × 800 are 1.28
    const twoFrames = await sharp(Buffer.concat([Buffer.alloc(800 * 800 * 3, 90), Buffer.alloc(800 * 800 * 3, 200)]), { raw: { width: 800, height: 1600, channels: 3, pageHeight: 800 } }).gif().toBuffer();
    await expectRefused('/test/evidence', [{ field: 'evidence', filename: 'big.gif', data: twoFrames }], {
      status: 413,
      error: 'UPLOAD_TOO_LARGE',
      message: 'The animation is too large: at most 1 megapixels across all its frames',
    });
  });

  it('removes EXIF and the GPS position of a JPEG, and turns it upright first', async () => {
    const before = await sharp(fixtures.gpsJpeg!).metadata();
    expect(hasGpsPosition(before.exif)).toBe(true);
    expect(before.orientation).toBe(6);
    const { status, body } = await post('/test/pictures', [{ field: 'picture', filename: 'IMG_0001.jpg', contentType: 'image/jpeg', data: fixtures.gpsJpeg! }]);
    expect(status).toBe(200);
    const upload = body.data.files![0]!;
    for (const variant of upload.variants) {
      const stored = await storage.get(variant.key);
      const bytes = Buffer.concat(await stored!.body.toArray());
      const metadata = await sharp(bytes).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      // 400 × 200 taken sideways is 200 × 400 upright
      expect([metadata.width, metadata.height]).toEqual([200, 400]);
      expect(bytes.includes(Buffer.from('TribunTestCam'))).toBe(false);
    }
  });

  it('stores a short MP4 rewritten without its metadata, served only through a signed link that expires', async () => {
    const { status, body } = await post('/test/evidence', [{ field: 'evidence', filename: 'goal.mp4', contentType: 'video/mp4', data: fixtures.mp4! }]);
    expect(status).toBe(200);
    const upload = body.data.files![0]!;
    expect(upload).toMatchObject({ kind: 'video', contentType: 'video/mp4', width: 320, height: 240 });
    expect(upload.durationSec).toBeGreaterThan(0.9);
    expect(upload.durationSec).toBeLessThan(1.2);
    expect(upload.key).toMatch(/^private\/[A-Za-z0-9_-]{22}\/video\.mp4$/);
    expect(upload.variants.map((variant) => [variant.name, variant.contentType, variant.width, variant.height])).toEqual([
      ['poster', 'image/webp', 320, 240],
      ['video', 'video/mp4', 320, 240],
    ]);
    const poster = await app.inject({ method: 'GET', url: signFileLink(upload.variants[0]!.key, { secret, expiresAt: Date.now() / 1000 + 60 }) });
    expect(poster.headers['content-type']).toBe('image/webp');
    expect((await sharp(poster.rawPayload).metadata()).width).toBe(320);

    // without a signature, a private file is not there
    expect((await app.inject({ method: 'GET', url: `/files/${upload.key}`, headers: { language: 'en' } })).json()).toEqual({
      code: 404,
      message: 'Nothing was found at this address',
      data: { error: 'NOT_FOUND' },
    });

    const link = signFileLink(upload.key, { secret, expiresAt: Date.now() / 1000 + 300 });
    const served = await app.inject({ method: 'GET', url: link });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-disposition': 'attachment',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'cache-control': 'private, no-store',
    });
    // the original has the place it was filmed…
    expect(fixtures.mp4!.includes(Buffer.from('+41.0082+028.9784'))).toBe(true);
    // …the stored copy does not
    expect(served.rawPayload.includes(Buffer.from('+41.0082+028.9784'))).toBe(false);
    await writeFile(path.join(work, 'served.mp4'), served.rawPayload);
    const probed = JSON.parse((await run(video.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', path.join(work, 'served.mp4')])).stdout) as {
      format: { tags?: Record<string, string> };
    };
    expect(probed.format.tags?.location).toBeUndefined();

    // one byte range, for seeking
    const range = await app.inject({ method: 'GET', url: link, headers: { range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 0-99/${served.rawPayload.length}`);
    expect(range.rawPayload).toEqual(served.rawPayload.subarray(0, 100));

    // a tampered link, a link for another key and an expired link are the one 404
    const tampered = link.replace(/sig=./, (match) => (match.endsWith('A') ? 'sig=B' : 'sig=A'));
    const otherKey = link.replace('/video.mp4', '/other.mp4');
    const longer = link.replace(/expires=\d+/, `expires=${Math.floor(Date.now() / 1000) + 999_999}`);
    for (const url of [tampered, otherKey, longer]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    const expiredLink = signFileLink(upload.key, { secret, expiresAt: Date.now() / 1000 - 1 });
    const expired = await app.inject({ method: 'GET', url: expiredLink, headers: { language: 'zh' } });
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toMatchObject({ data: { error: 'NOT_FOUND' } });
    // a link signed with another server's secret is no link
    const foreign = signFileLink(upload.key, { secret: Buffer.alloc(32, 1), expiresAt: Date.now() / 1000 + 300 });
    expect((await app.inject({ method: 'GET', url: foreign })).statusCode).toBe(404);
  });

  it('keeps a WebM a WebM and turns a QuickTime movie into an MP4', async () => {
    const { status, body } = await post('/test/evidence', [
      { field: 'evidence', filename: 'a.webm', contentType: 'video/webm', data: fixtures.webm! },
      { field: 'evidence', filename: 'b.mov', contentType: 'video/quicktime', data: fixtures.mov! },
    ]);
    expect(status).toBe(200);
    expect(body.data.files!.map((file) => [file.kind, file.contentType, file.key.split('/')[2]])).toEqual([
      ['video', 'video/webm', 'video.webm'],
      ['video', 'video/mp4', 'video.mp4'],
    ]);
  });

  it('refuses what is not a picture or video by its bytes, whatever its name and type say', async () => {
    const png = fixtures.png!;
    await expectRefused('/test/clips', [{ field: 'clip', filename: 'goal.mp4', contentType: 'video/mp4', data: png }], {
      status: 415,
      error: 'UPLOAD_TYPE_NOT_ALLOWED',
      message: 'Only videos (MP4, WebM, MOV) can be uploaded here',
    });
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>';
    await expectRefused('/test/pictures', [{ field: 'picture', filename: 'logo.png', contentType: 'image/png', data: svg }], {
      status: 415,
      error: 'UPLOAD_TYPE_NOT_ALLOWED',
      message: 'Only pictures (JPEG, PNG, WebP, GIF) can be uploaded here',
    });
    await expectRefused('/test/pictures', [{ field: 'picture', filename: 'page.jpg', contentType: 'image/jpeg', data: '<html><script>alert(1)</script></html>' }], {
      status: 415,
      error: 'UPLOAD_TYPE_NOT_ALLOWED',
      message: 'Only pictures (JPEG, PNG, WebP, GIF) can be uploaded here',
    });
  });

  it('writes a polyglot anew as a clean picture, and refuses HTML behind a picture signature', async () => {
    const html = '<html><body><script>alert(document.cookie)</script></body></html>';
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123' } }).jpeg().toBuffer();
    const { status, body } = await post('/test/pictures', [{ field: 'picture', filename: 'a.jpg', data: Buffer.concat([jpeg, Buffer.from(html)]) }]);
    expect(status).toBe(200);
    for (const variant of body.data.files![0]!.variants) {
      const stored = await storage.get(variant.key);
      const bytes = Buffer.concat(await stored!.body.toArray());
      expect(bytes.includes(Buffer.from('<script'))).toBe(false);
      expect((await sharp(bytes).metadata()).format).toBe('webp');
    }
    const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    await expectRefused('/test/pictures', [{ field: 'picture', filename: 'b.png', data: Buffer.concat([pngSignature, Buffer.from(html.repeat(20))]) }], {
      status: 422,
      error: 'UPLOAD_UNREADABLE',
      message: 'The file could not be read: it may be damaged or incomplete',
    });
  });

  it('refuses an image bomb before decoding it, and a picture above the route’s megapixels', async () => {
    await expectRefused('/test/pictures', [{ field: 'picture', filename: 'bomb.png', data: pngBomb() }], {
      status: 413,
      error: 'UPLOAD_TOO_LARGE',
      message: 'The picture is too large: at most 50 megapixels',
    });
    await expectRefused('/test/evidence', [{ field: 'evidence', filename: 'big.png', data: fixtures.png! }], {
      status: 413,
      error: 'UPLOAD_TOO_LARGE',
      message: 'The picture is too large: at most 1 megapixels',
    });
  });

  it('refuses a 50 MB file streamed to a 10 MB route, in the reader’s language', async () => {
    const keysBefore = await storedKeys();
    const temporaryBefore = await countTemporaryFolders();
    const megabyte = Buffer.alloc(1024 * 1024, 7);
    for (const [language, message] of [
      ['en', 'The file exceeds the allowed file size of 10 MB'],
      ['tr', 'Dosya izin verilen boyutu aşıyor: bir dosya en fazla 10 MB olabilir'],
      ['zh', '文件超过允许的大小：最大 10 MB'],
    ] as const) {
      async function* body() {
        yield Buffer.from(partHeader({ field: 'picture', filename: 'huge.png', contentType: 'image/png' }));
        yield fixtures.png!.subarray(0, 64);
        for (let index = 0; index < 50; index += 1) yield megabyte;
        yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
      }
      const response = await app.inject({ method: 'POST', url: '/test/pictures', headers: { ...MULTIPART, language }, payload: Readable.from(body()) });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ code: 413, message, data: { error: 'UPLOAD_TOO_LARGE' } });
    }
    expect(await storedKeys()).toEqual(keysBefore);
    expect(await countTemporaryFolders()).toBe(temporaryBefore);
  });

  it('answers the 50 MB file over a real connection too, without waiting for or keeping the rest', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const megabyte = Buffer.alloc(1024 * 1024, 7);
    async function* body() {
      yield Buffer.from(partHeader({ field: 'picture', filename: 'huge.png', contentType: 'image/png' }));
      yield fixtures.png!.subarray(0, 64);
      for (let index = 0; index < 50; index += 1) yield megabyte;
      yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    }
    const keysBefore = await storedKeys();
    const response = await fetch(`${address}/test/pictures`, {
      method: 'POST',
      headers: { ...MULTIPART, language: 'en' },
      body: Readable.toWeb(Readable.from(body())) as ReadableStream<Uint8Array>,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ code: 413, message: 'The file exceeds the allowed file size of 10 MB', data: { error: 'UPLOAD_TOO_LARGE' } });
    expect(await storedKeys()).toEqual(keysBefore);
  });

  it('refuses too many files, an empty form and a body that is not a form', async () => {
    const picture = { field: 'picture', filename: 'p.png', data: fixtures.png! };
    await expectRefused('/test/pictures', [picture, picture, picture], {
      status: 400,
      error: 'UPLOAD_TOO_MANY_FILES',
      message: 'Maximum file count exceeded: you can upload at most 2 files',
    });
    const tooMany = await app.inject({ method: 'POST', url: '/test/pictures', headers: { ...MULTIPART, language: 'tr' }, payload: multipartBody([picture, picture, picture]) });
    expect(tooMany.json()).toMatchObject({ message: 'Dosya sayısı sınırı aşıldı: en fazla 2 dosya yükleyebilirsiniz' });
    await expectRefused('/test/pictures', [{ field: 'picture', filename: '', contentType: 'application/octet-stream', data: '' }, { field: 'caption', data: 'hello' }], {
      status: 400,
      error: 'UPLOAD_EMPTY',
      message: 'Select a picture or video before uploading',
    });
    const json = await app.inject({ method: 'POST', url: '/test/pictures', headers: { language: 'zh' }, payload: { picture: 'x' } });
    expect({ status: json.statusCode, body: json.json() }).toEqual({ status: 400, body: { code: 400, message: '上传前请先选择图片或视频', data: { error: 'UPLOAD_EMPTY' } } });
    await expectRefused('/test/pictures', [picture, { field: 'caption', data: 'Derbi\u0000gecesi' }], {
      status: 400,
      error: 'VALIDATION',
      message: 'The request is not valid',
    });
    const cutOff = await app.inject({ method: 'POST', url: '/test/pictures', headers: MULTIPART, payload: multipartBody([picture]).subarray(0, 5000) });
    expect(cutOff.statusCode).toBe(400);
  });

  it('refuses a truncated video, one longer than the route allows, and videos on a server without ffprobe', async () => {
    await expectRefused('/test/clips', [{ field: 'clip', filename: 'cut.mp4', data: fixtures.truncatedMp4! }], {
      status: 422,
      error: 'UPLOAD_UNREADABLE',
      message: 'The file could not be read: it may be damaged or incomplete',
    });
    await expectRefused('/test/clips', [{ field: 'clip', filename: 'long.mp4', data: fixtures.longMp4! }], {
      status: 413,
      error: 'UPLOAD_TOO_LARGE',
      message: 'The video is too long: at most 3 seconds',
    });
    await expectRefused('/test/no-video-tools', [{ field: 'clip', filename: 'goal.mp4', data: fixtures.mp4! }], {
      status: 415,
      error: 'UPLOAD_TYPE_NOT_ALLOWED',
      message: 'Videos cannot be uploaded on this server right now; please choose a picture',
    });
  });

  it('keeps nothing of a request when one of its files is refused', async () => {
    await expectRefused(
      '/test/evidence',
      [
        { field: 'evidence', filename: 'ok.mp4', data: fixtures.mp4! },
        { field: 'evidence', filename: 'cut.mp4', data: fixtures.truncatedMp4! },
      ],
      { status: 422, error: 'UPLOAD_UNREADABLE', message: 'The file could not be read: it may be damaged or incomplete' },
    );
  });

  it('answers "Upload failed, please try again" when the store cannot keep the files, and leaves no temporary file', async () => {
    const picture = { field: 'picture', filename: 'p.png', data: fixtures.png! };
    const temporaryBefore = await countTemporaryFolders();
    for (const [language, message] of [
      ['en', 'Upload failed, please try again'],
      ['tr', 'Yükleme başarısız oldu, lütfen yeniden deneyin'],
      ['zh', '上传失败，请重试'],
    ] as const) {
      const recordsBefore = await recordedKeys();
      const { status, body } = await post('/test/broken-store', [picture, picture], language);
      expect({ status, body }).toEqual({ status: 503, body: { code: 503, message, data: { error: 'UPLOAD_FAILED' } } });
      expect(await recordedKeys()).toEqual(recordsBefore);
    }
    expect(await countTemporaryFolders()).toBe(temporaryBefore);
  });

  it('answers odd file addresses with the one 404, never a server error', async () => {
    const stored = (await post('/test/pictures', [{ field: 'picture', filename: 'p.png', data: fixtures.png! }])).body.data.files![0]!;
    const odd = [
      '/files/',
      '/files/../../etc/passwd',
      '/files/..%2f..%2fetc%2fpasswd',
      '/files/public%2F..%2F..%2Fpackage.json',
      `/files/${stored.key.replace('/w1280', '/..%2fw1280')}`,
      `/files/${stored.key}%00`,
      `/files/${stored.key}.meta.json`,
      '/files/public/x/w320.webp.meta.json',
      `/files/${'a/'.repeat(200)}x.webp`,
      '/files/private/abc/video.mp4?expires=99999999999999999999&sig=x',
      '/files/%E0%A4%A',
    ];
    for (const url of odd) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
    for (const range of ['bytes=0-99999999999999999999', 'bytes=99999999-', 'bytes=5-1', 'bytes=0-1,4-5', 'items=0-1', 'bytes=-0', 'bytes=-']) {
      const response = await app.inject({ method: 'GET', url: `/files/${stored.key}`, headers: { range } });
      expect(response.statusCode, range).toBe(200);
    }
    const head = await app.inject({ method: 'HEAD', url: `/files/${stored.key}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
  });
});
