import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { storedFiles } from '../db/schema/stored-files';
import { readUploads, registerUploads, uploadKeys, type StoredUpload, type UploadPipeline } from '../http/uploads';
import { storedFilesSweepJob } from '../modules/files/sweep-stored-files';
import { createMatchService } from '../modules/matches/matches.service';
import { useTestDatabase, type TestDatabaseKind } from '../test-support/db';
import { startTestS3Store, type TestS3Store } from '../test-support/s3-store';
import { createTestUser } from '../test-support/users';
import { createDiskStorage } from './disk-storage';
import { loadFileLinkSecret } from './file-links';
import { createS3Storage } from './s3-storage';
import type { FileStorage } from './storage';
import { claimStoredFiles, recordStoredFiles, releaseStoredFiles, sweepUnclaimedFiles } from './stored-files';

/**
 * Files stored but never referenced (decision 132): every upload is recorded when stored, a
 * feature claims its keys in the transaction of its own row, and the sweep removes what nobody
 * claimed after the grace period — from the store and from `stored_files`, once, whoever sweeps.
 * On disk with PGlite and on a real S3-compatible server with PostgreSQL, as the upload suite.
 */
const SETUPS: { storage: 'disk' | 's3'; database: TestDatabaseKind }[] = [
  { storage: 'disk', database: 'pglite' },
  { storage: 's3', database: 'postgres' },
];

const HOUR = 3_600_000;
const GRACE_HOURS = 24;
const BOUNDARY = '----tribun-sweep-boundary';

