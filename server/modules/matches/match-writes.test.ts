import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LiveMessageSchema } from '../../../core/contracts/matches';
import { seedCatalog } from '../../catalog/seed-catalog';
import { matchLineups, matchStats } from '../../db/schema/match-centre';
import { matchEvents } from '../../db/schema/match-events';
import { matches } from '../../db/schema/matches';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { capturePublishes } from '../../test-support/live-capture';
import { listDomainEvents } from '../../jobs/outbox';
import { createMatchWrites } from './match-writes';

const NOW_MS = Date.UTC(2025, 9, 18, 15, 0, 0);
const KICK_OFF = Date.UTC(2025, 9, 18, 14, 30, 0) / 1000;
// Catalog ids: Süper Lig 1 (Galatasaray 7, Fenerbahçe 6), NBA 101 (Lakers 1014, Celtics 1002).
const DERBY = {
  matchId: 5_000_001,
  sport: 'football' as const,
  competitionId: 1,
  homeTeamId: 7,
  awayTeamId: 6,
  matchTime: KICK_OFF,
};
const NBA_GAME = {
  matchId: 5_000_002,
  sport: 'basketball' as const,
  competitionId: 101,
  homeTeamId: 1014,
  awayTeamId: 1002,
  matchTime: KICK_OFF,
};

