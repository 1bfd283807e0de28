import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResponseSchema } from '../../../core/contracts/search';
import type { PublicConfig } from '../../../core/contracts/services';
import { buildApp } from '../../app';
import { seedCatalog } from '../../catalog/seed-catalog';
import { createMatchService } from '../matches/matches.service';
import { createMatchWrites } from '../matches/match-writes';
import { createSearchService } from './search.service';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { capturePublishes } from '../../test-support/live-capture';
import { FIXTURES, M, NOW_MS, UPDATES } from '../../test-support/match-day';

/**
 * GET /api/search (docs/api/search.md) on the whole app, with the real catalogue and one match
 * day (server/test-support/match-day.ts): what a reader typing in the header gets back.
 */
const PUBLIC_CONFIG: PublicConfig = { brokerWsUrl: null, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } };

describe.each(TEST_DATABASE_KINDS)('GET /api/search on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;

  beforeAll(async () => {
    const { db } = database.current;
    await seedCatalog(db);
    const sink = createMatchWrites({ db, publish: capturePublishes().publish, now: () => NOW_MS });
    await sink.upsertFixtures(FIXTURES);
    for (const update of UPDATES) await sink.applyUpdate(update);
    app = await buildApp({
      db,
      matches: createMatchService({ db, now: () => NOW_MS }),
      search: createSearchService({ db, now: () => NOW_MS }),
      publicConfig: PUBLIC_CONFIG,
    });
  });

  afterAll(async () => {
    await app?.close();
  });

  async function search(q: string, language = 'en') {
    const response = await app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}`, headers: { language } });
    return { status: response.statusCode, body: response.json() };
  }

  it('finds Beşiktaş typed without Turkish letters, with its competition and matches', async () => {
    const { status, body } = await search('besiktas');
    expect(status).toBe(200);
    const { data, code, msg } = SearchResponseSchema.parse(body);
    expect([code, msg]).toEqual([0, 'success']);
    expect(data.teams.map((t) => t.name)).toEqual(['Beşiktaş', 'Beşiktaş GAİN']);
    expect(data.teams[0]).toMatchObject({ sport: 'football', competition_name: 'Turkish Süper Lig' });
    expect(data.teams[0]?.logo).toBe(`/crests/team/${data.teams[0]?.team_id}.svg`);
    expect(data.matches.map((m) => m.match_id)).toContain(M.soon);
  });

  it('folds İ and ç, and puts the live matches first', async () => {
    const fener = SearchResponseSchema.parse((await search('FENERBAHCE')).body).data;
    // the club named so first, then the one whose short name it is
    expect(fener.teams.map((t) => t.name)).toEqual(['Fenerbahçe', 'Fenerbahçe Beko']);
    // both Fenerbahçes are playing: the football derby and the basketball game come first
    expect(fener.matches.slice(0, 2).map((m) => m.match_id).sort()).toEqual([M.liveDerby, M.bslLive]);
    expect(fener.matches.find((m) => m.match_id === M.liveDerby)).toMatchObject({ state: 'live', home_score: 1, away_score: 0 });
    const istanbul = SearchResponseSchema.parse((await search('istanbul')).body).data;
    expect(istanbul.teams.map((t) => t.name)).toContain('İstanbul Başakşehir');
  });

  it('matches competitions in all three languages and answers names in the request language', async () => {
    const zh = SearchResponseSchema.parse((await search('英超', 'zh')).body).data;
    expect(zh.competitions[0]).toMatchObject({ competition_id: 2, name: '英格兰超级联赛' });
    const tr = SearchResponseSchema.parse((await search('ingiltere', 'tr')).body).data;
    expect(tr.competitions[0]).toMatchObject({ competition_id: 2, name: 'İngiltere Premier Lig' });
    const en = SearchResponseSchema.parse((await search('premier')).body).data;
    expect(en.competitions[0]).toMatchObject({ competition_id: 2, name: 'Premier League', is_hot: true });
  });

  it('leaves out past fixtures that were never played: only real results follow the upcoming match', async () => {
    // Göztepe's season file has two past rounds without a result (one "to be determined", one
    // still "not started") and one played match, all before the day's fixture.
    const { db } = database.current;
    const sink = createMatchWrites({ db, publish: capturePublishes().publish, now: () => NOW_MS });
    const goztepe = FIXTURES.find((fixture) => fixture.matchId === M.scheduled)!;
    const past = (id: number, daysAgo: number) => ({ ...goztepe, matchId: id, matchTime: goztepe.matchTime - daysAgo * 86_400 });
    await sink.upsertFixtures([past(6_100_001, 7), past(6_100_002, 14), past(6_100_003, 21)]);
    await sink.applyUpdate({ matchId: 6_100_001, sport: 'football', statusId: 13, homeScore: 0, awayScore: 0, kind: 'others' });
    await sink.applyUpdate({ matchId: 6_100_003, sport: 'football', statusId: 8, homeScore: 2, awayScore: 1, kind: 'score' });
    const { data } = SearchResponseSchema.parse((await search('goztepe')).body);
    expect(data.matches.map((m) => [m.match_id, m.state])).toEqual([
      [M.scheduled, 'scheduled'],
      [6_100_003, 'finished'],
    ]);
  });

  it('answers empty groups for one Latin letter and nothing found', async () => {
    for (const q of ['b', 'zzzzzz', '%', "' OR 1=1 --"]) {
      const { status, body } = await search(q);
      expect(status, q).toBe(200);
      expect(SearchResponseSchema.parse(body).data, q).toMatchObject({ teams: [], competitions: [], matches: [] });
    }
  });

  it('refuses control characters, an empty and a too long query with a translated 400', async () => {
    const nul = await search('gala\u0000', 'tr');
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ code: 400, data: { error: 'VALIDATION', fields: [{ field: 'q' }] } });
    expect(nul.body.data.fields[0].message).toBe('Kontrol karakterleri (NUL gibi) içeremez');
    const nulEn = await search('gala\u0007');
    expect(nulEn.body.data.fields[0].message).toBe('Must not contain control characters (such as NUL)');
    expect((await search('   ')).status).toBe(400);
    expect((await search('x'.repeat(61))).status).toBe(400);
    const missing = await app.inject({ method: 'GET', url: '/api/search' });
    expect(missing.statusCode).toBe(400);
    const twice = await app.inject({ method: 'GET', url: '/api/search?q=a&q=b' });
    expect(twice.statusCode).toBe(400);
  });
});
