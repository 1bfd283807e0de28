import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSuccessSchema } from '../../../core/contracts/api';
import { ImportResultSchema, StaffDeductionSchema, StaffSeasonDeductionsDataSchema, StaffSeasonsDataSchema } from '../../../core/contracts/imports';
import type { Db } from '../../db/client';
import { competitions } from '../../db/schema/competitions';
import { pointDeductions } from '../../db/schema/match-centre';
import { seasons } from '../../db/schema/seasons';
import { matches } from '../../db/schema/matches';
import { teams } from '../../db/schema/teams';
import { readSeasonTable } from '../../feed/importers/openfootball/season-table';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createTestUser } from '../../test-support/users';
import { capturePublishes } from '../../test-support/live-capture';
import { createMatchWrites } from '../matches/match-writes';
import { buildTestApp } from '../points/points-test-support';

type TestUser = Awaited<ReturnType<typeof createTestUser>>;

const REPO = new URL('../../../', import.meta.url);
/** ../shared beside the repository, as CI clones it. */
const EN_2023 = JSON.parse(readFileSync(fileURLToPath(new URL('../shared/data/openfootball-football.json/2023-24/en.1.json', REPO)), 'utf8')) as {
  name: string;
  matches: Record<string, unknown>[];
};
const DEDUCTIONS = JSON.parse(readFileSync(fileURLToPath(new URL('server/catalog/history/deductions/2023-24_en.1.json', REPO)), 'utf8')) as unknown[];

async function rowCounts(db: Db) {
  const countOf = async (table: typeof competitions | typeof seasons | typeof teams | typeof matches | typeof pointDeductions) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  return Promise.all([countOf(competitions), countOf(seasons), countOf(teams), countOf(matches), countOf(pointDeductions)]);
}

