import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../../../catalog/seed-catalog';
import type { Db } from '../../../db/client';
import { competitions } from '../../../db/schema/competitions';
import { pointDeductions } from '../../../db/schema/match-centre';
import { seasons } from '../../../db/schema/seasons';
import { matches } from '../../../db/schema/matches';
import { teams } from '../../../db/schema/teams';
import type { UserMessage, UserMessageInput } from '../../../../core/contracts/live';
import { forecastPlans } from '../../../db/schema/forecast';
import { betSettlements, bets } from '../../../db/schema/guessing';
import { createManualClock } from '../../../jobs/clock';
import { listDomainEvents } from '../../../jobs/outbox';
import { createJobRunner } from '../../../jobs/runner';
import { registerForecastSettlement } from '../../../modules/forecast/settle-plans';
import { createBuyer, createTipster, insertPlan } from '../../../modules/forecast/settlement-test-support';
import { expectBetBooksBalanced, insertBetsForTest } from '../../../modules/guessing/guessing-test-support';
import { registerGuessingSettlement } from '../../../modules/guessing/settle-bets';
import { readListVersion } from '../../../modules/matches/list-version';
import { createMatchWrites } from '../../../modules/matches/match-writes';
import { balanceOf, expectLedgerBalanced, rejectionOf } from '../../../modules/points/points-test-support';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabaseKind } from '../../../test-support/db';
import { capturePublishes } from '../../../test-support/live-capture';
import { createTestUser } from '../../../test-support/users';
import { isImportError } from './import-error';
import { importOpenfootballSeason, type ImportOpenfootballOptions, type ImportTarget } from './import-season';
import { readSeasonTable } from './season-table';
import { loadCatalog } from '../../../catalog/catalog';

/**
 * The real files live beside the repository (CI clones ../shared next to it): openfootball's
 * football.json seasons and the published final tables transcribed in
 * ../shared/data/published-tables/published_final_tables.json, whose `sources` name the pages
 * the official figures were taken from.
 */
const REPO = new URL('../../../../', import.meta.url);
const SHARED_DATA = new URL('../shared/data/', REPO);
const openfootball = (file: string) => fileURLToPath(new URL(`openfootball-football.json/${file}`, SHARED_DATA));
const readOpenfootball = (file: string) => readFileSync(openfootball(file), 'utf8');
const HISTORY_DEDUCTIONS = fileURLToPath(new URL('server/catalog/history/deductions/2023-24_en.1.json', REPO));

interface PublishedRow {
  pos: number;
  team: string;
  pts: number;
  w?: number;
  d?: number;
  l?: number;
  gf?: number;
  ga?: number;
  deduction?: number;
}
interface PublishedTable {
  results_file: string;
  sources: string[];
  tiebreak_note?: string;
  partial?: boolean;
  table: PublishedRow[];
}
const PUBLISHED = JSON.parse(readFileSync(fileURLToPath(new URL('published-tables/published_final_tables.json', SHARED_DATA)), 'utf8')) as Record<
  string,
  PublishedTable
>;

/**
 * Group D of the 2024-25 Turkish Cup as openfootball/europe's turkey/2024-25_trcup.txt writes it
 * (its `▪ Group D` block), in the football.json shape: "3-0 (0-1)" is `ft` [3, 0], `ht` [0, 1].
 */
const TURKISH_CUP_GROUP_D = {
  name: 'Türkiye Kupasi 2024/25',
  matches: [
    ['2025-01-07', '19:00', 'Sivasspor', 'Beşiktaş', [0, 1], [0, 1]],
    ['2025-01-07', '21:00', 'Antalyaspor', 'Kocaelispor', [3, 1], [2, 0]],
    ['2025-01-08', '13:00', 'Kırklarelispor', 'Bodrum FK', [4, 4], [3, 3]],
    ['2025-02-04', '13:00', 'Kocaelispor', 'Sivasspor', [3, 0], [0, 1]],
    ['2025-02-04', '20:30', 'Beşiktaş', 'Kırklarelispor', [2, 0], [0, 0]],
    ['2025-02-05', '15:30', 'Bodrum FK', 'Antalyaspor', [3, 1], [2, 0]],
    ['2025-02-25', '15:00', 'Antalyaspor', 'Beşiktaş', [1, 2], [0, 1]],
    ['2025-02-25', '15:00', 'Kırklarelispor', 'Kocaelispor', [1, 3], [0, 2]],
    ['2025-02-25', '15:00', 'Sivasspor', 'Bodrum FK', [0, 1], [0, 1]],
  ].map(([date, time, team1, team2, ft, ht]) => ({ round: 'Group D', date, time, team1, team2, score: { ht, ft } })),
};

/** A clock after every season of the files: a match still without a score is "to be determined". */
const NOW = new Date('2026-11-23T12:00:00Z');

async function rowCounts(db: Db) {
  const countOf = async (table: typeof competitions | typeof seasons | typeof teams | typeof matches | typeof pointDeductions) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    competitions: await countOf(competitions),
    seasons: await countOf(seasons),
    teams: await countOf(teams),
    matches: await countOf(matches),
    deductions: await countOf(pointDeductions),
    listVersion: await readListVersion(db, 'football'),
  };
}

function importFile(target: ImportTarget, file: string, options: Partial<ImportOpenfootballOptions> = {}) {
  return importOpenfootballSeason(target, { content: readOpenfootball(file), fileName: openfootball(file), now: NOW, ...options });
}

