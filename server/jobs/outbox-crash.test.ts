import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabaseKind } from '../test-support/db';
import { listDomainEvents } from './outbox';

const CHILD = fileURLToPath(new URL('../test-support/outbox-crash-child.ts', import.meta.url));

/** Starts the child server process and resolves with it once it printed `line`. */
function startChild(mode: string, matchId: number, env: Record<string, string>, line: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, mode, String(matchId)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const reached = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.split('\n').includes(line)) resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`child (${mode}) exited with ${code} before "${line}":\n${output}`)));
  });
  return { child, reached, exited };
}

/** kill -9: no handler runs, no transaction commits, connections just drop. */
async function killHard(child: ReturnType<typeof startChild>): Promise<void> {
  child.child.kill('SIGKILL');
  await child.exited;
}

describe.each(TEST_DATABASE_KINDS)('outbox across a kill -9 of the leading process on %s', (kind: TestDatabaseKind) => {
  it('delivers each "finished" event to the subscriber exactly once after the leader is killed before and during its work', async () => {
    // PGlite: a data directory only the children open, one after another (one process per database).
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tribun-crash-'));
    const postgres = kind === 'postgres' ? await createTestDatabase('postgres') : undefined;
    const env: Record<string, string> = postgres ? { CRASH_DATABASE_URL: postgres.url! } : { CRASH_DATA_DIR: dataDir };
    try {
      // 1. The match ends (the event commits with it), and the leader dies before any delivery.
      const first = startChild('finish', 9_100_001, env, 'finished');
      await first.reached;
      await killHard(first);

      // 2. Another match ends on the next leader, which dies while the subscriber is inside its
      //    transaction for the first event (its effect is written, not committed).
      const second = startChild('finish-and-work', 9_100_002, env, 'working');
      await second.reached;
      await killHard(second);

      // 3. A new leader delivers what is left and exits.
      const third = startChild('deliver', 0, env, 'delivered');
      await third.reached;
      expect(await third.exited).toBe(0);

      const database = postgres ?? (await openDatabase({ dataDir }));
      try {
        const finished = await listDomainEvents(database.db, { types: ['match_finished'] });
        expect(finished.map((event) => event.payload.matchId)).toEqual([9_100_001, 9_100_002]);
        const effects = (await database.db.execute(sql`select idempotency_key, match_id from crash_effects order by match_id`)) as unknown as {
          rows: { idempotency_key: string; match_id: number }[];
        };
        expect(effects.rows).toEqual(
          finished.map((event) => ({ idempotency_key: `crash-test-settlement:${event.id}`, match_id: event.payload.matchId })),
        );
      } finally {
        if (!postgres) await database.close();
      }
    } finally {
      await postgres?.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
