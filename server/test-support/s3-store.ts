import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageOptions } from '../storage/s3-storage';

export interface TestS3Store {
  options: S3StorageOptions;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server on a free local port (s3rver, files in a temporary folder) with
 * one bucket, and the settings Tribün's S3 store needs to talk to it.
 */
export async function startTestS3Store(): Promise<TestS3Store> {
  const directory = await mkdtemp(path.join(tmpdir(), 'tribun-s3-'));
  const bucket = 'tribun-files';
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = await server.run();
  return {
    options: {
      endpoint: `http://127.0.0.1:${address.port}`,
      bucket,
      region: 'us-east-1',
      // s3rver's fixed credentials
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
