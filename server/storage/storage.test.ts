import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Store, type TestS3Store } from '../test-support/s3-store';
import { createStorage } from './create-storage';
import { createDiskStorage } from './disk-storage';
import { createS3Storage } from './s3-storage';
import { createFileFolder, isFileKey, type FileStorage } from './storage';

/**
 * The storage contract, run on local disk and on a real S3-compatible server: what is put comes
 * back with its content type, ranges, listing by prefix, deletion, and no key outside the store.
 */
describe.each(['disk', 's3'] as const)('file storage on %s', (kind) => {
  let storage: FileStorage;
  let root = '';
  let s3: TestS3Store | undefined;

  beforeAll(async () => {
    if (kind === 'disk') {
      root = await mkdtemp(path.join(tmpdir(), 'tribun-files-'));
      storage = createDiskStorage({ root });
    } else {
      s3 = await startTestS3Store();
      storage = createS3Storage(s3.options);
    }
  });

  afterAll(async () => {
    await s3?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('gives back what was put, with its content type and size', async () => {
    const key = `${createFileFolder('public')}/w320.webp`;
    await storage.put(key, Buffer.from('picture bytes'), { contentType: 'image/webp' });
    expect(await storage.head(key)).toEqual({ contentType: 'image/webp', size: 13 });
    const file = await storage.get(key);
    expect(file).toMatchObject({ contentType: 'image/webp', size: 13 });
    expect(await text(file!.body)).toBe('picture bytes');
  });

  it('stores a stream of known length and serves one byte range of it', async () => {
    const key = `${createFileFolder('private')}/video.mp4`;
    const bytes = Buffer.from('0123456789'.repeat(1000));
    await storage.put(key, { stream: Readable.from([bytes.subarray(0, 4000), bytes.subarray(4000)]), size: bytes.length }, { contentType: 'video/mp4' });
    const part = await storage.get(key, { range: { start: 10, end: 19 } });
    expect(part).toMatchObject({ contentType: 'video/mp4', size: 10_000, range: { start: 10, end: 19 } });
    expect(await text(part!.body)).toBe('0123456789');
  });

  it('lists the keys under a prefix and deletes them', async () => {
    const folder = createFileFolder('public');
    await storage.put(`${folder}/w320.webp`, Buffer.from('a'), { contentType: 'image/webp' });
    await storage.put(`${folder}/w1280.webp`, Buffer.from('b'), { contentType: 'image/webp' });
    expect(await storage.list(`${folder}/`)).toEqual([`${folder}/w1280.webp`, `${folder}/w320.webp`]);
    await storage.delete(`${folder}/w320.webp`);
    await storage.delete(`${folder}/w320.webp`);
    expect(await storage.list(`${folder}/`)).toEqual([`${folder}/w1280.webp`]);
    expect(await storage.get(`${folder}/w320.webp`)).toBeNull();
    expect(await storage.head(`${folder}/w320.webp`)).toBeNull();
  });

  it('answers nothing for missing keys and for keys it would never make', async () => {
    expect(await storage.get(`${createFileFolder('public')}/w320.webp`)).toBeNull();
    for (const key of ['../etc/passwd', 'public/../../x.webp', 'public/a/..%2f..%2fx.webp', '/public/a.webp', 'public/a.b.webp', 'other/a.webp', 'public\\a.webp', '']) {
      expect(isFileKey(key), key).toBe(false);
      expect(await storage.get(key), key).toBeNull();
      expect(await storage.head(key), key).toBeNull();
    }
    await expect(storage.put('public/../../escape.webp', Buffer.from('x'), { contentType: 'image/webp' })).rejects.toThrow('not a file key');
  });

});

describe('file storage on disk', () => {
  let root = '';
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'tribun-files-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes through temporary files it never leaves behind, under DATA_DIR/uploads by default', async () => {
    const storage = createDiskStorage({ root });
    const folder = createFileFolder('public');
    await storage.put(`${folder}/w320.webp`, Buffer.from('x'), { contentType: 'image/webp' });
    const [, id] = folder.split('/');
    expect((await readdir(path.join(root, 'public', id!))).sort()).toEqual(['w320.webp', 'w320.webp.meta.json']);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tribun-data-'));
    try {
      const fromEnv = createStorage({ DATA_DIR: dataDir, STORAGE: 'disk', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
      await fromEnv.put(`${folder}/w320.webp`, Buffer.from('y'), { contentType: 'image/webp' });
      expect(await readdir(path.join(dataDir, 'uploads', 'public', id!))).toContain('w320.webp');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
