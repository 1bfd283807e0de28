import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where user files live (decision 132): local disk by default, an S3-compatible bucket by
 * configuration. Keys are made by the server (`createFileKey`), never from a file name, and every
 * implementation refuses a key outside `FILE_KEY_PATTERN`, so no key reaches outside its store.
 */
export interface FileStorage {
  readonly kind: 'disk' | 's3';
  /** Stores the bytes under the key, replacing nothing half-way: a reader sees all of it or none. */
  put(key: string, body: Buffer | FileBody, options: { contentType: string }): Promise<void>;
  /** The file as a stream with its metadata, or null when there is none (or the key is not one of ours). */
  get(key: string, options?: { range?: ByteRange }): Promise<StoredObject | null>;
  /** The file's metadata, or null. */
  head(key: string): Promise<StoredFileInfo | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Every key that starts with the prefix (cleanup of an upload's variants, tests). */
  list(prefix: string): Promise<string[]>;
}

/** A stream whose length is known up front (an S3 put needs it). */
export interface FileBody {
  stream: Readable;
  size: number;
}

export interface StoredFileInfo {
  contentType: string;
  /** the whole file's size in bytes */
  size: number;
}

export interface StoredObject extends StoredFileInfo {
  body: Readable;
  /** the bytes served, inclusive, when a range was asked and honoured */
  range?: ByteRange;
}

/** Inclusive byte positions, both within the file. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * `public/<id>/<name>.<ext>` or `private/<id>/<name>.<ext>`: letters, digits, `_` and `-` in each
 * segment, one extension at the end. No dots elsewhere, so no `..`, no hidden or temporary file
 * and no metadata sidecar is ever a key.
 */
export const FILE_KEY_PATTERN = /^(public|private)(\/[A-Za-z0-9_-]{1,64}){1,3}\.[a-z0-9]{1,8}$/;
export const FILE_KEY_MAX_LENGTH = 200;

export type FileVisibility = 'public' | 'private';

export function isFileKey(key: string): boolean {
  return key.length <= FILE_KEY_MAX_LENGTH && FILE_KEY_PATTERN.test(key);
}

export function fileVisibility(key: string): FileVisibility {
  return key.startsWith('private/') ? 'private' : 'public';
}

/** A fresh folder for one upload's files: `public/<128 random bits>`. */
export function createFileFolder(visibility: FileVisibility): string {
  return `${visibility}/${randomBytes(16).toString('base64url')}`;
}

/** Writers refuse a key the server did not make: a programming error, never a client's. */
export function assertFileKey(key: string): void {
  if (!isFileKey(key)) throw new Error(`not a file key: ${JSON.stringify(key.slice(0, 80))}`);
}
