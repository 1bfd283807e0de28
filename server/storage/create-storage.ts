import path from 'node:path';
import type { Env } from '../env';
import { createDiskStorage } from './disk-storage';
import { createS3Storage } from './s3-storage';
import type { FileStorage } from './storage';

export type StorageEnv = Pick<
  Env,
  'DATA_DIR' | 'STORAGE' | 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
>;

/** The store STORAGE names: `disk` (the default, `<DATA_DIR>/uploads`) or `s3` (the S3_* settings). */
export function createStorage(env: StorageEnv): FileStorage {
  if (env.STORAGE === 's3') {
    // server/env.ts refuses STORAGE=s3 without a bucket
    if (!env.S3_BUCKET) throw new Error('STORAGE=s3 needs S3_BUCKET');
    return createS3Storage({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return createDiskStorage({ root: path.join(env.DATA_DIR, 'uploads') });
}
