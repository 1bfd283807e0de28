import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { eventDeliveries } from '../db/schema/domain-events';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../test-support/db';
import { createManualClock } from './clock';
import { electLeader, type Leadership } from './leader';
import { recordDomainEvents } from './outbox';
import { createJobRunner, type JobRunner } from './runner';

const T0 = Date.UTC(2025, 9, 18, 12, 0, 0);
const leading: Leadership = { acquired: Promise.resolve(), release: async () => {} };

/** A table the test jobs write their effect to: one row per idempotency key, a counter of runs. */
async function createEffects(db: Db): Promise<void> {
  await db.execute(sql`create table if not exists job_effects (key text primary key, runs integer not null default 1)`);
  await db.execute(sql`delete from job_effects`);
}

async function effects(db: Db): Promise<{ key: string; runs: number }[]> {
  const result = (await db.execute(sql`select key, runs from job_effects order by key`)) as unknown as { rows: { key: string; runs: number }[] };
  return result.rows.map((row) => ({ key: row.key, runs: Number(row.runs) }));
}

describe.each(TEST_DATABASE_KINDS)('job runner on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.current.db;
  const runners: JobRunner[] = [];
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  });

  function runner(options: { clock: ReturnType<typeof createManualClock>; errors?: string[] }) {
    const created = createJobRunner({
      db: db(),
      leadership: leading,
      clock: options.clock,
      pollMs: 500,
      onError: (name, error) => options.errors?.push(`${name}: ${(error as Error).message}`),
    });
    runners.push(created);
    return created;
  }

  it('retries a failed job with back-off (1 s, then 2 s) and its effect happens once', async () => {
    await createEffects(db());
    const clock = createManualClock(T0);
    const errors: string[] = [];
    const jobs = runner({ clock, errors });
    const attemptsAt: number[] = [];
    jobs.register({
      name: 'flaky',
      everyMs: 60_000,
      async run({ now, attempt }) {
        attemptsAt.push(now.getTime() - T0);
        // The effect is written by key, so a run that dies after writing it cannot double it.
        await db().execute(sql`insert into job_effects (key) values ('flaky') on conflict (key) do nothing`);
        if (attempt < 3) throw new Error(`attempt ${attempt} failed after its write`);
      },
    });
    await jobs.start();
    await jobs.idle();
    expect(attemptsAt).toEqual([0]);

    clock.advance(999);
    await jobs.idle();
    expect(attemptsAt).toEqual([0]);
    clock.advance(1);
    await jobs.idle();
    expect(attemptsAt).toEqual([0, 1000]);

    clock.advance(1999);
    await jobs.idle();
    expect(attemptsAt).toEqual([0, 1000]);
    clock.advance(1);
    await jobs.idle();
    expect(attemptsAt).toEqual([0, 1000, 3000]);
    await jobs.completed('flaky');
    expect(errors).toEqual(['flaky: attempt 1 failed after its write', 'flaky: attempt 2 failed after its write']);
    expect(await effects(db())).toEqual([{ key: 'flaky', runs: 1 }]);

    // Back on its schedule: the next run is a full interval after the success.
    clock.advance(59_999);
    await jobs.idle();
    expect(attemptsAt).toHaveLength(3);
    clock.advance(1);
    await jobs.idle();
    expect(attemptsAt).toEqual([0, 1000, 3000, 63_000]);
  });

  it('delivers outbox events to a subscriber at least once, retrying a failure with back-off, its work done once', async () => {
    await createEffects(db());
    const clock = createManualClock(T0);
    const errors: string[] = [];
    const jobs = runner({ clock, errors });
    const seen: string[] = [];
    let failures = 2;
    jobs.subscribe('test-settlement', ['match_finished', 'result_corrected'], async (event, { tx, idempotencyKey, attempt }) => {
      seen.push(`${event.type}#${attempt}`);
      // Written through the delivery's transaction: rolled back with a failure, committed with the mark.
      await tx.execute(sql`insert into job_effects (key) values (${idempotencyKey}) on conflict (key) do update set runs = job_effects.runs + 1`);
      if (event.type === 'match_finished' && failures-- > 0) throw new Error('ledger busy');
    });
    await recordDomainEvents(
      db(),
      [
        { type: 'match_status_changed', payload: { matchId: 7, sport: 'football', from: 4, to: 8 } },
        { type: 'match_finished', payload: { matchId: 7, sport: 'football', score: [2, 1] } },
        { type: 'result_corrected', payload: { matchId: 7, sport: 'football', from: [2, 1], to: [2, 2], reason: 'test' } },
      ],
      new Date(T0),
    );
    await jobs.start();
    await jobs.idle();
    // The failed event holds back the later one, so the order of a match's events is kept.
    expect(seen).toEqual(['match_finished#1']);
    expect(errors).toEqual([expect.stringContaining('ledger busy')]);
    expect(await effects(db())).toEqual([]);

    clock.advance(999);
    await jobs.idle();
    expect(seen).toEqual(['match_finished#1']);
    clock.advance(1);
    await jobs.idle();
    expect(seen).toEqual(['match_finished#1', 'match_finished#2']);
    // Second failure: 2 s of back-off, and the correction still waits behind it.
    clock.advance(1999);
    await jobs.idle();
    expect(seen).toEqual(['match_finished#1', 'match_finished#2']);
    clock.advance(1);
    await jobs.idle();
    expect(seen).toEqual(['match_finished#1', 'match_finished#2', 'match_finished#3', 'result_corrected#1']);

    // Nothing is delivered twice, however often the runner looks again.
    clock.advance(10_000);
    await jobs.idle();
    await jobs.runDue();
    expect(seen).toHaveLength(4);
    const done = await effects(db());
    expect(done.map((row) => row.runs)).toEqual([1, 1]);
    expect(done.map((row) => row.key.split(':')[0])).toEqual(['test-settlement', 'test-settlement']);
    const deliveries = await db().select().from(eventDeliveries).where(eq(eventDeliveries.subscriber, 'test-settlement')).orderBy(eventDeliveries.eventId);
    expect(deliveries.map((row) => ({ attempts: row.attempts, delivered: row.deliveredAt !== null, lastError: row.lastError }))).toEqual([
      { attempts: 3, delivered: true, lastError: null },
      { attempts: 1, delivered: true, lastError: null },
    ]);
  });

  it('runs a delivery’s after-commit effects once it committed, never for an attempt that failed', async () => {
    await createEffects(db());
    const clock = createManualClock(T0);
    const errors: string[] = [];
    const jobs = runner({ clock, errors });
    const noticed: string[] = [];
    let attempts = 0;
    jobs.subscribe('test-notices', ['match_finished'], async (event, { tx, idempotencyKey, afterCommit }) => {
      // A new subscriber also gets the earlier tests' events: this test is about match 8.
      if (event.payload.matchId !== 8) return;
      attempts += 1;
      await tx.execute(sql`insert into job_effects (key) values (${idempotencyKey})`);
      afterCommit(async () => {
        // Read outside the delivery's transaction: the work is already there for everyone.
        const committed = (await effects(db())).some((row) => row.key === idempotencyKey);
        noticed.push(`${event.payload.matchId}:${committed ? 'committed' : 'not committed'}`);
      });
      afterCommit(() => {
        throw new Error('broker away');
      });
      if (attempts === 1) throw new Error('first attempt fails after registering its notices');
    });
    await recordDomainEvents(db(), [{ type: 'match_finished', payload: { matchId: 8, sport: 'football', score: [1, 0] } }], new Date(T0));
    await jobs.start();
    await jobs.idle();
    expect(noticed).toEqual([]);
    clock.advance(1000);
    await jobs.idle();
    expect(noticed).toEqual(['8:committed']);
    // A failed notice is reported and does not undo or repeat the delivery.
    expect(errors).toEqual([expect.stringContaining('first attempt fails'), expect.stringMatching(/^test-notices \(event \d+, after commit\): broker away$/)]);
    clock.advance(10_000);
    await jobs.idle();
    expect(attempts).toBe(2);
  });

  it('runs a triggered job only when triggered, and nothing at all before it leads', async () => {
    const clock = createManualClock(T0);
    let release!: () => void;
    const jobs = createJobRunner({ db: db(), leadership: { acquired: new Promise<void>((resolve) => (release = resolve)), release: async () => {} }, clock });
    runners.push(jobs);
    const runs: string[] = [];
    jobs.register({ name: 'on-demand', run: async () => void runs.push('on-demand') });
    jobs.register({ name: 'every-minute', everyMs: 60_000, run: async () => void runs.push('every-minute') });
    jobs.start();
    clock.advance(120_000);
    await jobs.idle();
    expect(runs).toEqual([]);
    release();
    await jobs.completed('every-minute');
    expect(runs).toEqual(['every-minute']);
    jobs.trigger('on-demand');
    await jobs.completed('on-demand');
    expect(runs).toEqual(['every-minute', 'on-demand']);
  });
});

