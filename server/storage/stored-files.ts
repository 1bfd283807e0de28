import { and, asc, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Db, DbTransaction } from '../db/client';
import { storedFiles } from '../db/schema/stored-files';
import type { FileStorage } from './storage';

/**
 * The record of stored files (decision 132): the upload pipeline records each key before its
 * bytes are put, a feature claims the keys it keeps in the transaction that writes its own row,
 * and the sweep removes what nobody claimed within the grace period. Between storing a file and
 * the feature's write a crash, a refused form or a user who never sends it leaves a file nobody
 * refers to; this is how such a file goes away, from the store and from the table.
 */

/** Keys one sweep transaction removes: a batch holds its row locks while the store deletes them. */
const SWEEP_BATCH = 50;

export interface StoredFileRecord {
  key: string;
  ownerId: number | null;
  size: number;
  contentType: string;
}

/** Records keys about to be stored, unclaimed. Called before the bytes are put, so every stored file has its row. */
export async function recordStoredFiles(db: Db | DbTransaction, files: readonly StoredFileRecord[], options: { now: Date }): Promise<void> {
  if (files.length === 0) return;
  await db
    .insert(storedFiles)
    .values(files.map((file) => ({ ...file, createdAt: options.now })))
    .onConflictDoNothing({ target: storedFiles.key });
}

/** Forgets keys whose put failed (the pipeline removed their bytes); what this misses the sweep removes. */
export async function forgetStoredFiles(db: Db | DbTransaction, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(storedFiles).where(and(inArray(storedFiles.key, [...keys]), isNull(storedFiles.claimedAt)));
}

/**
 * A feature takes the keys it keeps, in the transaction that writes its own row: committed
 * together, the files are never swept; rolled back together, they are swept after the grace
 * period. Only the uploader's own unclaimed keys are taken (`ownerId`; null for files the server
 * stored for itself). Answers the keys it could not take — not recorded, swept already (an
 * upload kept in a form past the grace period), claimed already or another user's — for the
 * feature to refuse; a key the sweep is removing at this moment waits for it and is then missing.
 */
export async function claimStoredFiles(
  tx: DbTransaction,
  options: { keys: readonly string[]; ownerId: number | null; now: Date },
): Promise<{ missing: string[] }> {
  const keys = [...new Set(options.keys)];
  if (keys.length === 0) return { missing: [] };
  const owner = options.ownerId === null ? isNull(storedFiles.ownerId) : eq(storedFiles.ownerId, options.ownerId);
  const claimed = await tx
    .update(storedFiles)
    .set({ claimedAt: options.now })
    .where(and(inArray(storedFiles.key, keys), isNull(storedFiles.claimedAt), owner))
    .returning({ key: storedFiles.key });
  const taken = new Set(claimed.map((row) => row.key));
  return { missing: keys.filter((key) => !taken.has(key)) };
}

/**
 * A feature that deletes its row gives its keys back in the same transaction: they become
 * unclaimed, older than the grace period already, and the next sweep removes their bytes — after
 * the feature's delete committed, never before.
 */
export async function releaseStoredFiles(tx: DbTransaction, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.update(storedFiles).set({ claimedAt: null }).where(and(inArray(storedFiles.key, [...keys]), isNotNull(storedFiles.claimedAt)));
}

/**
 * Removes the files still unclaimed `graceHours` after they were stored, from the store and from
 * the table; answers the keys removed. Each batch locks its rows (`FOR UPDATE SKIP LOCKED`),
 * deletes the bytes, then the rows, in one transaction: two sweeping processes take different
 * rows, a claim of a row being swept waits and finds it gone, and a failure part-way leaves the
 * rows for the next run (a store's delete of a missing key is no error). Idempotent: a second
 * run finds nothing.
 */
export async function sweepUnclaimedFiles(options: { db: Db; storage: FileStorage; now: Date; graceHours: number }): Promise<string[]> {
  const storedBefore = new Date(options.now.getTime() - options.graceHours * 3_600_000);
  const removed: string[] = [];
  for (;;) {
    const keys = await options.db.transaction(async (tx) => {
      const due = await tx
        .select({ key: storedFiles.key })
        .from(storedFiles)
        .where(and(isNull(storedFiles.claimedAt), lt(storedFiles.createdAt, storedBefore)))
        .orderBy(asc(storedFiles.createdAt), asc(storedFiles.key))
        .limit(SWEEP_BATCH)
        .for('update', { skipLocked: true });
      const batch = due.map((row) => row.key);
      for (const key of batch) await options.storage.delete(key);
      if (batch.length > 0) await tx.delete(storedFiles).where(inArray(storedFiles.key, batch));
      return batch;
    });
    removed.push(...keys);
    if (keys.length < SWEEP_BATCH) return removed;
  }
}