describe.each(TEST_DATABASE_KINDS)('feed sink on %s', (kind) => {
  const database = useTestDatabase(kind);

  async function setUp() {
    await seedCatalog(database.current.db);
    const capture = capturePublishes();
    const sink = createMatchWrites({ db: database.current.db, publish: capture.publish, now: () => NOW_MS });
    return { sink, published: capture.published };
  }

  it('inserts fixtures as not-started matches and leaves existing ones as they are', async () => {
    const { sink } = await setUp();
    await sink.upsertFixtures([DERBY, NBA_GAME]);
    await sink.applyUpdate({
      matchId: DERBY.matchId,
      sport: 'football',
      statusId: 2,
      homeScore: 1,
      awayScore: 0,
      kind: 'score',
    });
    await sink.upsertFixtures([{ ...DERBY, matchTime: KICK_OFF + 3600 }]);

    const [row] = await database.current.db.select().from(matches).where(eq(matches.id, DERBY.matchId));
    expect(row).toMatchObject({ statusId: 2, homeScore: 1, awayScore: 0, matchTime: new Date(KICK_OFF * 1000) });
    const [game] = await database.current.db.select().from(matches).where(eq(matches.id, NBA_GAME.matchId));
    expect(game).toMatchObject({
      statusId: 1,
      homeScore: 0,
      awayScore: 0,
      periods: [],
      clock: null,
      kickOffTime: null,
    });
  });

  it('writes a goal with its event and publishes the whole live state on topic football', async () => {
    const { sink, published } = await setUp();
    await sink.upsertFixtures([DERBY]);
    await sink.applyUpdate({
      matchId: DERBY.matchId,
      sport: 'football',
      statusId: 2,
      homeScore: 2,
      awayScore: 0,
      kickOffTime: KICK_OFF,
      yellow: [1, 2],
      kind: 'score',
      events: [{ type: 0, minute: 27, side: 'home', player: 'Mauro Icardi' }],
    });

    expect(published).toHaveLength(1);
    expect(published[0]?.topic).toBe('football');
    const message = JSON.parse(published[0]?.payload ?? 'null');
    expect(message).toEqual({
      type: 'score',
      data: {
        match_id: DERBY.matchId,
        status: 2,
        a0: 2,
        b0: 0,
        kick_off_time: KICK_OFF,
        ht: null,
        red: [0, 0],
        yellow: [1, 2],
        corner: [0, 0],
        events: [
          { type: 0, minute: 27, added_minute: null, side: 'home', player: 'Mauro Icardi', related_player: null, detail: null },
        ],
      },
      publish_time: NOW_MS / 1000,
    });
    expect(LiveMessageSchema.strict().safeParse(message).success).toBe(true);

    const events = await database.current.db
      .select({
        type: matchEvents.type,
        minute: matchEvents.minute,
        side: matchEvents.side,
        player: matchEvents.player,
      })
      .from(matchEvents)
      .where(eq(matchEvents.matchId, DERBY.matchId));
    expect(events).toContainEqual({ type: 0, minute: 27, side: 'home', player: 'Mauro Icardi' });
  });

  it('publishes basketball periods and clock on topic basketball', async () => {
    const { sink, published } = await setUp();
    await sink.upsertFixtures([NBA_GAME]);
    await sink.applyUpdate({
      matchId: NBA_GAME.matchId,
      sport: 'basketball',
      statusId: 4,
      homeScore: 40,
      awayScore: 38,
      periods: [
        [25, 20],
        [15, 18],
      ],
      clock: 312,
      kind: 'score',
    });
    expect(published.map((entry) => entry.topic)).toEqual(['basketball']);
    expect(JSON.parse(published[0]?.payload ?? 'null')).toEqual({
      type: 'score',
      data: {
        match_id: NBA_GAME.matchId,
        status: 4,
        a0: 40,
        b0: 38,
        periods: [
          [25, 20],
          [15, 18],
        ],
        clock: 312,
      },
      publish_time: NOW_MS / 1000,
    });
  });

  it('keeps the latest statistics, merges momentum minute by minute, stores lineups and tells the live channel', async () => {
    const { sink, published } = await setUp();
    await sink.upsertFixtures([DERBY]);
    const base = { matchId: DERBY.matchId, sport: 'football' as const, statusId: 2, homeScore: 0, awayScore: 0, kind: 'stats' as const };
    await sink.applyUpdate({
      ...base,
      stats: { kind: 'football', possession: [60, 40], shots_on: [1, 0] },
      momentum: [
        { minute: 1, home: 2, away: 0 },
        { minute: 2, home: 0, away: 3 },
      ],
    });
    await sink.applyUpdate({
      ...base,
      stats: { kind: 'football', possession: [55, 45], shots_on: [2, 0] },
      momentum: [
        { minute: 2, home: 1, away: 5 },
        { minute: 3, home: 4, away: 0 },
      ],
      lineups: {
        home: { formation: '4-3-3', players: [{ name: 'Fernando Muslera', number: 1, position: 'Goalkeeper', starter: true, x: 0.05, y: 0.5, minute_in: null, minute_out: null, stats: {} }] },
        away: { formation: null, players: [] },
      },
    });

    const [stored] = await database.current.db.select().from(matchStats).where(eq(matchStats.matchId, DERBY.matchId));
    expect(stored?.stats).toEqual({ kind: 'football', possession: [55, 45], shots_on: [2, 0] });
    expect(stored?.momentum).toEqual([
      { minute: 1, home: 2, away: 0 },
      { minute: 2, home: 1, away: 5 },
      { minute: 3, home: 4, away: 0 },
    ]);
    const lineups = await database.current.db.select().from(matchLineups).where(eq(matchLineups.matchId, DERBY.matchId));
    expect(lineups.map((row) => [row.side, row.formation, row.players.length]).sort()).toEqual([
      ['away', null, 0],
      ['home', '4-3-3', 1],
    ]);

    // The sport topic, which every list reader gets, carries the state and the lineups flag; the
    // statistics and momentum go only to the match's own topic, which its open pages follow.
    const [onSport, onMatch] = published.slice(-2);
    expect(onSport?.topic).toBe('football');
    const last = JSON.parse(onSport?.payload ?? 'null');
    expect(LiveMessageSchema.strict().safeParse(last).success).toBe(true);
    expect(last.type).toBe('stats');
    expect(last.data.stats).toBeUndefined();
    expect(last.data.momentum).toBeUndefined();
    expect(last.data.lineups_changed).toBe(true);
    expect(onMatch?.topic).toBe(`matches/football/${DERBY.matchId}`);
    const detail = JSON.parse(onMatch?.payload ?? 'null');
    expect(LiveMessageSchema.strict().safeParse(detail).success).toBe(true);
    expect(detail.data.match_id).toBe(DERBY.matchId);
    expect(detail.data.stats).toEqual({ kind: 'football', possession: [55, 45], shots_on: [2, 0] });
    expect(detail.data.momentum).toEqual([
      { minute: 2, home: 1, away: 5 },
      { minute: 3, home: 4, away: 0 },
    ]);
  });

  it('stores a re-sent event once (same match and seq), as after a restart of the feed', async () => {
    const { sink } = await setUp();
    await sink.upsertFixtures([DERBY]);
    const goal = { type: 0, minute: 27, side: 'home' as const, player: 'Mauro Icardi', seq: 0 };
    const update = { matchId: DERBY.matchId, sport: 'football' as const, statusId: 2, homeScore: 1, awayScore: 0, kind: 'score' as const };
    await sink.applyUpdate({ ...update, events: [goal] });
    await sink.applyUpdate({ ...update, events: [goal, { type: 2, minute: 31, side: 'away', player: 'Fred', seq: 1 }] });

    // (earlier tests of this file left events without seq on the same match)
    const rows = await database.current.db.select().from(matchEvents).where(eq(matchEvents.matchId, DERBY.matchId));
    const events = rows.filter((event) => event.seq !== null);
    expect(events.map((event) => [event.seq, event.type, event.minute]).sort()).toEqual([
      [0, 0, 27],
      [1, 2, 31],
    ]);
  });

  it('rejects an update for a match it does not hold and publishes nothing', async () => {
    const { sink, published } = await setUp();
    await expect(
      sink.applyUpdate({
        matchId: 5_999_999,
        sport: 'football',
        statusId: 2,
        homeScore: 1,
        awayScore: 0,
        kind: 'score',
      }),
    ).rejects.toThrow('unknown football match 5999999');
    // the right id under the wrong sport is not that match either
    await sink.upsertFixtures([DERBY]);
    await expect(
      sink.applyUpdate({
        matchId: DERBY.matchId,
        sport: 'basketball',
        statusId: 2,
        homeScore: 1,
        awayScore: 0,
        kind: 'score',
      }),
    ).rejects.toThrow();
    expect(published).toEqual([]);
  });

  it('keeps the row unchanged when the events cannot be written', async () => {
    const { sink, published } = await setUp();
    await sink.upsertFixtures([DERBY]);
    const before = await database.current.db.select().from(matches).where(eq(matches.id, DERBY.matchId));
    await expect(
      sink.applyUpdate({
        matchId: DERBY.matchId,
        sport: 'football',
        statusId: 4,
        homeScore: 9,
        awayScore: 9,
        kind: 'score',
        // minute is NOT NULL: the insert fails, and the score change must roll back with it
        events: [{ type: 0, minute: null as unknown as number, side: 'home', player: null }],
      }),
    ).rejects.toThrow();
    const after = await database.current.db.select().from(matches).where(eq(matches.id, DERBY.matchId));
    expect(after).toEqual(before);
    expect(published).toEqual([]);
  });

  it('records the domain events of each write in its transaction: status, score, finished — and nothing for a refused write', async () => {
    const { sink, published } = await setUp();
    const db = database.current.db;
    const match = { ...DERBY, matchId: 5_000_101 };
    await sink.upsertFixtures([match]);
    const update = (statusId: number, homeScore: number, awayScore: number) =>
      sink.applyUpdate({ matchId: match.matchId, sport: 'football', statusId, homeScore, awayScore, kind: 'score' });
    expect(await update(2, 0, 0)).toEqual({ applied: true });
    await update(2, 1, 0);
    await update(4, 1, 1);
    await update(8, 2, 1);
    const events = await listDomainEvents(db, { matchId: match.matchId });
    expect(events.map((event) => ({ type: event.type, payload: event.payload }))).toEqual([
      { type: 'match_status_changed', payload: { matchId: match.matchId, sport: 'football', from: 1, to: 2 } },
      { type: 'match_score_changed', payload: { matchId: match.matchId, sport: 'football', from: [0, 0], to: [1, 0], statusId: 2 } },
      { type: 'match_status_changed', payload: { matchId: match.matchId, sport: 'football', from: 2, to: 4 } },
      { type: 'match_score_changed', payload: { matchId: match.matchId, sport: 'football', from: [1, 0], to: [1, 1], statusId: 4 } },
      { type: 'match_status_changed', payload: { matchId: match.matchId, sport: 'football', from: 4, to: 8 } },
      { type: 'match_score_changed', payload: { matchId: match.matchId, sport: 'football', from: [1, 1], to: [2, 1], statusId: 8 } },
      { type: 'match_finished', payload: { matchId: match.matchId, sport: 'football', score: [2, 1] } },
    ]);

    // Finished is final: a feed that sends the match live again, or another score, changes nothing.
    const messages = published.length;
    expect(await update(4, 3, 1)).toEqual({ applied: false });
    expect(await update(8, 2, 2)).toEqual({ applied: false });
    const [row] = await db.select().from(matches).where(eq(matches.id, match.matchId));
    expect(row).toMatchObject({ statusId: 8, homeScore: 2, awayScore: 1 });
    expect(await listDomainEvents(db, { matchId: match.matchId })).toHaveLength(events.length);
    expect(published).toHaveLength(messages);
  });

  it('changes a final result only through correctResult, which records result_corrected and tells the live channel', async () => {
    const { sink, published } = await setUp();
    const db = database.current.db;
    const match = { ...DERBY, matchId: 5_000_102 };
    await sink.upsertFixtures([match]);
    await expect(
      sink.correctResult({ matchId: match.matchId, sport: 'football', homeScore: 1, awayScore: 0, reason: 'too early' }),
    ).rejects.toThrow('has not ended');
    await sink.applyUpdate({ matchId: match.matchId, sport: 'football', statusId: 8, homeScore: 2, awayScore: 1, kind: 'score' });
    await sink.correctResult({ matchId: match.matchId, sport: 'football', homeScore: 2, awayScore: 2, reason: 'own goal given to the away side' });
    const [row] = await db.select().from(matches).where(eq(matches.id, match.matchId));
    expect(row).toMatchObject({ statusId: 8, homeScore: 2, awayScore: 2 });
    const corrected = await listDomainEvents(db, { matchId: match.matchId, types: ['result_corrected'] });
    expect(corrected.map((event) => event.payload)).toEqual([
      { matchId: match.matchId, sport: 'football', from: [2, 1], to: [2, 2], reason: 'own goal given to the away side' },
    ]);
    const last = LiveMessageSchema.parse(JSON.parse(published.at(-1)!.payload));
    expect(last.data).toMatchObject({ match_id: match.matchId, status: 8, a0: 2, b0: 2 });
  });

  it('records postponed, cancelled and abandoned matches of both sports', async () => {
    const { sink } = await setUp();
    const db = database.current.db;
    const cases = [
      { fixture: { ...DERBY, matchId: 5_000_103 }, statusId: 9, type: 'match_postponed' },
      { fixture: { ...DERBY, matchId: 5_000_104 }, statusId: 12, type: 'match_cancelled' },
      { fixture: { ...DERBY, matchId: 5_000_105 }, statusId: 11, type: 'match_abandoned' },
      { fixture: { ...NBA_GAME, matchId: 5_000_106 }, statusId: 13, type: 'match_postponed' },
      { fixture: { ...NBA_GAME, matchId: 5_000_107 }, statusId: 12, type: 'match_cancelled' },
      { fixture: { ...NBA_GAME, matchId: 5_000_108 }, statusId: 14, type: 'match_abandoned' },
    ] as const;
    await sink.upsertFixtures(cases.map((entry) => entry.fixture));
    for (const entry of cases) {
      await sink.applyUpdate({ matchId: entry.fixture.matchId, sport: entry.fixture.sport, statusId: entry.statusId, homeScore: 0, awayScore: 0, kind: 'score' });
      const events = await listDomainEvents(db, { matchId: entry.fixture.matchId });
      expect(events.map((event) => event.type)).toEqual(['match_status_changed', entry.type]);
    }
    const [postponed] = await listDomainEvents(db, { matchId: 5_000_103, types: ['match_postponed'] });
    expect(postponed?.payload).toEqual({ matchId: 5_000_103, sport: 'football', matchTime: null });
  });
});
