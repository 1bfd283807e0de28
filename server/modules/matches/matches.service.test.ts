import { describe, expect, it } from 'vitest';
import { seedCatalog } from '../../catalog/seed-catalog';
import { createMatchWrites } from './match-writes';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { capturePublishes } from '../../test-support/live-capture';
import { DAY, FIXTURES, M, NOW_MS } from '../../test-support/match-day';
import { createMatchService } from './matches.service';

describe.each(TEST_DATABASE_KINDS)('match service reads after writes on %s', (kind) => {
  const database = useTestDatabase(kind);

  it('shows every change at once, in every process, although lists are kept in memory', async () => {
    const { db } = database.current;
    await seedCatalog(db);
    let clock = NOW_MS;
    const sink = createMatchWrites({ db, publish: capturePublishes().publish, now: () => clock });
    const derby = FIXTURES.find((fixture) => fixture.matchId === M.liveDerby);
    if (!derby) throw new Error('the match day has a derby');
    await sink.upsertFixtures([derby]);

    // two services stand for two server processes sharing the database
    const first = createMatchService({ db, now: () => clock });
    const second = createMatchService({ db, now: () => clock });
    const liveScore = async (service: typeof first) => {
      const lists = await service.listFootball({ day: DAY });
      const match = lists.liveGlobal[0]?.matches[0];
      return match ? [match.a0, match.b0] : null;
    };
    expect(await liveScore(first)).toBeNull();
    expect(await liveScore(second)).toBeNull();

    // same second, same clock: only the write can tell the services their lists are old
    await sink.applyUpdate({
      matchId: M.liveDerby,
      sport: 'football',
      statusId: 2,
      homeScore: 1,
      awayScore: 0,
      kind: 'score',
    });
    expect(await liveScore(first)).toEqual([1, 0]);
    expect(await liveScore(second)).toEqual([1, 0]);

    await sink.applyUpdate({
      matchId: M.liveDerby,
      sport: 'football',
      statusId: 2,
      homeScore: 1,
      awayScore: 1,
      kind: 'score',
    });
    expect(await liveScore(first)).toEqual([1, 1]);

    const soon = FIXTURES.find((fixture) => fixture.matchId === M.soon);
    if (!soon) throw new Error('the match day has a soon match');
    await sink.upsertFixtures([soon]);
    const withNewFixture = await second.listFootball({ day: DAY });
    expect(withNewFixture.soonGlobal[0]?.matches.map((match) => match.match_id)).toEqual([M.soon]);

    // time alone moves a match from soon to stale once it is 2 hours past its start unstarted
    clock = (soon.matchTime + 2 * 3600 + 1) * 1000;
    const later = await second.listFootball({ day: DAY });
    expect(later.soonGlobal).toEqual([]);
    expect(later.scheduledGlobal).toEqual([]);
  });

  it('keeps one built answer across seconds, and rebuilds at the very second a match becomes soon', async () => {
    const { db } = database.current;
    await seedCatalog(db);
    const sink = createMatchWrites({ db, publish: capturePublishes().publish, now: () => NOW_MS });
    const scheduled = FIXTURES.find((fixture) => fixture.matchId === M.scheduled);
    if (!scheduled) throw new Error('the match day has a scheduled match');
    await sink.upsertFixtures([scheduled]);

    let clock = NOW_MS;
    const service = createMatchService({ db, now: () => clock });
    const first = await service.listFootball({ day: DAY });
    expect(first.scheduledGlobal.flatMap((group) => group.matches.map((match) => match.match_id))).toEqual([M.scheduled]);

    // Minutes later, nothing written and no match due to move: the very same answer.
    clock += 10 * 60 * 1000;
    expect(await service.listFootball({ day: DAY })).toBe(first);

    // One second before the hour-to-kick-off mark it is still scheduled; at the mark, soon.
    const soonFrom = scheduled.matchTime - 3600;
    clock = (soonFrom - 1) * 1000;
    expect((await service.listFootball({ day: DAY })).scheduledGlobal).toHaveLength(1);
    clock = soonFrom * 1000;
    const atMark = await service.listFootball({ day: DAY });
    expect(atMark.scheduledGlobal).toEqual([]);
    expect(atMark.soonGlobal.flatMap((group) => group.matches.map((match) => match.match_id))).toContain(M.scheduled);
  });
});
