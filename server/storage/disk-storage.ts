import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertFileKey, isFileKey, type ByteRange, type FileBody, type FileStorage, type StoredFileInfo, type StoredObject } from './storage';

/** The metadata beside each file: `<key>.meta.json` (two dots: never a key itself). */
const META_SUFFIX = '.meta.json';

/**
 * Files on local disk under `<DATA_DIR>/uploads` (the default store). Every write goes to a
 * temporary file in the target folder and is renamed into place, so a reader never sees half a
 * file; the metadata is renamed in first and the file itself last, so a file that is there has
 * its content type. A key is checked against the one pattern before it becomes a path, and the
 * resolved path must still lie under the root.
 */
export function createDiskStorage(options: { root: string }): FileStorage {
  const root = path.resolve(options.root);

  function pathOf(key: string): string | null {
    if (!isFileKey(key)) return null;
    const full = path.resolve(root, ...key.split('/'));
    return full.startsWith(root + path.sep) ? full : null;
  }

  async function readInfo(file: string): Promise<StoredFileInfo | null> {
    try {
      const [meta, stats] = await Promise.all([readFile(file + META_SUFFIX, 'utf8'), stat(file)]);
      const parsed = JSON.parse(meta) as { contentType?: unknown };
      if (typeof parsed.contentType !== 'string' || !stats.isFile()) return null;
      return { contentType: parsed.contentType, size: stats.size };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function writeAtomically(target: string, write: (temporary: string) => Promise<void>): Promise<void> {
    const temporary = path.join(path.dirname(target), `.tmp-${randomBytes(8).toString('hex')}`);
    try {
      await write(temporary);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  return {
    kind: 'disk',

    async put(key, body, { contentType }) {
      assertFileKey(key);
      const file = pathOf(key);
      if (!file) throw new Error('file key outside the storage folder');
      await mkdir(path.dirname(file), { recursive: true });
      await writeAtomically(file + META_SUFFIX, (temporary) => writeFile(temporary, JSON.stringify({ contentType }), { flag: 'wx' }));
      await writeAtomically(file, (temporary) =>
        Buffer.isBuffer(body) ? writeFile(temporary, body, { flag: 'wx' }) : writeStream(temporary, body),
      );
    },

    async get(key, options = {}) {
      const file = pathOf(key);
      if (!file) return null;
      const info = await readInfo(file);
      if (!info) return null;
      const range = options.range && fitsRange(options.range, info.size) ? options.range : undefined;
      try {
        const body = createReadStream(file, range ? { start: range.start, end: range.end } : {});
        await new Promise<void>((resolve, reject) => {
          body.once('open', () => resolve());
          body.once('error', reject);
        });
        const stored: StoredObject = { ...info, body, ...(range ? { range } : {}) };
        return stored;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async head(key) {
      const file = pathOf(key);
      return file ? readInfo(file) : null;
    },

    async delete(key) {
      const file = pathOf(key);
      if (!file) return;
      // the file first: without it the key is gone, whatever happens to its metadata
      await rm(file, { force: true });
      await rm(file + META_SUFFIX, { force: true });
    },

    async list(prefix) {
      const keys: string[] = [];
      async function walk(folder: string, keyPrefix: string): Promise<void> {
        let entries;
        try {
          entries = await readdir(folder, { withFileTypes: true });
        } catch (error) {
          if (isMissing(error)) return;
          throw error;
        }
        for (const entry of entries) {
          const key = keyPrefix === '' ? entry.name : `${keyPrefix}/${entry.name}`;
          if (entry.isDirectory()) await walk(path.join(folder, entry.name), key);
          else if (entry.isFile() && isFileKey(key) && key.startsWith(prefix)) keys.push(key);
        }
      }
      // start at the prefix's folder: the rest of the tree cannot match
      const slash = prefix.lastIndexOf('/');
      const base = slash === -1 ? '' : prefix.slice(0, slash);
      if (base !== '' && !/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(base)) return [];
      await walk(base === '' ? root : path.join(root, ...base.split('/')), base);
      return keys.sort();
    },
  };
}

async function writeStream(target: string, body: FileBody): Promise<void> {
  await pipeline(body.stream, createWriteStream(target, { flags: 'wx' }));
}

function fitsRange(range: ByteRange, size: number): boolean {
  return Number.isSafeInteger(range.start) && Number.isSafeInteger(range.end) && range.start >= 0 && range.start <= range.end && range.end < size;
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
