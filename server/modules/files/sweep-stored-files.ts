import type { Db } from '../../db/client';
import type { JobDefinition } from '../../jobs/runner';
import type { FileStorage } from '../../storage/storage';
import { sweepUnclaimedFiles } from '../../storage/stored-files';

export const STORED_FILES_SWEEP_JOB = 'stored-files-sweep';
/** How often the leading process looks for unclaimed files: a file lives at most the grace period and this. */
export const STORED_FILES_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Removes the uploads no feature claimed within `graceHours` (UPLOAD_CLAIM_GRACE_HOURS, decision
 * 132) from the store and from `stored_files`: what a crash between storing and the feature's
 * write, a refused form or a form never sent left behind, and what a feature released when it
 * deleted its row. Idempotent, and safe beside another process sweeping (row locks, SKIP LOCKED).
 */
export function storedFilesSweepJob(options: {
  db: Db;
  storage: FileStorage;
  graceHours: number;
  onRemoved?: (keys: string[]) => void;
}): JobDefinition {
  return {
    name: STORED_FILES_SWEEP_JOB,
    everyMs: STORED_FILES_SWEEP_INTERVAL_MS,
    async run({ now }) {
      const removed = await sweepUnclaimedFiles({ db: options.db, storage: options.storage, now, graceHours: options.graceHours });
      if (removed.length > 0) options.onRemoved?.(removed);
    },
  };
}
