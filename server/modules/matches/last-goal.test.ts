import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FootballListResponseSchema, LiveMessageSchema, type FootballMatch } from '../../../core/contracts/matches';
import { seedCatalog } from '../../catalog/seed-catalog';
import { buildMatchesTestApp } from '../../test-support/app';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { capturePublishes } from '../../test-support/live-capture';
import { DAY, FIXTURES, M, NOW_MS, UPDATES } from '../../test-support/match-day';
import { createMatchWrites, type MatchWrites } from './match-writes';

/** The scorer of the latest goal in the football lists (decision 097), written through the match writes. */
describe.each(TEST_DATABASE_KINDS)('last_goal in the football lists on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  let sink: MatchWrites;
  const capture = capturePublishes();

  beforeAll(async () => {
    const { db } = database.current;
    await seedCatalog(db);
    sink = createMatchWrites({
      db,
      publish: capture.publish,
      now: () => NOW_MS,
    });
    await sink.upsertFixtures(FIXTURES);
    for (const update of UPDATES) await sink.applyUpdate(update);
    app = await buildMatchesTestApp({ db, now: () => NOW_MS });
  });

  afterAll(async () => {
    await app?.close();
  });

  async function listedMatches(): Promise<FootballMatch[]> {
    const response = await app.inject({
      method: 'GET',
      url: `/api/match_recent/anew_list?day=${DAY}`,
    });
    expect(response.statusCode).toBe(200);
    const data = FootballListResponseSchema.parse(response.json()).data;
    return [...data.liveGlobal, ...data.soonGlobal, ...data.scheduledGlobal, ...data.finishedGlobal, ...data.otherGlobal].flatMap(
      (group) => group.matches,
    );
  }

  const derby = async () => (await listedMatches()).find((match) => match.match_id === M.liveDerby)!;

  it('names the scorer of a goal written with a player, and publishes it in the score message', async () => {
    // The day's data: the derby's first goal came without a scorer.
    expect((await derby()).last_goal).toEqual({
      side: 'home',
      minute: 12,
      added_minute: null,
      player: null,
      own_goal: false,
    });

    await sink.applyUpdate({
      matchId: M.liveDerby,
      sport: 'football',
      statusId: 4,
      homeScore: 1,
      awayScore: 1,
      kind: 'score',
      events: [
        {
          type: 0,
          minute: 45,
          addedMinute: 2,
          side: 'away',
          player: 'Edin Džeko',
          seq: 40,
        },
      ],
    });
    await sink.applyUpdate({
      matchId: M.liveDerby,
      sport: 'football',
      statusId: 4,
      homeScore: 2,
      awayScore: 1,
      kind: 'score',
      events: [
        { type: 2, minute: 66, side: 'away', player: 'Fred', seq: 41 },
        {
          type: 0,
          minute: 67,
          side: 'home',
          player: 'Mauro Icardi',
          relatedPlayer: 'Dries Mertens',
          seq: 42,
        },
      ],
    });
    expect((await derby()).last_goal).toEqual({
      side: 'home',
      minute: 67,
      added_minute: null,
      player: 'Mauro Icardi',
      own_goal: false,
    });

    const scoreMessage = capture.published
      .map((entry) => LiveMessageSchema.parse(JSON.parse(entry.payload)))
      .filter((message) => message.data.match_id === M.liveDerby && message.type === 'score')
      .at(-1);
    expect(scoreMessage?.data.events?.find((event) => event.type === 0)).toMatchObject({
      minute: 67,
      side: 'home',
      player: 'Mauro Icardi',
    });
  });

  it('goes back to the goal before when VAR takes the latest one back', async () => {
    await sink.applyUpdate({
      matchId: M.liveDerby,
      sport: 'football',
      statusId: 4,
      homeScore: 1,
      awayScore: 1,
      kind: 'score',
      events: [
        {
          type: 24,
          minute: 69,
          side: 'home',
          player: null,
          detail: 'no goal',
          seq: 43,
        },
      ],
    });
    expect((await derby()).last_goal).toEqual({
      side: 'away',
      minute: 45,
      added_minute: 2,
      player: 'Edin Džeko',
      own_goal: false,
    });
  });

  it('leaves last_goal out for matches not in play, so the lists stay as small as before', async () => {
    const matches = await listedMatches();
    const finished = matches.find((match) => match.match_id === M.finished)!;
    expect(finished.status_id).toBe(8);
    expect('last_goal' in finished).toBe(false);
    expect(matches.filter((match) => 'last_goal' in match).map((match) => match.match_id)).toEqual([M.liveDerby]);
  });
});
