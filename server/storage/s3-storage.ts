import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { assertFileKey, isFileKey, type FileStorage, type StoredObject } from './storage';

export interface S3StorageOptions {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket` in the path instead of the host name: MinIO, Ceph, s3rver and most self-hosted stores */
  forcePathStyle: boolean;
}

/**
 * Files in an S3-compatible bucket. The bucket is private: every read goes through the server's
 * file route, which sets the headers (decision 132). A put is one PutObject, which S3 makes
 * visible whole or not at all. Checksums are sent only when an operation requires them, so stores
 * that do not know the newer checksum headers still take our writes.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
  const Bucket = options.bucket;

  return {
    kind: 's3',

    async put(key, body, { contentType }) {
      assertFileKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          ContentType: contentType,
          ...(Buffer.isBuffer(body) ? { Body: body, ContentLength: body.length } : { Body: body.stream, ContentLength: body.size }),
        }),
      );
    },

    async get(key, options = {}) {
      if (!isFileKey(key)) return null;
      const range = options.range;
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        if (!(answer.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
        const size = totalSize(answer.ContentRange) ?? answer.ContentLength ?? 0;
        const served = parseContentRange(answer.ContentRange);
        const stored: StoredObject = {
          body: answer.Body,
          contentType: answer.ContentType ?? 'application/octet-stream',
          size,
          ...(served ? { range: served } : {}),
        };
        return stored;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async head(key) {
      if (!isFileKey(key)) return null;
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { contentType: answer.ContentType ?? 'application/octet-stream', size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      if (!isFileKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async list(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }));
        for (const item of page.Contents ?? []) if (item.Key && isFileKey(item.Key)) keys.push(item.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
  };
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}

/** `bytes 0-99/1234` → 1234 */
function totalSize(contentRange: string | undefined): number | undefined {
  const match = contentRange ? /\/(\d+)$/.exec(contentRange) : null;
  return match ? Number(match[1]) : undefined;
}

function parseContentRange(contentRange: string | undefined): { start: number; end: number } | undefined {
  const match = contentRange ? /^bytes (\d+)-(\d+)\//.exec(contentRange) : null;
  return match ? { start: Number(match[1]), end: Number(match[2]) } : undefined;
}
