import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BasketballResponseSchema,
  FootballListResponseSchema,
  HotListResponseSchema,
  type FootballGroup,
} from '../../../core/contracts/matches';
import { seedCatalog } from '../../catalog/seed-catalog';
import { createMatchWrites } from './match-writes';
import { buildMatchesTestApp } from '../../test-support/app';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { capturePublishes } from '../../test-support/live-capture';
import { DAY, FIXTURES, M, NOW_MS, UPDATES } from '../../test-support/match-day';

/** [competition_id, [match ids]] per group: what a reader sees, without the row details. */
function outline(groups: FootballGroup[]): [number, number[]][] {
  return groups.map((group) => [group.competition_id, group.matches.map((match) => match.match_id)]);
}

describe.each(TEST_DATABASE_KINDS)('live-score API on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;

  beforeAll(async () => {
    const { db } = database.current;
    await seedCatalog(db);
    const sink = createMatchWrites({ db, publish: capturePublishes().publish, now: () => NOW_MS });
    await sink.upsertFixtures(FIXTURES);
    for (const update of UPDATES) await sink.applyUpdate(update);
    app = await buildMatchesTestApp({ db, now: () => NOW_MS });
  });

  afterAll(async () => {
    await app?.close();
  });

  async function getJson(url: string, headers: Record<string, string> = {}) {
    const response = await app.inject({ method: 'GET', url, headers });
    return { status: response.statusCode, body: response.json() };
  }

  describe('GET /api/match_recent/anew_list', () => {
    it("answers today's lists in the contract's shape, hot competitions first", async () => {
      const { status, body } = await getJson('/api/match_recent/anew_list');
      expect(status).toBe(200);
      const parsed = FootballListResponseSchema.parse(body);
      expect(parsed.code).toBe(1);
      expect(parsed.msg).toBe('success');
      const data = parsed.data;
      expect(outline(data.liveGlobal)).toEqual([[1, [M.liveDerby]]]);
      expect(outline(data.soonGlobal)).toEqual([[1, [M.soon]]]);
      // Süper Lig (hot 1), Champions League (hot 2), then the Turkish Cup (not hot)
      expect(outline(data.scheduledGlobal)).toEqual([
        [1, [M.scheduled, M.lastSecond]],
        [6, [M.championsLeague]],
        [7, [M.cup]],
      ]);
      expect(outline(data.finishedGlobal)).toEqual([[2, [M.finished]]]);
      expect(outline(data.otherGlobal)).toEqual([[1, [M.delayed]]]);
      expect(data.competitionIndexArr.hot).toEqual([1, 6, 2]);
      expect(Object.keys(data.competitionIndexArr.all).sort()).toEqual(['1', '2', '6', '7']);
    });

    it('drops a match still not started two hours after its start', async () => {
      const { body } = await getJson(`/api/match_recent/anew_list?day=${DAY}`);
      const all = JSON.stringify(body);
      expect(all).not.toContain(String(M.stale));
    });

    it('carries score, cards, corners, half time, names and crest URLs of each match', async () => {
      const { body } = await getJson(`/api/match_recent/anew_list?day=${DAY}`);
      const data = FootballListResponseSchema.parse(body).data;
      const derby = data.liveGlobal[0]?.matches[0];
      expect(derby).toMatchObject({
        match_id: M.liveDerby,
        status_id: 2,
        a0: 1,
        b0: 0,
        home_team_name: 'Galatasaray',
        away_team_name: 'Fenerbahçe',
        kick_off_time: DAY + 14.5 * 3600,
        kick_off_time_str: '14:30',
        yellow: [1, 0],
        ht: null,
        is_collect: false,
      });
      expect(derby?.home_team_logo).toBe(`/crests/team/${derby?.home_team_id}.svg`);
      expect(data.finishedGlobal[0]?.matches[0]).toMatchObject({
        a0: 2,
        b0: 2,
        ht: [1, 0],
        corner: [6, 3],
        red: [0, 1],
      });
      expect(data.teamIndexArr[String(derby?.home_team_id)]).toEqual({
        team_id: derby?.home_team_id,
        name: 'Galatasaray',
        short_name: 'Galatasaray',
        logo: `/crests/team/${derby?.home_team_id}.svg`,
      });
      expect(data.competitionIndexArr.all['1']).toEqual({
        competition_id: 1,
        name: 'Süper Lig',
        short_name: 'TSL',
        country: 'TUR',
        logo: '/crests/competition/1.svg',
        is_hot: true,
        is_collect: false,
      });
    });

    it('names competitions in the language of the Language header', async () => {
      const english = await getJson(`/api/match_recent/anew_list?day=${DAY}`, { language: 'en' });
      expect(english.body.data.competitionIndexArr.all['1'].name).toBe('Turkish Süper Lig');
      const chinese = await getJson(`/api/match_recent/anew_list?day=${DAY}`, { language: 'zh' });
      expect(chinese.body.data.competitionIndexArr.all['1'].name).toBe('土耳其超级联赛');
    });

    it('keeps exactly the matches of [day, day + 24 h)', async () => {
      const ids = (data: { [key: string]: unknown }) =>
        ['liveGlobal', 'soonGlobal', 'scheduledGlobal', 'finishedGlobal', 'otherGlobal'].flatMap((list) =>
          (data[list] as FootballGroup[]).flatMap((group) => group.matches.map((match) => match.match_id)),
        );
      const today = await getJson(`/api/match_recent/anew_list?day=${DAY}`);
      expect(ids(today.body.data)).toContain(M.lastSecond);
      expect(ids(today.body.data)).not.toContain(M.previousDay);
      expect(ids(today.body.data)).not.toContain(M.nextDay);

      const yesterday = await getJson(`/api/match_recent/anew_list?day=${DAY - 86_400}`);
      expect(ids(yesterday.body.data)).toEqual([M.previousDay]);
      const tomorrow = await getJson(`/api/match_recent/anew_list?day=${DAY + 86_400}`);
      expect(ids(tomorrow.body.data)).toEqual([M.nextDay]);
    });

    it('filters by team or competition name, ignoring case and accents', async () => {
      const fener = await getJson(`/api/match_recent/anew_list?day=${DAY}&keywords=FENERBAHCE`);
      expect(outline(fener.body.data.liveGlobal)).toEqual([[1, [M.liveDerby]]]);
      expect(fener.body.data.scheduledGlobal).toEqual([]);
      expect(Object.keys(fener.body.data.teamIndexArr)).toHaveLength(2);

      const league = await getJson(
        `/api/match_recent/anew_list?day=${DAY}&keywords=${encodeURIComponent('şampiyonlar')}`,
      );
      expect(outline(league.body.data.scheduledGlobal)).toEqual([[6, [M.championsLeague]]]);

      const nothing = await getJson(`/api/match_recent/anew_list?day=${DAY}&keywords=zzzz`);
      expect(nothing.body.data.competitionIndexArr).toEqual({ hot: [], all: {} });
    });

    it.each([
      ['abc', 'tr', 'Bir sayı olmalı'],
      ['-1', 'en', 'Must be at least 0'],
      ['99999999999', 'zh', '不能大于 4102444800'],
      ['1.5', 'en', 'Must be a whole number'],
    ])('refuses day=%s with a 400 in the reader language (%s)', async (day, language, message) => {
      const { status, body } = await getJson(`/api/match_recent/anew_list?day=${day}`, { language });
      expect(status).toBe(400);
      expect(body).toEqual({
        code: 400,
        message: { tr: 'İstek geçersiz', en: 'The request is not valid', zh: '请求无效' }[language],
        data: { error: 'VALIDATION', fields: [{ field: 'day', message }] },
      });
    });

    it('refuses keywords longer than 64 characters', async () => {
      const { status, body } = await getJson(`/api/match_recent/anew_list?keywords=${'a'.repeat(65)}`, {
        language: 'en',
      });
      expect(status).toBe(400);
      expect(body.data.fields).toEqual([{ field: 'keywords', message: 'Must be at most 64 characters long' }]);
    });
  });

  describe('GET /api/match_recent/anew_hot_list_page', () => {
    it('pages the hot competitions: live, then not started, then finished, then the rest', async () => {
      const pages = [];
      for (let page = 1; page <= 4; page += 1) {
        const { status, body } = await getJson(`/api/match_recent/anew_hot_list_page?day=${DAY}&page=${page}&size=2`);
        expect(status).toBe(200);
        pages.push(HotListResponseSchema.parse(body).data);
      }
      expect(pages.map((page) => outline(page.list))).toEqual([
        [
          [1, [M.liveDerby]],
          [1, [M.soon]],
        ],
        [[1, [M.scheduled, M.lastSecond]]],
        [
          [6, [M.championsLeague]],
          [2, [M.finished]],
        ],
        [[1, [M.delayed]]],
      ]);
      expect(pages.map((page) => [page.page, page.size, page.total])).toEqual([
        [1, 2, 7],
        [2, 2, 7],
        [3, 2, 7],
        [4, 2, 7],
      ]);
      // the Turkish Cup is not hot: never on the hot list
      expect(pages[0]?.competitionIndexArr.hot).toEqual([1, 6, 2]);
      expect(Object.keys(pages[0]?.competitionIndexArr.all ?? {}).sort()).toEqual(['1', '2', '6']);
      expect(Object.keys(pages[0]?.teamIndexArr ?? {})).toHaveLength(4);
    });

    it('uses page 1 and size 30 by default', async () => {
      const { body } = await getJson(`/api/match_recent/anew_hot_list_page?day=${DAY}`);
      expect(body.data).toMatchObject({ page: 1, size: 30, total: 7 });
    });

    it('refuses a page size over 100', async () => {
      const { status, body } = await getJson('/api/match_recent/anew_hot_list_page?size=101', { language: 'en' });
      expect(status).toBe(400);
      expect(body.data.fields).toEqual([{ field: 'size', message: 'Must be at most 100' }]);
    });
  });

  describe('GET /api/basketball', () => {
    it("answers the day's basketball lists with code 0", async () => {
      const { status, body } = await getJson(`/api/basketball?timestamp=${DAY}`, { language: 'en' });
      expect(status).toBe(200);
      const parsed = BasketballResponseSchema.parse(body);
      expect(parsed).toMatchObject({ code: 0, msg: 'success' });
      const data = parsed.data;
      expect(data.competitionList.map((competition) => competition.name)).toEqual([
        'Turkish Basketball Super League',
        'EuroLeague',
        'NBA',
      ]);
      expect(data.matchIngList.map((match) => match.match_id)).toEqual([M.bslLive]);
      expect(data.matchIngList[0]).toMatchObject({
        a0: 35,
        b0: 31,
        periods: [
          [20, 18],
          [15, 13],
        ],
        clock: 245,
        home_team_name: 'Fenerbahçe Beko',
      });
      // cancelled (12) waits with the not started, competition by competition
      expect(data.matchWaitList.map((match) => match.match_id)).toEqual([M.bslCancelled, M.euroLeagueWaiting]);
      expect(data.matchEndList.map((match) => [match.match_id, match.a0, match.b0])).toEqual([[M.nbaEnded, 112, 108]]);
    });

    it('answers today when no timestamp is given', async () => {
      const { body } = await getJson('/api/basketball');
      expect(body.data.matchEndList.map((match: { match_id: number }) => match.match_id)).toEqual([M.nbaEnded]);
    });

    it('refuses a malformed timestamp with a 400', async () => {
      const { status, body } = await getJson('/api/basketball?timestamp=today');
      expect(status).toBe(400);
      expect(body).toEqual({
        code: 400,
        message: 'İstek geçersiz',
        data: { error: 'VALIDATION', fields: [{ field: 'timestamp', message: 'Bir sayı olmalı' }] },
      });
    });
  });

  describe('match detail headers', () => {
    it('answers a football match with its competition', async () => {
      const { status, body } = await getJson(`/api/match/football/${M.liveDerby}`, { language: 'en' });
      expect(status).toBe(200);
      expect(body.code).toBe(1);
      expect(body.data.match).toMatchObject({ match_id: M.liveDerby, a0: 1, b0: 0, home_team_name: 'Galatasaray' });
      expect(body.data.competition).toMatchObject({ competition_id: 1, name: 'Turkish Süper Lig' });
    });

    it('answers a basketball match with code 0', async () => {
      const { status, body } = await getJson(`/api/match/basketball/${M.bslLive}`);
      expect(status).toBe(200);
      expect(body.code).toBe(0);
      expect(body.data.match).toMatchObject({ match_id: M.bslLive, clock: 245 });
    });

    it.each([
      ['/api/match/football/999999', 'tr', 'Maç bulunamadı'],
      ['/api/match/football/abc', 'en', 'Match not found'],
      ['/api/match/football/-3', 'zh', '未找到比赛'],
      [`/api/match/football/${M.bslLive}`, 'en', 'Match not found'],
      [`/api/match/basketball/${M.liveDerby}`, 'en', 'Match not found'],
      ['/api/match/basketball/99999999999999', 'en', 'Match not found'],
    ])('answers 404 for %s', async (url, language, message) => {
      const { status, body } = await getJson(url, { language });
      expect(status).toBe(404);
      expect(body).toEqual({ code: 404, message, data: { error: 'NOT_FOUND' } });
    });
  });
});
