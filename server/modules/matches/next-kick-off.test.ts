import { describe, expect, it } from 'vitest';
import { NextKickOffResponseSchema } from '../../../core/contracts/next-kick-off';
import { seedCatalog } from '../../catalog/seed-catalog';
import { buildMatchesTestApp } from '../../test-support/app';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { capturePublishes } from '../../test-support/live-capture';
import { createMatchWrites } from './match-writes';
import { createMatchService } from './matches.service';

/** When nothing is live, the home page can say when the next match starts (decision 091). */
describe.each(TEST_DATABASE_KINDS)('the next kick-off on %s', (kind) => {
  const database = useTestDatabase(kind);

  it('is the earliest match still to start after now, per sport or of both, and null when none', async () => {
    const { db } = database.current;
    await seedCatalog(db);
    const now = Date.UTC(2026, 10, 24, 8, 0) / 1000;
    const writes = createMatchWrites({ db, publish: capturePublishes().publish, now: () => now * 1000 });
    const service = createMatchService({ db, now: () => now * 1000 });
    expect(await service.findNextKickOff({})).toBeNull();

    await writes.upsertFixtures([
      // already under way: not "next"
      { matchId: 900_001, sport: 'football', competitionId: 1, homeTeamId: 1, awayTeamId: 2, matchTime: now - 1800 },
      { matchId: 900_002, sport: 'football', competitionId: 1, homeTeamId: 3, awayTeamId: 4, matchTime: now + 5 * 3600 },
      { matchId: 900_003, sport: 'football', competitionId: 1, homeTeamId: 5, awayTeamId: 6, matchTime: now + 9 * 3600 },
      { matchId: 905_001, sport: 'basketball', competitionId: 101, homeTeamId: 1001, awayTeamId: 1002, matchTime: now + 3 * 3600 },
    ]);
    expect(await service.findNextKickOff({ sport: 'football' })).toEqual({
      match_id: 900_002,
      sport: 'football',
      competition_id: 1,
      kick_off_time: now + 5 * 3600,
    });
    expect(await service.findNextKickOff({})).toMatchObject({ match_id: 905_001, sport: 'basketball' });
    // a match that started early is not waited for
    await writes.applyUpdate({ matchId: 900_002, sport: 'football', statusId: 2, homeScore: 0, awayScore: 0, kind: 'score' });
    expect(await service.findNextKickOff({ sport: 'football' })).toMatchObject({ match_id: 900_003 });

    // over HTTP: GET /api/match/next_kick_off[?sport=]
    const app = await buildMatchesTestApp({ db, now: () => now * 1000 });
    try {
      const football = await app.inject({ method: 'GET', url: '/api/match/next_kick_off?sport=football' });
      expect(football.statusCode).toBe(200);
      expect(NextKickOffResponseSchema.parse(football.json()).data).toMatchObject({ match_id: 900_003, kick_off_time: now + 9 * 3600 });
      const both = await app.inject({ method: 'GET', url: '/api/match/next_kick_off' });
      expect(NextKickOffResponseSchema.parse(both.json()).data).toMatchObject({ match_id: 905_001 });
      expect((await app.inject({ method: 'GET', url: '/api/match/next_kick_off?sport=tennis' })).statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });
});