describe.each(TEST_DATABASE_KINDS)('staff imports and deductions API on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  let staff: TestUser;
  let admin: TestUser;
  let fan: TestUser;
  let seasonId: number;

  beforeAll(async () => {
    // Staff imports write through the match write service the feed uses (the app's feed sink).
    const { db } = database.current;
    app = await buildTestApp(db, { feedSink: createMatchWrites({ db, publish: capturePublishes().publish }) });
    staff = await createTestUser(database.current.db, { role: 'staff', nickname: 'Editor' });
    admin = await createTestUser(database.current.db, { role: 'admin' });
    fan = await createTestUser(database.current.db);
  });
  afterAll(async () => {
    await app?.close();
  });

  async function call(method: 'GET' | 'POST' | 'DELETE', url: string, user: TestUser | null, body?: unknown, language = 'en') {
    const response = await app.inject({
      method,
      url,
      headers: { language, ...(user ? { token: user.token } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: response.statusCode, body: response.json() };
  }

  const importBody = (over: Record<string, unknown> = {}) => ({ file_name: '2023-24/en.1.json', content: EN_2023, ...over });

  describe('who may call', () => {
    it('answers 401 signed out and 403 to a user without a staff role, on every endpoint, before reading the body', async () => {
      const endpoints: ['GET' | 'POST' | 'DELETE', string, unknown?][] = [
        ['POST', '/api/staff/imports/openfootball', importBody()],
        ['POST', '/api/staff/imports/openfootball', { nonsense: true }],
        ['GET', '/api/staff/seasons'],
        ['GET', '/api/staff/seasons/1/deductions'],
        ['POST', '/api/staff/seasons/1/deductions', { team_id: 1, points: 3, reason: 'Late fee' }],
        ['DELETE', '/api/staff/deductions/1'],
      ];
      for (const [method, url, body] of endpoints) {
        const signedOut = await call(method, url, null, body);
        expect(signedOut.status, `${method} ${url}`).toBe(401);
        const user = await call(method, url, fan, body);
        expect(user.status, `${method} ${url}`).toBe(403);
        expect(user.body).toMatchObject({ code: 403, data: { error: 'FORBIDDEN' } });
      }
      expect(await rowCounts(database.current.db)).toEqual([0, 0, 0, 0, 0]);
    });
  });

  describe('POST /api/staff/imports/openfootball', () => {
    it('imports a season with its deductions and answers as the command line does', async () => {
      const response = await call('POST', '/api/staff/imports/openfootball', staff, importBody({ deductions: DEDUCTIONS }));
      expect(response.status).toBe(200);
      const data = apiSuccessSchema(ImportResultSchema).parse(response.body).data;
      expect(data).toMatchObject({
        competition_id: 2,
        season: '2023/24',
        season_created: true,
        rules: 'premier-league',
        matches: { inserted: 380, updated: 0, unchanged: 0 },
        variants: [],
        deductions: 3,
      });
      seasonId = data.season_id;
      const table = await readSeasonTable(database.current.db, { seasonId });
      expect(table.find((row) => row.teamName === 'Everton FC')).toMatchObject({ points: 40, deducted: 8, position: 15 });

      const again = await call('POST', '/api/staff/imports/openfootball', staff, importBody({ deductions: DEDUCTIONS, rules: 'premier-league' }), 'tr');
      expect(again.status).toBe(200);
      expect(again.body.data).toMatchObject({ season_id: seasonId, season_created: false, matches: { inserted: 0, updated: 0, unchanged: 380 }, deductions: 3 });
    });

    it('answers 400 naming each problem of a malformed file, in the reader’s language, and writes nothing', async () => {
      const before = await rowCounts(database.current.db);
      const content = { ...EN_2023, matches: EN_2023.matches.map((match, index) => (index === 7 ? { ...match, score: { ft: [2] } } : match)) };
      const bad = await call('POST', '/api/staff/imports/openfootball', staff, importBody({ file_name: '2019-20/en.1.json', content, deductions: [{ team: 'Evertn FC', points: 8, reason: 'PSR' }] }));
      expect(bad).toEqual({
        status: 400,
        body: {
          code: 400,
          message: 'The file could not be imported; nothing was changed',
          data: {
            error: 'IMPORT_INVALID',
            // The match is named by its teams, date and round, not by its index.
            fields: [{ field: 'content.Brentford FC v Tottenham Hotspur FC (2023-08-13, Matchday 1), score.ft', message: 'A score must be two whole numbers, [home, away]' }],
          },
        },
      });
      const turkish = await call('POST', '/api/staff/imports/openfootball', staff, importBody({ content, file_name: '2019-20/en.1.json' }), 'tr');
      expect(turkish.body.message).toBe('Dosya içe aktarılamadı; hiçbir şey değiştirilmedi');
      expect(turkish.body.data.fields[0].message).toBe('Skor [ev sahibi, deplasman] biçiminde iki tam sayı olmalı');

      const unknownTeam = await call('POST', '/api/staff/imports/openfootball', staff, importBody({ file_name: '2019-20/en.1.json', deductions: [{ team: 'Evertn FC', points: 8, reason: 'PSR breach' }] }));
      expect(unknownTeam.body.data.fields).toEqual([{ field: 'deductions[0].team', message: 'Evertn FC plays no match in this season' }]);

      const notJson = await call('POST', '/api/staff/imports/openfootball', staff, importBody({ content: '{"name":', file_name: '2019-20/en.1.json' }));
      expect(notJson.body.data.fields[0]).toMatchObject({ field: 'content', message: expect.stringMatching(/^Not valid JSON \(/) });

      const wrongCompetition = await call('POST', '/api/staff/imports/openfootball', staff, importBody({ competition_id: 4242, file_name: '2019-20/en.1.json' }), 'zh');
      expect(wrongCompetition.body.data.fields).toEqual([{ field: 'competition_id', message: '不存在编号为 4242 的赛事' }]);

      // A file whose name and teams identify no competition is refused at the competition field, in the reader's language.
      const unknownFile = await call(
        'POST',
        '/api/staff/imports/openfootball',
        staff,
        importBody({
          file_name: '2022-23/xx.9.json',
          content: { name: 'Testland 2022/23', matches: [{ round: 'Round 1', date: '2022-08-06', team1: 'Northbridge FC', team2: 'Southport Athletic', score: { ft: [2, 0] } }] },
        }),
        'tr',
      );
      expect(unknownFile.status).toBe(400);
      expect(unknownFile.body.data.fields).toEqual([{ field: 'competition_id', message: expect.stringMatching(/^"xx\.9" dosya adından bir lig bilinmiyor.*--competition <id>/) }]);
      expect(await rowCounts(database.current.db)).toEqual(before);
    });

    it('checks the request itself with the contract: rules, file name, content', async () => {
      const rules = await call('POST', '/api/staff/imports/openfootball', staff, importBody({ rules: 'fair-play' }));
      expect(rules.status).toBe(400);
      expect(rules.body.data).toEqual({ error: 'VALIDATION', fields: [{ field: 'rules', message: 'Unknown tie-break rules' }] });
      const missing = await call('POST', '/api/staff/imports/openfootball', staff, { file_name: '' });
      expect(missing.status).toBe(400);
      expect(missing.body.data.fields).toEqual([
        { field: 'file_name', message: 'The file name must be 1–200 characters long and end in .json (football.json) or .txt (Football.TXT)' },
        { field: 'content', message: 'Please choose a file' },
      ]);
      const name = await call('POST', '/api/staff/imports/openfootball', staff, importBody({ file_name: 'season.csv' }));
      expect(name.body.data).toEqual({ error: 'IMPORT_INVALID', fields: [{ field: 'file_name', message: 'The file name must be 1–200 characters long and end in .json (football.json) or .txt (Football.TXT)' }] });
      // A Football.TXT name takes the file's text, not a parsed object.
      const txt = await call('POST', '/api/staff/imports/openfootball', staff, importBody({ file_name: '2023-24_en1.txt' }));
      expect(txt.body.data).toEqual({ error: 'IMPORT_INVALID', fields: [{ field: 'content', message: 'A Football.TXT file must be sent as text' }] });
    });
  });

  describe('seasons and deductions', () => {
    it('lists seasons with their competition in the reader’s language and their counts', async () => {
      const english = await call('GET', '/api/staff/seasons', staff);
      expect(english.status).toBe(200);
      const list = apiSuccessSchema(StaffSeasonsDataSchema).parse(english.body).data.list;
      expect(list).toEqual([
        expect.objectContaining({
          season_id: seasonId,
          name: '2023/24',
          kind: 'regular',
          rules: 'premier-league',
          source: 'openfootball:2023-24/en.1.json',
          competition_id: 2,
          competition_name: 'Premier League',
          matches: 380,
          deductions: 3,
        }),
      ]);
      const turkish = await call('GET', '/api/staff/seasons', admin, undefined, 'tr');
      expect(turkish.body.data.list[0].competition_name).toBe('İngiltere Premier Lig');
    });

    it('shows a season’s deductions and teams; records and removes deductions in the staff member’s name', async () => {
      const read = await call('GET', `/api/staff/seasons/${seasonId}/deductions`, staff);
      expect(read.status).toBe(200);
      const data = apiSuccessSchema(StaffSeasonDeductionsDataSchema).parse(read.body).data;
      expect(data.season.season_id).toBe(seasonId);
      expect(data.teams).toHaveLength(20);
      expect(data.list.map((row) => [row.team_name, row.points, row.created_by])).toEqual([
        ['Everton FC', 6, null],
        ['Everton FC', 2, null],
        ['Nottingham Forest FC', 4, null],
      ]);

      const luton = data.teams.find((team) => team.team_name === 'Luton Town FC')!;
      const added = await call('POST', `/api/staff/seasons/${seasonId}/deductions`, staff, { team_id: luton.team_id, points: 2, reason: '  Fielding an ineligible player  ' });
      expect(added.status).toBe(200);
      const deduction = apiSuccessSchema(StaffDeductionSchema).parse(added.body).data;
      expect(deduction).toMatchObject({ team_id: luton.team_id, team_name: 'Luton Town FC', points: 2, reason: 'Fielding an ineligible player', created_by: { id: staff.id, nickname: 'Editor' } });
      const table = await readSeasonTable(database.current.db, { seasonId });
      expect(table.find((row) => row.teamId === luton.team_id)).toMatchObject({ points: 24, deducted: 2 });

      const removed = await call('DELETE', `/api/staff/deductions/${deduction.id}`, admin);
      expect(removed).toEqual({ status: 200, body: { code: 0, msg: 'success', data: { id: deduction.id } } });
      const gone = await call('DELETE', `/api/staff/deductions/${deduction.id}`, admin);
      expect(gone).toEqual({ status: 404, body: { code: 404, message: 'Deduction not found', data: { error: 'NOT_FOUND' } } });
      expect((await call('GET', `/api/staff/seasons/${seasonId}/deductions`, staff)).body.data.list).toHaveLength(3);
    });

    it('answers 404 for unknown seasons and 400 for bad ids and bodies', async () => {
      expect(await call('GET', '/api/staff/seasons/999999/deductions', staff)).toEqual({
        status: 404,
        body: { code: 404, message: 'Season not found', data: { error: 'NOT_FOUND' } },
      });
      const added = await call('POST', '/api/staff/seasons/999999/deductions', staff, { team_id: 1, points: 1, reason: 'Late fee' });
      expect(added.status).toBe(404);
      expect((await call('GET', '/api/staff/seasons/abc/deductions', staff)).status).toBe(400);
      expect((await call('DELETE', '/api/staff/deductions/0', staff)).status).toBe(400);

      const [otherTeam] = await database.current.db.insert(teams).values({ id: 900_001, sport: 'football', name: 'Nowhere Rovers', shortName: 'Nowhere', colorPrimary: '#000000', colorSecondary: '#ffffff', strength: 0.5 }).returning();
      const outside = await call('POST', `/api/staff/seasons/${seasonId}/deductions`, staff, { team_id: otherTeam!.id, points: 3, reason: 'Late fee' });
      expect(outside).toEqual({
        status: 400,
        body: { code: 400, message: 'The request is not valid', data: { error: 'VALIDATION', fields: [{ field: 'team_id', message: 'Nowhere Rovers plays no match in this season' }] } },
      });
      const body = await call('POST', `/api/staff/seasons/${seasonId}/deductions`, staff, { points: 0, reason: 'x' });
      expect(body.status).toBe(400);
      expect(body.body.data.fields).toEqual([
        { field: 'team_id', message: 'Please choose a team' },
        { field: 'points', message: 'The points deducted must be a whole number from 1 to 200' },
        { field: 'reason', message: 'The reason must be 3–500 characters long' },
      ]);
    });
  });
});