/** Every row of the computed table against the published one: position, team, points, and w/d/l/gf/ga where given. */
function expectTableMatches(computed: Awaited<ReturnType<typeof readSeasonTable>>, published: PublishedRow[], positions: Record<string, number> = {}) {
  for (const row of published) {
    const position = positions[row.team] ?? row.pos;
    const ours = computed[position - 1];
    expect(ours?.teamName, `position ${position}`).toBe(row.team);
    expect(ours?.points, `${row.team} points`).toBe(row.pts);
    if (row.w !== undefined) expect([ours?.won, ours?.drawn, ours?.lost], `${row.team} w/d/l`).toEqual([row.w, row.d, row.l]);
    if (row.gf !== undefined) expect([ours?.goalsFor, ours?.goalsAgainst], `${row.team} goals`).toEqual([row.gf, row.ga]);
    if (row.deduction !== undefined) expect(-(ours?.deducted ?? 0), `${row.team} deduction`).toBe(row.deduction);
  }
}

describe.each(TEST_DATABASE_KINDS)('importOpenfootballSeason on %s', (kind: TestDatabaseKind) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  /** the live messages the match write service published for the imports */
  const live = capturePublishes();
  let target: ImportTarget;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    target = { db, matchWrites: createMatchWrites({ db, publish: live.publish, now: () => NOW.getTime() }) };
    await seedCatalog(db);
  });
  afterAll(async () => {
    await database?.close();
  });

  describe('real seasons against their published final tables', () => {
    it('Premier League 2023-24, with the real deductions, gives the official table row for row', async () => {
      const published = PUBLISHED['en.1/2023-24']!;
      expect(published.results_file).toBe('openfootball-football.json/2023-24/en.1.json');
      // Official figures: the `sources` of the transcription (final points from
      // alfredopedulla.com and pixelation.org, the Everton −8 and Forest −4 from sports.yahoo.com).
      expect(published.sources).toHaveLength(3);
      const result = await importFile(target, '2023-24/en.1.json', {
        deductions: readFileSync(HISTORY_DEDUCTIONS, 'utf8'),
        deductionsName: HISTORY_DEDUCTIONS,
      });
      expect(result).toMatchObject({ competition_id: 2, competition_created: false, season: '2023/24', season_created: true, rules: 'premier-league' });
      expect(result.matches).toEqual({ inserted: 380, updated: 0, unchanged: 0 });
      expect(result.deductions).toBe(3);
      expect(result.variants).toEqual([]);
      // Luton and Sheffield United are not in today's catalog; every other club is.
      expect(result.teams_created.sort()).toEqual(['Luton Town FC', 'Sheffield United FC']);

      const table = await readSeasonTable(db, { seasonId: result.season_id });
      expect(table).toHaveLength(20);
      expect(table.every((row) => row.played === 38)).toBe(true);
      // The transcription keeps its page's order at 11–12; its tiebreak_note says the Premier
      // League ranks on goal difference, so Brighton (−7) are 11th and Bournemouth (−13) 12th.
      expect(published.tiebreak_note).toMatch(/Brighton are 11th/);
      expectTableMatches(table, published.table, { 'Brighton & Hove Albion FC': 11, 'AFC Bournemouth': 12 });
      expect(table.slice(10, 12).map((row) => [row.teamName, row.goalDifference])).toEqual([
        ['Brighton & Hove Albion FC', -7],
        ['AFC Bournemouth', -13],
      ]);
      // City and Arsenal both +62 (pixelation.org): points decide.
      expect(table.slice(0, 2).map((row) => row.goalDifference)).toEqual([62, 62]);
      expect(table.filter((row) => row.tied)).toEqual([]);
    });

    it('Bundesliga 2023-24 gives every row the published (partial) table has', async () => {
      const published = PUBLISHED['de.1/2023-24']!;
      // Official figures: fitness-food-fun.de (top six with goals), championat.net (top seven,
      // bottom three), kicker.de (Bochum 16th behind Union on goal difference).
      expect(published.partial).toBe(true);
      const result = await importFile(target, '2023-24/de.1.json');
      expect(result).toMatchObject({ competition_id: 4, rules: 'bundesliga', season: '2023/24' });
      const table = await readSeasonTable(db, { seasonId: result.season_id });
      expect(table).toHaveLength(18);
      expectTableMatches(table, published.table);
      expect(table.find((row) => row.teamName === '1. FC Union Berlin')?.position).toBe(15);
    });
  });

  describe('idempotency', () => {
    it('a second import of the same file inserts nothing and changes nothing', async () => {
      const first = await importFile(target, '2024-25/en.1.json');
      expect(first.matches.inserted).toBe(380);
      const snapshot = await db.select().from(matches).where(eq(matches.seasonId, first.season_id)).orderBy(asc(matches.id));
      const before = await rowCounts(db);

      const second = await importFile(target, '2024-25/en.1.json');
      expect(second).toMatchObject({ season_id: first.season_id, competition_id: 2, season_created: false, teams_created: [] });
      expect(second.matches).toEqual({ inserted: 0, updated: 0, unchanged: 380 });
      expect(await rowCounts(db)).toEqual(before);
      expect(await db.select().from(matches).where(eq(matches.seasonId, first.season_id)).orderBy(asc(matches.id))).toEqual(snapshot);
    });

    it('a changed file updates only the matches that changed, and refreshes cached day lists', async () => {
      const content = JSON.parse(readOpenfootball('2024-25/en.1.json')) as { matches: { score: { ft?: number[] } }[] };
      content.matches[0]!.score.ft = [9, 9];
      const before = await rowCounts(db);
      live.published.length = 0;
      const result = await importOpenfootballSeason(target, { content, fileName: '2024-25/en.1.json', now: NOW });
      expect(result.matches).toEqual({ inserted: 0, updated: 1, unchanged: 379 });
      const after = await rowCounts(db);
      expect(after).toEqual({ ...before, listVersion: before.listVersion + 1 });
      const [changed] = await db.select().from(matches).where(eq(matches.externalKey, 'openfootball:en.1:2024-25:Matchday 1:Manchester United FC:Fulham FC'));
      expect([changed?.homeScore, changed?.awayScore]).toEqual([9, 9]);
      // A changed past result is a correction, recorded with the write (decision 061).
      const corrected = await listDomainEvents(db, { matchId: changed!.id });
      expect(corrected.map((event) => ({ type: event.type, payload: event.payload }))).toEqual([
        { type: 'result_corrected', payload: { matchId: changed!.id, sport: 'football', from: [1, 0], to: [9, 9], reason: 'openfootball re-import' } },
      ]);
      // Its readers hear of it on the live channel, after the commit, as of any match write.
      expect(live.published.map(({ topic, payload }) => [topic, JSON.parse(payload) as unknown])).toEqual([
        ['football', expect.objectContaining({ type: 'score', data: expect.objectContaining({ match_id: changed!.id, status: 8, a0: 9, b0: 9 }) })],
      ]);

      // Finished is final: a file without that score any more does not make the match unplayed.
      delete content.matches[0]!.score.ft;
      const again = await importOpenfootballSeason(target, { content, fileName: '2024-25/en.1.json', now: NOW });
      expect(again.matches).toEqual({ inserted: 0, updated: 0, unchanged: 380 });
      const [kept] = await db.select().from(matches).where(eq(matches.id, changed!.id));
      expect([kept?.statusId, kept?.homeScore, kept?.awayScore]).toEqual([8, 9, 9]);
      expect(await listDomainEvents(db, { matchId: changed!.id })).toHaveLength(1);
      expect(live.published).toHaveLength(1);
    });
  });

  describe('results that change settle through the outbox, as any match write does', () => {
    const FIXTURES_KNOWN = new Date('2026-12-01T12:00:00Z');
    const PLAYED = new Date('2026-12-07T12:00:00Z');
    /** One Süper Lig fixture of a season to come, with its final score once it is known. */
    const season = (ft?: [number, number]) => ({
      name: 'Süper Lig 2026/27',
      matches: [{ round: 'Matchday 15', date: '2026-12-05', time: '20:00', team1: 'Galatasaray', team2: 'Fenerbahçe', score: ft ? { ft } : {} }],
    });
    const importSeason = (ft: [number, number] | undefined, now: Date) => importOpenfootballSeason(target, { content: season(ft), fileName: '2026-27/tr.1.json', now });

    /** One pass of the real job runner with both settlement subscribers: delivers every event not yet delivered. */
    async function deliver() {
      const errors: unknown[] = [];
      const jobs = createJobRunner({
        db,
        leadership: { acquired: Promise.resolve(), release: async () => {} },
        clock: createManualClock(PLAYED.getTime()),
        onError: (_name, error) => errors.push(error),
      });
      const publisher = { publishToUser: async (_userId: number, message: UserMessageInput) => ({ ...message, publish_time: 0 }) as UserMessage };
      registerGuessingSettlement(jobs, { db, postponedVoidHours: 48, publisher });
      registerForecastSettlement(jobs, { db, publisher });
      await jobs.start();
      await jobs.idle();
      await jobs.stop();
      expect(errors).toEqual([]);
    }

    it('a result for a fixture settles its bets; another final score is one result_corrected and a correction; the same file again records nothing', async () => {
      const fixture = await importSeason(undefined, FIXTURES_KNOWN);
      expect(fixture.matches).toEqual({ inserted: 1, updated: 0, unchanged: 0 });
      const [match] = await db.select().from(matches).where(eq(matches.seasonId, fixture.season_id));
      expect(match?.statusId).toBe(1);
      // A new match records nothing: nobody on the site knew it.
      expect(await listDomainEvents(db, { matchId: match!.id })).toEqual([]);
      const bettor = await createBuyer(db, 1000);
      const tipster = await createTipster(db);
      const [bet] = await insertBetsForTest(db, [{ userId: bettor.id, stake: 100, legs: [{ matchId: match!.id, market: '1x2', pick: 'home', oddsMilli: 2000 }] }]);
      const plan = await insertPlan(db, { tipsterId: tipster.id, matchId: match!.id, market: '1x2', pick: 'home' });
      expect(await balanceOf(db, bettor.id)).toBe(900);

      // The file now gives the result: the match finishes through the write service.
      live.published.length = 0;
      const played = await importSeason([2, 1], PLAYED);
      expect(played.matches).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
      const finished = await listDomainEvents(db, { matchId: match!.id });
      expect(finished.map((event) => event.type)).toEqual(['match_status_changed', 'match_score_changed', 'match_finished']);
      expect(live.published.map(({ topic, payload }) => [topic, JSON.parse(payload) as unknown])).toEqual([
        ['football', expect.objectContaining({ type: 'score', data: expect.objectContaining({ match_id: match!.id, status: 8, a0: 2, b0: 1 }) })],
      ]);
      await deliver();
      const [won] = await db.select().from(bets).where(eq(bets.id, bet!));
      expect([won?.status, won?.payout, won?.settlementVersion]).toEqual(['settled', 200, 1]);
      expect(await balanceOf(db, bettor.id)).toBe(1100);
      const [wonPlan] = await db.select().from(forecastPlans).where(eq(forecastPlans.id, plan));
      expect([wonPlan?.status, wonPlan?.outcome, wonPlan?.settlementVersion]).toEqual(['settled', 'win', 1]);

      // Another final score: exactly one result_corrected, and the subscribers correct through their own path.
      const corrected = await importSeason([1, 1], PLAYED);
      expect(corrected.matches).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
      const events = await listDomainEvents(db, { matchId: match!.id });
      expect(events.slice(finished.length).map((event) => ({ type: event.type, payload: event.payload }))).toEqual([
        { type: 'result_corrected', payload: { matchId: match!.id, sport: 'football', from: [2, 1], to: [1, 1], reason: 'openfootball re-import' } },
      ]);
      await deliver();
      const [lost] = await db.select().from(bets).where(eq(bets.id, bet!));
      expect([lost?.status, lost?.payout, lost?.settlementVersion]).toEqual(['settled', 0, 2]);
      const log = await db.select().from(betSettlements).where(eq(betSettlements.betId, bet!)).orderBy(asc(betSettlements.version));
      expect(log.map((row) => [row.version, row.payout, row.delta, row.cause])).toEqual([
        [1, 200, 200, `event:${finished[2]!.id}`],
        [2, 0, -200, `event:${events.at(-1)!.id}`],
      ]);
      expect(await balanceOf(db, bettor.id)).toBe(900);
      const [lostPlan] = await db.select().from(forecastPlans).where(eq(forecastPlans.id, plan));
      expect([lostPlan?.status, lostPlan?.outcome, lostPlan?.settlementVersion]).toEqual(['settled', 'loss', 2]);
      await expectLedgerBalanced(db);
      await expectBetBooksBalanced(db, expect);

      // The same file again: nothing written, recorded, published or settled.
      live.published.length = 0;
      const again = await importSeason([1, 1], PLAYED);
      expect(again.matches).toEqual({ inserted: 0, updated: 0, unchanged: 1 });
      expect(await listDomainEvents(db, { matchId: match!.id })).toHaveLength(events.length);
      expect(live.published).toEqual([]);
      await deliver();
      expect(await db.select().from(betSettlements).where(eq(betSettlements.betId, bet!))).toHaveLength(2);
      expect(await balanceOf(db, bettor.id)).toBe(900);
    });
  });

  describe('statuses, scores and times', () => {
    it('an awarded match ends with its awarded score and note (Bundesliga 2024-25, Union v Bochum)', async () => {
      const result = await importFile(target, '2024-25/de.1.json');
      const [awarded] = await db
        .select()
        .from(matches)
        .where(and(eq(matches.seasonId, result.season_id), eq(matches.note, 'awarded')));
      expect(awarded).toMatchObject({ statusId: 8, homeScore: 0, awayScore: 2, htHome: null, round: 'Matchday 14' });
      const table = await readSeasonTable(db, { seasonId: result.season_id });
      expect(table.every((row) => row.played === 34)).toBe(true);
    });

    it('a postponed match is status 9, unplayed ones are to be determined, an unknown kick-off is noon in London (2025-26)', async () => {
      const result = await importFile(target, '2025-26/en.1.json');
      const rows = await db.select().from(matches).where(eq(matches.seasonId, result.season_id));
      const postponed = rows.filter((row) => row.note === 'postponed');
      expect(postponed).toHaveLength(1);
      expect(postponed[0]).toMatchObject({ statusId: 9, homeScore: 0, awayScore: 0, round: 'Matchday 31' });
      // The file gives no time for it: noon local (GMT on 21 March 2026).
      expect(postponed[0]?.matchTime.toISOString()).toBe('2026-03-21T12:00:00.000Z');
      expect(rows.filter((row) => row.statusId === 13)).toHaveLength(88);
      expect(rows.filter((row) => row.statusId === 8)).toHaveLength(291);
      // Arsenal v Leeds, 23 August 2025, 17:30 BST.
      const [arsenal] = rows.filter((row) => row.externalKey === 'openfootball:en.1:2025-26:Matchday 2:Arsenal FC:Leeds United FC');
      expect(arsenal?.matchTime.toISOString()).toBe('2025-08-23T16:30:00.000Z');
      expect([arsenal?.homeScore, arsenal?.awayScore, arsenal?.htHome, arsenal?.htAway]).toEqual([5, 0, 2, 0]);
    });

    it('an abandoned match awarded below its half-time score never fails the season (2024-25 Turkish Cup, Kocaelispor v Sivasspor)', async () => {
      // The real line, from openfootball/europe's Football.TXT file of the 2024-25 Turkish Cup:
      // played 0-1 at half time, then awarded 3-0, and the file does not mark it [awarded].
      const txt = readFileSync(fileURLToPath(new URL('openfootball-europe/turkey/2024-25_trcup.txt', SHARED_DATA)), 'utf8');
      expect(txt).toMatch(/13:00 {2}Kocaelispor +v Sivasspor +3-0 \(0-1\)\r?\n/);
      const before = await rowCounts(db);
      const result = await importOpenfootballSeason(target, { content: TURKISH_CUP_GROUP_D, fileName: '2024-25/tr.cup.json', now: NOW });
      expect(result).toMatchObject({ competition_id: 7, competition_created: false, season: '2024/25', matches: { inserted: 9, updated: 0, unchanged: 0 } });
      expect(result.warnings).toEqual([
        {
          code: 'awardedOverHalfTime',
          field: 'Kocaelispor v Sivasspor (2025-02-04, Group D)',
          params: { home: 'Kocaelispor', away: 'Sivasspor', date: '2025-02-04', round: 'Group D', score: '3-0', halfTime: '0-1' },
        },
      ]);
      const [awarded] = await db.select().from(matches).where(and(eq(matches.seasonId, result.season_id), eq(matches.note, 'awarded')));
      // The awarded score is the result; the half-time score of the match as played is kept beside it.
      expect(awarded).toMatchObject({ statusId: 8, homeScore: 3, awayScore: 0, htHome: 0, htAway: 1, round: 'Group D' });
      expect((await rowCounts(db)).matches).toBe(before.matches + 9);
      // Importing it again changes nothing.
      const again = await importOpenfootballSeason(target, { content: TURKISH_CUP_GROUP_D, fileName: '2024-25/tr.cup.json', now: NOW });
      expect(again.matches).toEqual({ inserted: 0, updated: 0, unchanged: 9 });
    });

    it('imports the real Football.TXT file of the 2024-25 Turkish Cup whole, the awarded matches included', async () => {
      const file = fileURLToPath(new URL('openfootball-europe/turkey/2024-25_trcup.txt', SHARED_DATA));
      const result = await importOpenfootballSeason(target, { content: readFileSync(file, 'utf8'), fileName: file, now: NOW });
      // The same season as the football.json shape above: Group D is found again, the rest is new.
      expect(result).toMatchObject({ competition_id: 7, competition_created: false, season: '2024/25', source: 'openfootball:2024-25/tr.cup.json' });
      expect(result.matches).toEqual({ inserted: 149, updated: 0, unchanged: 9 });
      expect(result.warnings.map((warning) => [warning.code, warning.field])).toEqual([['awardedOverHalfTime', 'Kocaelispor v Sivasspor (2025-02-04, Group D)']]);
      const rows = await db.select().from(matches).where(eq(matches.seasonId, result.season_id));
      expect(rows).toHaveLength(158);
      // "[awarded]" in the file: Osmaniyespor 2011 v Diyarbekirspor, Round 2, Thu Oct 10 2024 13:00 Istanbul time.
      const osmaniye = rows.find((row) => row.externalKey === 'openfootball:tr.cup:2024-25:Round 2:Osmaniyespor 2011:Diyarbekirspor');
      expect(osmaniye).toMatchObject({ statusId: 8, homeScore: 3, awayScore: 0, note: 'awarded' });
      expect(osmaniye?.matchTime.toISOString()).toBe('2024-10-10T10:00:00.000Z');
      // A line without a time keeps the line above's; Group D's dates go back to January after Group C's February.
      const [besiktas] = rows.filter((row) => row.externalKey === 'openfootball:tr.cup:2024-25:Group D:Beşiktaş:Kırklarelispor');
      expect(besiktas?.matchTime.toISOString()).toBe('2025-02-04T17:30:00.000Z');
      const [sivas] = rows.filter((row) => row.externalKey === 'openfootball:tr.cup:2024-25:Group D:Sivasspor:Beşiktaş');
      expect(sivas?.matchTime.toISOString()).toBe('2025-01-07T16:00:00.000Z');
    });

    it('a Football.TXT line it cannot read is named by its number and text, and nothing is written', async () => {
      const before = await rowCounts(db);
      const text = '= Testland Cup 2024/25\n\n▪ Round 1\n  Tue Oct 8 2024\n    13:00  Kilis Belediyespor  v Balıkesirspor  2-0\n    Kilis and Balıkesir played\n';
      const error = await rejectionOf(importOpenfootballSeason(target, { content: text, fileName: '2024-25_trcup.txt', now: NOW }));
      expect((error as Error).message).toBe('2024-25_trcup.txt: line 6: This line cannot be read as a match ("Kilis and Balıkesir played")');
      const undated = await rejectionOf(importOpenfootballSeason(target, { content: '= Cup 2024/25\n▪ Round 1\n  Kilis Belediyespor  v Balıkesirspor  2-0\n', fileName: '2024-25_trcup.txt', now: NOW }));
      expect((undated as Error).message).toBe('2024-25_trcup.txt: line 3 (Kilis Belediyespor v Balıkesirspor): This match comes before any date line ("Kilis Belediyespor  v Balıkesirspor  2-0")');
      expect(await rowCounts(db)).toEqual(before);
    });

    it('reads Süper Lig times in Istanbul time', async () => {
      const result = await importFile(target, '2024-25/tr.1.json');
      expect(result).toMatchObject({ competition_id: 1, rules: 'super-lig' });
      const [opener] = await db.select().from(matches).where(eq(matches.externalKey, 'openfootball:tr.1:2024-25:Matchday 1:Galatasaray:Hatayspor'));
      expect(opener?.matchTime.toISOString()).toBe('2024-08-09T18:00:00.000Z');
    });
  });

  describe('team names', () => {
    it('Champions League 2024-25: drops "(ENG)"-style suffixes so clubs join the catalog; keeps extra time, refuses level shoot-outs', async () => {
      const result = await importFile(target, '2024-25/uefa.cl.json');
      expect(result).toMatchObject({ competition_id: 6, rules: 'uefa-league-phase', teams_created: [], variants: [] });
      expect(result.warnings).toEqual([
        { code: 'shootoutLevel', field: 'Liverpool FC (ENG) v Paris Saint-Germain FC (FRA) (2025-03-11, Finals, Round of 16), score.p', params: { home: 'Liverpool FC (ENG)', away: 'Paris Saint-Germain FC (FRA)', score: '4-4' } },
        { code: 'shootoutLevel', field: 'Club Atlético de Madrid (ESP) v Real Madrid CF (ESP) (2025-03-12, Finals, Round of 16), score.p', params: { home: 'Club Atlético de Madrid (ESP)', away: 'Real Madrid CF (ESP)', score: '4-4' } },
      ]);
      const [liverpool] = await db.select().from(teams).where(eq(teams.name, 'Liverpool FC'));
      expect(liverpool?.id).toBeLessThan(2000);
      const [tie] = await db
        .select()
        .from(matches)
        .where(eq(matches.externalKey, 'openfootball:uefa.cl:2024-25:Finals, Round of 16:Liverpool FC (ENG):Paris Saint-Germain FC (FRA)'));
      expect(tie).toMatchObject({ homeTeamId: liverpool?.id, statusId: 8, homeScore: 0, awayScore: 1, etHome: 0, etAway: 1, penHome: null, penAway: null });
      expect(await db.select({ n: count() }).from(teams).where(eq(teams.name, 'Liverpool FC (ENG)'))).toEqual([{ n: 0 }]);
      // The final has no score in the file: to be determined.
      const [final] = await db.select().from(matches).where(and(eq(matches.seasonId, result.season_id), eq(matches.round, 'Finals, Final')));
      expect(final?.statusId).toBe(13);
      // The league phase table (the first eight matchdays) puts Liverpool first on 21 points.
      const table = await readSeasonTable(db, { seasonId: result.season_id, rounds: (round) => round?.startsWith('League') ?? false });
      expect(table).toHaveLength(36);
      expect([table[0]?.teamName, table[0]?.points]).toEqual(['Liverpool FC', 21]);
    });

    it('Süper Lig 2019-20: reports "Gaziantep FK" and "Gazişehir Gaziantep FK" as variants and keeps them apart', async () => {
      const result = await importFile(target, '2019-20/tr.1.json');
      expect(result.variants).toEqual([['Gaziantep FK', 'Gazişehir Gaziantep FK']]);
      expect(result.warnings).toEqual([]);
      expect(result.teams_created).toContain('Gazişehir Gaziantep FK');
      expect(result.teams_created).not.toContain('Gaziantep FK');
      const table = await readSeasonTable(db, { seasonId: result.season_id });
      expect(table).toHaveLength(19);
      expect(table.filter((row) => row.teamName.includes('Gaziantep')).map((row) => [row.teamName, row.played]).sort()).toEqual([
        ['Gaziantep FK', 28],
        ['Gazişehir Gaziantep FK', 6],
      ]);
    });
  });

  describe('competitions, seasons, rules and deductions', () => {
    const small = (name: string) => ({
      name,
      matches: [
        { round: 'Round 1', date: '2022-08-06', time: '15:00', team1: 'Northbridge FC', team2: 'Southport Athletic', score: { ft: [2, 0] } },
        { round: 'Round 1', date: '2022-08-06', time: '15:00', team1: 'Eastfield', team2: 'Westholm United', score: { ft: [1, 1] } },
        { round: 'Round 2', date: '2022-08-13', time: '15:00', team1: 'Southport Athletic', team2: 'Eastfield', score: { ft: [0, 3] } },
      ],
    });

    it('a name and teams the catalogue does not know are refused with a hint, and nothing is written', async () => {
      const before = await rowCounts(db);
      const error = await rejectionOf(importOpenfootballSeason(target, { content: small('Testland Premier 2022/23'), fileName: '2022-23/xx.1.json', now: NOW }));
      expect(isImportError(error)).toBe(true);
      expect((error as Error).message).toBe(
        '--competition: No competition is known by the file name "xx.1" and its teams are not those of one: choose the competition (--competition <id> on the command line), or create a new one with --new-competition',
      );
      expect(await rowCounts(db)).toEqual(before);
    });

    it('a file named differently finds its catalogue competition by its teams: no second competition, no duplicate clubs', async () => {
      const before = await rowCounts(db);
      const result = await importOpenfootballSeason(target, { content: readOpenfootball('2021-22/es.1.json'), fileName: '2021-22/laliga-2021.json', now: NOW });
      expect(result).toMatchObject({ competition_id: 3, competition_created: false, season: '2021/22', matches: { inserted: 380, updated: 0, unchanged: 0 } });
      const after = await rowCounts(db);
      expect(after.competitions).toBe(before.competitions);
      // Only the clubs of 2021-22 that today's La Liga does not have are new; the others join their catalogue rows.
      const laLiga = loadCatalog().competitions.find((competition) => competition.id === 3)!;
      const catalogNames = new Set(laLiga.teams.map((team) => team.name));
      expect(result.teams_created.length).toBeLessThan(8);
      expect(result.teams_created.every((name) => !catalogNames.has(name))).toBe(true);
    });

    it('a national-team file goes to the World Cup of the catalogue, by its name or by its teams', async () => {
      const worldCup = (file: string) => readFileSync(fileURLToPath(new URL(`openfootball-worldcup.json/${file}`, SHARED_DATA)), 'utf8');
      const byName = await importOpenfootballSeason(target, { content: worldCup('2018/worldcup.json'), fileName: '2018/worldcup.json', now: NOW });
      expect(byName).toMatchObject({ competition_id: 201, competition_created: false, season: '2018', rules: 'fifa-group', teams_created: [], matches: { inserted: 64 } });
      const byTeams = await importOpenfootballSeason(target, { content: worldCup('2022/worldcup.json'), fileName: '2022/wc.json', now: NOW });
      expect(byTeams).toMatchObject({ competition_id: 201, competition_created: false, season: '2022', teams_created: [], matches: { inserted: 64 } });
      const final = await db.select().from(matches).where(and(eq(matches.seasonId, byName.season_id), eq(matches.round, 'Final')));
      expect(final).toHaveLength(1);
      expect([final[0]?.homeScore, final[0]?.awayScore]).toEqual([4, 2]);
    });

    it('--new-competition makes a competition once, named after the file', async () => {
      const first = await importOpenfootballSeason(target, { content: small('Testland Premier 2022/23'), fileName: '2022-23/xx.1.json', createCompetition: true, now: NOW });
      expect(first).toMatchObject({ competition_created: true, season: '2022/23', rules: 'premier-league', source: 'openfootball:2022-23/xx.1.json' });
      expect(first.competition_id).toBeGreaterThanOrEqual(1000);
      const [competition] = await db.select().from(competitions).where(eq(competitions.id, first.competition_id));
      expect(competition).toMatchObject({ nameEn: 'Testland Premier', shortName: 'XX.1', sport: 'football', standingsRules: 'premier-league' });
      expect(first.teams_created.sort()).toEqual(['Eastfield', 'Northbridge FC', 'Southport Athletic', 'Westholm United']);

      const next = await importOpenfootballSeason(target, { content: small('Testland Premier 2023/24'), fileName: 'xx.1.json', now: NOW, rules: 'la-liga' });
      expect(next).toMatchObject({ competition_id: first.competition_id, competition_created: false, season: '2023/24', season_created: true, rules: 'la-liga', teams_created: [] });
      expect(next.season_id).not.toBe(first.season_id);
      // Without --rules a season keeps the chain it was given.
      const again = await importOpenfootballSeason(target, { content: small('Testland Premier 2023/24'), fileName: 'xx.1.json', now: NOW });
      expect(again).toMatchObject({ season_id: next.season_id, rules: 'la-liga', matches: { inserted: 0, updated: 0, unchanged: 3 } });
    });

    it('--competition and --season put a file where staff say', async () => {
      const result = await importOpenfootballSeason(target, {
        content: small('Friendlies'),
        fileName: 'friendlies.json',
        competitionId: 7,
        seasonName: '2022/23',
        rules: 'super-lig',
        now: NOW,
      });
      expect(result).toMatchObject({ competition_id: 7, season: '2022/23', rules: 'super-lig', competition_created: false });
      const [season] = await db.select().from(seasons).where(eq(seasons.id, result.season_id));
      expect(season).toMatchObject({ kind: 'playoffs', standingsRules: 'super-lig', source: 'openfootball:2022-23/friendlies.json' });
    });

    it('deductions given replace the earlier import-made ones and leave those staff recorded', async () => {
      const staff = await createTestUser(db, { role: 'staff' });
      const first = await importOpenfootballSeason(target, {
        content: small('Deductland 2022/23'),
        fileName: '2022-23/dd.1.json',
        deductions: [{ team: 'Eastfield', points: 3, reason: 'Fielded an ineligible player' }],
        createCompetition: true,
        now: NOW,
      });
      expect(first.deductions).toBe(1);
      const [eastfield] = await db.select().from(teams).where(eq(teams.name, 'Eastfield'));
      await db.insert(pointDeductions).values({ seasonId: first.season_id, teamId: eastfield!.id, points: 1, reason: 'Recorded by staff', createdBy: staff.id });

      // Without deductions the earlier ones stay.
      await importOpenfootballSeason(target, { content: small('Deductland 2022/23'), fileName: '2022-23/dd.1.json', now: NOW });
      expect(await db.select({ n: count() }).from(pointDeductions).where(eq(pointDeductions.seasonId, first.season_id))).toEqual([{ n: 2 }]);

      const second = await importOpenfootballSeason(target, {
        content: small('Deductland 2022/23'),
        fileName: '2022-23/dd.1.json',
        deductions: JSON.stringify([{ team: 'Westholm United', points: 2, reason: 'Administration' }]),
        now: NOW,
      });
      expect(second.deductions).toBe(1);
      const rows = await db
        .select({ team: teams.name, points: pointDeductions.points, createdBy: pointDeductions.createdBy })
        .from(pointDeductions)
        .innerJoin(teams, eq(teams.id, pointDeductions.teamId))
        .where(eq(pointDeductions.seasonId, first.season_id))
        .orderBy(asc(pointDeductions.id));
      expect(rows).toEqual([
        { team: 'Eastfield', points: 1, createdBy: staff.id },
        { team: 'Westholm United', points: 2, createdBy: null },
      ]);
      const table = await readSeasonTable(db, { seasonId: first.season_id });
      // Eastfield: a draw and a 3-0 win, 4 points less 1; level with Northbridge, better difference.
      expect(table.map((row) => [row.teamName, row.points, row.deducted])).toEqual([
        ['Eastfield', 3, 1],
        ['Northbridge FC', 3, 0],
        ['Southport Athletic', 0, 0],
        ['Westholm United', -1, 2],
      ]);
      // An empty list removes the import's own.
      await importOpenfootballSeason(target, { content: small('Deductland 2022/23'), fileName: '2022-23/dd.1.json', deductions: [], now: NOW });
      expect(await db.select({ n: count() }).from(pointDeductions).where(and(eq(pointDeductions.seasonId, first.season_id), isNull(pointDeductions.createdBy)))).toEqual([
        { n: 0 },
      ]);
    });
  });

  describe('malformed input changes nothing and says what is wrong', () => {
    const valid = () => JSON.parse(readOpenfootball('2022-23/es.1.json')) as { name: string; matches: Record<string, unknown>[] };
    const cases: { title: string; options: () => Partial<ImportOpenfootballOptions>; message: RegExp }[] = [
      { title: 'not JSON', options: () => ({ content: '{"name": "La Liga", "matches": [' }), message: /^2022-23\/es\.1\.json: Not valid JSON \(/ },
      {
        title: 'a score that is not a pair',
        options: () => {
          const content = valid();
          content.matches[7] = { ...content.matches[7], score: { ft: [2] } };
          return { content };
        },
        message: /^2022-23\/es\.1\.json: [^,]+ v [^,]+ \(2022-\d\d-\d\d, Matchday 1\), score\.ft: A score must be two whole numbers, \[home, away\]$/,
      },
      {
        title: 'a match without its away team',
        options: () => {
          const content = valid();
          delete content.matches[379]!.team2;
          return { content };
        },
        message: /: [^:]+ v \? \(2023-\d\d-\d\d, Matchday 38\), team2: This field is required/,
      },
      { title: 'no matches', options: () => ({ content: { name: 'Empty 2022/23', matches: [] } }), message: /: matches: The file has no matches$/ },
      { title: 'unknown rules', options: () => ({ rules: 'fair-play' }), message: /^--rules: Unknown tie-break rules "fair-play" \(known: premier-league, / },
      { title: 'an unknown competition', options: () => ({ competitionId: 999 }), message: /^--competition: There is no competition 999$/ },
      { title: 'a file name that is not .json', options: () => ({ fileName: 'es.1.csv' }), message: /^file name "es\.1\.csv": The file name must be .* end in \.json \(football\.json\) or \.txt/ },
      { title: 'a Football.TXT name with JSON in it', options: () => ({ fileName: '2022-23_es1.txt' }), message: /^2022-23_es1\.txt: A Football\.TXT file must be sent as text$/ },
      {
        title: 'no season anywhere',
        options: () => ({ fileName: 'es.1.json', content: { ...valid(), name: 'La Liga' } }),
        message: /^--season: The season could be read neither from the file name/,
      },
      {
        title: 'a deduction naming a team not in the season',
        options: () => ({ deductions: [{ team: 'Real Madird CF', points: 3, reason: 'Late registration' }], deductionsName: 'cuts.json' }),
        message: /^cuts\.json: \[0\]\.team: Real Madird CF plays no match in this season$/,
      },
      {
        title: 'negative points',
        options: () => ({ deductions: '[{"team": "Real Madrid CF", "points": -3, "reason": "Late registration"}]', deductionsName: 'cuts.json' }),
        message: /^cuts\.json: \[0\]\.points: The points deducted must be a whole number from 1 to 200$/,
      },
      {
        title: 'deductions that are not a list',
        options: () => ({ deductions: { team: 'Real Madrid CF', points: 3, reason: 'x' } }),
        message: /^deductions: Deductions must be a list/,
      },
      {
        title: 'an unknown deduction field',
        options: () => ({ deductions: [{ team: 'Real Madrid CF', points: 3, reason: 'Late registration', season: '2022/23' }] }),
        message: /^deductions: \[0\]: Unknown field: season$/,
      },
    ];

    it.each(cases)('$title', async ({ options, message }) => {
      const before = await rowCounts(db);
      const error = await rejectionOf(importOpenfootballSeason(target, { content: valid(), fileName: '2022-23/es.1.json', now: NOW, ...options() }));
      expect(isImportError(error)).toBe(true);
      expect((error as Error).message).toMatch(message);
      expect(await rowCounts(db)).toEqual(before);
      expect(await db.select({ n: count() }).from(seasons).where(eq(seasons.source, 'openfootball:2022-23/es.1.json'))).toEqual([{ n: 0 }]);
    });

    it('reports every problem at once', async () => {
      const content = valid();
      content.matches[0] = { ...content.matches[0], date: '2022-13-01' };
      const error = await rejectionOf(importOpenfootballSeason(target, { content, fileName: '2022-23/es.1.json', rules: 'nope', deductions: 'oops', now: NOW }));
      expect((error as Error).message.split('; ')).toEqual([
        expect.stringMatching(/^2022-23\/es\.1\.json: .+ v .+ \(2022-13-01, Matchday 1\), date: The date must be a real day written YYYY-MM-DD$/),
        '--rules: Unknown tie-break rules "nope" (known: premier-league, bundesliga, la-liga, super-lig, serie-a, uefa-league-phase, brasileirao, mls, fifa-group, basketball)',
        expect.stringMatching(/^deductions: Not valid JSON \(/),
      ]);
    });
  });
});