function pictureForm(picture: Buffer): { headers: Record<string, string>; payload: Buffer } {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="picture"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([Buffer.from(head), picture, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
  };
}

describe.each(SETUPS)('stored files and their sweep on $storage storage with $database', (setup) => {
  const database = useTestDatabase(setup.database);
  let app: FastifyInstance;
  let storage: FileStorage;
  let s3: TestS3Store | undefined;
  let root = '';
  let picture: Buffer;
  let fan: { id: number; token: string };
  let other: { id: number; token: string };
  /** the clock of the records and of the sweep, moved by the tests */
  let clock = Date.UTC(2026, 0, 10, 12);

  beforeAll(async () => {
    if (setup.storage === 'disk') {
      root = await mkdtemp(path.join(tmpdir(), 'tribun-files-'));
      storage = createDiskStorage({ root });
    } else {
      s3 = await startTestS3Store();
      storage = createS3Storage(s3.options);
    }
    const { db } = database.current;
    const uploads: UploadPipeline = { storage, video: null, db, now: () => new Date(clock) };
    app = await buildApp({
      db,
      matches: createMatchService({ db }),
      publicConfig: { brokerWsUrl: null, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } },
      files: { uploads, linkSecret: await loadFileLinkSecret(db) },
    });
    const rules = { maxFiles: 1, maxMegabytes: 5, kinds: ['image'] as const, visibility: 'public' as const };
    await app.register(async (scope) => {
      await registerUploads(scope);
      // an upload whose form is never sent: stored, never claimed
      scope.post('/test/pictures', async (request) => ({ code: 0, data: await readUploads(request, uploads, rules) }));
      // a feature that keeps its picture: its row and the claim in one transaction; `fail` crashes after the claim
      scope.post('/test/posts', async (request) => {
        const { files } = await readUploads(request, uploads, rules);
        const missing = await db.transaction(async (tx) => {
          const claim = await claimStoredFiles(tx, { keys: uploadKeys(files), ownerId: request.user?.id ?? null, now: new Date(clock) });
          if ((request.query as { fail?: string }).fail === '1') throw new Error('the feature failed after claiming');
          return claim.missing;
        });
        return { code: 0, data: { files, missing } };
      });
    });
    await app.ready();
    picture = await sharp({ create: { width: 500, height: 300, channels: 3, background: '#2a6' } }).png().toBuffer();
    fan = await createTestUser(db);
    other = await createTestUser(db);
  });

  afterAll(async () => {
    await app?.close();
    await s3?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  async function upload(url: string, user: { token: string }): Promise<{ status: number; files?: StoredUpload[]; missing?: string[] }> {
    const form = pictureForm(picture);
    const response = await app.inject({ method: 'POST', url, headers: { ...form.headers, token: user.token, language: 'en' }, payload: form.payload });
    const body = response.json() as { data: { files?: StoredUpload[]; missing?: string[] } };
    return { status: response.statusCode, files: body.data.files, missing: body.data.missing };
  }

  async function records(keys: readonly string[]) {
    const rows = await database.current.db.select().from(storedFiles).where(inArray(storedFiles.key, [...keys]));
    return new Map(rows.map((row) => [row.key, row]));
  }

  async function inStore(keys: readonly string[]): Promise<boolean[]> {
    return Promise.all(keys.map(async (key) => (await storage.head(key)) !== null));
  }

  /** One run of the job as the runner calls it, at `at`. */
  async function sweepAt(at: number): Promise<string[]> {
    let removed: string[] = [];
    const job = storedFilesSweepJob({ db: database.current.db, storage, graceHours: GRACE_HOURS, onRemoved: (keys) => (removed = keys) });
    await job.run({ now: new Date(at), attempt: 1 });
    return removed;
  }

  it('removes an upload nobody claimed once the grace period is over, keeps a claimed one, and a second sweep changes nothing', async () => {
    clock = Date.UTC(2026, 0, 10, 12);
    const stored = clock;
    const lost = await upload('/test/pictures', fan);
    expect(lost.status).toBe(200);
    const lostKeys = uploadKeys(lost.files!);
    expect(lostKeys).toHaveLength(2);
    const kept = await upload('/test/posts', fan);
    expect(kept).toMatchObject({ status: 200, missing: [] });
    const keptKeys = uploadKeys(kept.files!);

    // recorded when stored: the uploader, the size and type of each variant, unclaimed until a feature takes it
    const recorded = await records([...lostKeys, ...keptKeys]);
    expect(lostKeys.map((key) => recorded.get(key))).toEqual(
      lost.files![0]!.variants.map((variant) => ({
        key: variant.key,
        ownerId: fan.id,
        size: variant.size,
        contentType: 'image/webp',
        createdAt: new Date(stored),
        claimedAt: null,
      })),
    );
    expect(keptKeys.map((key) => recorded.get(key)?.claimedAt)).toEqual([new Date(stored), new Date(stored)]);

    // within the grace period nothing goes
    expect(await sweepAt(stored + (GRACE_HOURS - 1) * HOUR)).toEqual([]);
    expect(await inStore([...lostKeys, ...keptKeys])).toEqual([true, true, true, true]);

    // after it, the unclaimed upload goes from the store and the table; the claimed one stays
    const removed = await sweepAt(stored + (GRACE_HOURS + 1) * HOUR);
    expect([...removed].sort()).toEqual([...lostKeys].sort());
    expect(await inStore(lostKeys)).toEqual([false, false]);
    expect((await records(lostKeys)).size).toBe(0);
    expect(await inStore(keptKeys)).toEqual([true, true]);
    expect((await records(keptKeys)).size).toBe(2);

    // sweeping again is harmless
    expect(await sweepAt(stored + (GRACE_HOURS + 2) * HOUR)).toEqual([]);
    expect(await inStore(keptKeys)).toEqual([true, true]);
    expect((await records(keptKeys)).size).toBe(2);
  });

  it('a feature that fails after claiming leaves its files unclaimed; nobody else may claim them; swept, they cannot be claimed', async () => {
    clock = Date.UTC(2026, 1, 10, 12);
    const { db } = database.current;
    const failed = await upload('/test/posts?fail=1', fan);
    expect(failed.status).toBe(500);
    // the crash rolled the claim back with the feature's row: the stored picture waits for the sweep
    const orphans = (await db.select().from(storedFiles)).filter((row) => row.claimedAt === null && row.createdAt.getTime() === clock);
    expect(orphans.map((row) => row.ownerId)).toEqual([fan.id, fan.id]);
    const keys = orphans.map((row) => row.key);
    expect(await inStore(keys)).toEqual([true, true]);

    // another user cannot take a fan's upload
    const stolen = await db.transaction((tx) => claimStoredFiles(tx, { keys, ownerId: other.id, now: new Date(clock) }));
    expect(stolen.missing.sort()).toEqual([...keys].sort());

    const removed = await sweepAt(clock + (GRACE_HOURS + 1) * HOUR);
    expect(removed).toEqual(expect.arrayContaining(keys));
    expect(await inStore(keys)).toEqual([false, false]);
    // a form sent after the sweep finds its files gone and can refuse
    const late = await db.transaction((tx) => claimStoredFiles(tx, { keys, ownerId: fan.id, now: new Date(clock) }));
    expect(late.missing.sort()).toEqual([...keys].sort());
  });

  it('a feature that deletes its row releases its files, and the next sweep removes them', async () => {
    clock = Date.UTC(2026, 2, 10, 12);
    const { db } = database.current;
    const post = await upload('/test/posts', fan);
    const keys = uploadKeys(post.files!);
    // a day later the post is deleted: its keys are released in the delete's transaction
    clock += 30 * HOUR;
    await db.transaction((tx) => releaseStoredFiles(tx, keys));
    expect([...(await records(keys)).values()].map((row) => row.claimedAt)).toEqual([null, null]);
    const removed = await sweepAt(clock + HOUR);
    expect(removed).toEqual(expect.arrayContaining(keys));
    expect(await inStore(keys)).toEqual([false, false]);
  });

  it('two sweepers at once remove each file exactly once', async () => {
    const { db } = database.current;
    const at = Date.UTC(2026, 3, 10, 12);
    const keys = Array.from({ length: 120 }, (_, index) => `public/sweep-race-${setup.storage}/f${String(index).padStart(3, '0')}.webp`);
    await recordStoredFiles(db, keys.map((key) => ({ key, ownerId: null, size: 4, contentType: 'image/webp' })), { now: new Date(at) });
    for (const key of keys) await storage.put(key, Buffer.from('webp'), { contentType: 'image/webp' });

    // each sweeper counts the deletes it asks of the store, and yields while deleting so the two interleave
    const deletes = new Map<string, number>();
    const counting = (): FileStorage => ({
      ...storage,
      async delete(key) {
        deletes.set(key, (deletes.get(key) ?? 0) + 1);
        await new Promise((resolve) => setImmediate(resolve));
        await storage.delete(key);
      },
    });
    const now = new Date(at + (GRACE_HOURS + 1) * HOUR);
    const [first, second] = await Promise.all([
      sweepUnclaimedFiles({ db, storage: counting(), now, graceHours: GRACE_HOURS }),
      sweepUnclaimedFiles({ db, storage: counting(), now, graceHours: GRACE_HOURS }),
    ]);
    const swept = [...first, ...second];
    expect(new Set(swept).size).toBe(swept.length);
    expect(swept).toEqual(expect.arrayContaining(keys));
    expect([...deletes.values()].every((count) => count === 1)).toBe(true);
    expect(keys.every((key) => deletes.get(key) === 1)).toBe(true);
    expect((await records(keys)).size).toBe(0);
    expect(await storage.list(`public/sweep-race-${setup.storage}/`)).toEqual([]);
  });
});
