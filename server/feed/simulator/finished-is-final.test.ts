import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../catalog/catalog';
import { seedCatalog } from '../../catalog/seed-catalog';
import { matches } from '../../db/schema/matches';
import { listDomainEvents } from '../../jobs/outbox';
import { createMatchWrites } from '../../modules/matches/match-writes';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { capturePublishes } from '../../test-support/live-capture';
import type { Clock } from '../provider';
import { toSimCompetition } from './competitions';
import { createSimulator } from './simulator';

/** 2025-03-14 14:00 UTC: an afternoon with matches finished, live and to come. */
const START_MS = Date.UTC(2025, 2, 14, 14, 0, 0);
const MINUTE_MS = 60_000;

/**
 * "Finished is final" (issue 10, section 3): the simulator at SIM_SPEED 30 plays four simulated
 * hours in eight real minutes, so matches kicking off after the real time have already ended.
 * A restart at the same real time with SIM_SPEED 7 (and another seed) puts those matches back
 * before their kick-off or in their first half by its own clock. Before the write service held
 * finished matches final, that restart replayed them live with other scores.
 */
describe.each(TEST_DATABASE_KINDS)('a finished match across a simulator restart on %s', (kind) => {
  const database = useTestDatabase(kind);

  it('stays finished with the same score and kick-off after a restart with another SIM_SPEED and SIM_SEED', async () => {
    const db = database.current.db;
    await seedCatalog(db);
    const competitions = loadCatalog().competitions.map(toSimCompetition);
    const clock: Clock & { ms: number } = { ms: START_MS, nowMs: () => clock.ms };
    const writes = createMatchWrites({ db, publish: capturePublishes().publish, now: () => clock.ms });

    const fast = createSimulator({ competitions, calendar: 'dense', seed: 1905, speed: 30, clock, tickMs: 3_600_000, daysAround: 0 });
    await fast.start(writes);
    for (let minute = 0; minute < 8; minute++) {
      clock.ms += MINUTE_MS;
      await fast.tick();
    }
    await fast.stop();

    // Matches that ended in simulated time although their kick-off is after the real time.
    const ahead = await db
      .select({ id: matches.id, sport: matches.sport, statusId: matches.statusId, homeScore: matches.homeScore, awayScore: matches.awayScore, matchTime: matches.matchTime })
      .from(matches)
      .where(and(inArray(matches.statusId, [8, 10])));
    const finishedAhead = ahead.filter((row) => row.matchTime.getTime() > START_MS && (row.sport === 'football' ? row.statusId === 8 : row.statusId === 10));
    expect(finishedAhead.length).toBeGreaterThan(0);
    const finishedEvents = await listDomainEvents(db, { types: ['match_finished'] });
    expect(finishedEvents.map((event) => event.payload.matchId)).toEqual(expect.arrayContaining(finishedAhead.map((row) => row.id)));

    // The restart: the same real time, another speed and seed.
    const slow = createSimulator({ competitions, calendar: 'dense', seed: 77, speed: 7, clock, tickMs: 3_600_000, daysAround: 0 });
    await slow.start(writes);
    for (let minute = 0; minute < 5; minute++) {
      clock.ms += MINUTE_MS;
      await slow.tick();
    }
    await slow.stop();

    const after = await db
      .select({ id: matches.id, sport: matches.sport, statusId: matches.statusId, homeScore: matches.homeScore, awayScore: matches.awayScore, matchTime: matches.matchTime })
      .from(matches)
      .where(inArray(matches.id, finishedAhead.map((row) => row.id)));
    expect(after.sort((a, b) => a.id - b.id)).toEqual(finishedAhead.sort((a, b) => a.id - b.id));
    // …and nothing was said about them after they ended: no status or score event, no correction.
    const lastFinished = Math.max(...finishedEvents.map((event) => event.id));
    const later = (await listDomainEvents(db)).filter((event) => {
      const matchId = 'matchId' in event.payload ? event.payload.matchId : null;
      return event.id > lastFinished && finishedAhead.some((row) => row.id === matchId);
    });
    expect(later).toEqual([]);
    const [one] = finishedAhead;
    const [stored] = await db.select({ statusId: matches.statusId }).from(matches).where(eq(matches.id, one!.id));
    expect(stored?.statusId).toBe(one!.statusId);
  });
});