describe('job runner on PostgreSQL with two processes', () => {
  const database = useTestDatabase('postgres');

  it('runs a scheduled job on the leader only, and on the other once the leader is gone', async () => {
    const url = database.current.url!;
    const clock = createManualClock(T0);
    const runs: string[] = [];
    const started: { runner: JobRunner; leadership: Leadership }[] = [];
    for (const name of ['first', 'second']) {
      const leadership = electLeader({ databaseUrl: url, retryMs: 50 });
      const runner = createJobRunner({ db: database.current.db, leadership, clock });
      runner.register({ name: 'tick', everyMs: 1000, run: async () => void runs.push(name) });
      const leads = runner.start();
      started.push({ runner, leadership });
      if (name === 'first') {
        await leads;
        await runner.completed('tick');
      }
    }
    const [first, second] = started as [(typeof started)[0], (typeof started)[0]];
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      await Promise.all([first.runner.idle(), second.runner.idle()]);
    }
    expect(runs).toEqual(Array(6).fill('first'));

    // The leader dies (its lock connection closes): the other takes over within its retry period.
    await first.runner.stop();
    await first.leadership.release();
    await second.runner.completed('tick');
    expect(runs.at(-1)).toBe('second');
    expect(runs.filter((name) => name === 'second')).toHaveLength(1);
    await second.runner.stop();
    await second.leadership.release();
  });
});
