import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PricedSelection, Selection } from '../../../core/contracts/odds';
import { appliedMargin } from '../../../core/odds/margin';
import { findPrice } from '../../../core/odds/markets';
import { loadCatalog } from '../../catalog/catalog';
import { seedCatalog } from '../../catalog/seed-catalog';
import type { Db } from '../../db/client';
import { matches } from '../../db/schema/matches';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createOddsService, MIN_COMPETITION_RESULTS, MIN_CORNER_RESULTS } from './odds.service';

// Catalog ids: Süper Lig 1, Premier League 2 (each needs a season of results), NBA 101.
const SUPER_LIG = 1;
const PREMIER_LEAGUE = 2;
const NBA = 101;
const catalog = loadCatalog();
const teamsOf = (competitionId: number) => catalog.competitions.find((c) => c.id === competitionId)?.teams.map((t) => t.id) ?? [];

const HOME_WIN: Selection = { market: '1x2', period: 'ft', pick: 'home', line: null };
const AWAY_WIN: Selection = { market: '1x2', period: 'ft', pick: 'away', line: null };
const SEASON_START = Date.UTC(2025, 7, 8, 17, 0);
const DAY_MS = 86_400_000;

let nextMatchId = 9_000_000;

/**
 * A double round robin with a fixed, lopsided script: the first team of the list wins every home
 * game 3–0 and every away game 2–0, the last loses them all 0–2, the rest share draws, home wins
 * and away wins — enough for any fit to tell the strongest from the weakest.
 */
function footballSeason(competitionId: number, teams: readonly number[], start: number): (typeof matches.$inferInsert)[] {
  const rows: (typeof matches.$inferInsert)[] = [];
  const strongest = teams[0];
  const weakest = teams[teams.length - 1];
  const middling: [number, number][] = [
    [1, 1],
    [2, 1],
    [1, 2],
    [2, 0],
  ];
  teams.forEach((home, i) =>
    teams.forEach((away, j) => {
      if (home === away) return;
      let score = middling[(i + j) % middling.length] as [number, number];
      if (home === strongest) score = [3, 0];
      else if (away === strongest) score = [0, 2];
      else if (home === weakest) score = [0, 2];
      else if (away === weakest) score = [2, 0];
      rows.push({
        id: nextMatchId++,
        sport: 'football',
        competitionId,
        homeTeamId: home,
        awayTeamId: away,
        matchTime: new Date(start + rows.length * 0.4 * DAY_MS),
        statusId: 8,
        homeScore: score[0],
        awayScore: score[1],
        htHome: Math.min(score[0], 1),
        htAway: 0,
      });
    }),
  );
  return rows;
}

/** Every pair once (alternate home sides); the lower a team's index, the better, by 0.8 points a place. */
function basketballSeason(teams: readonly number[], start: number): (typeof matches.$inferInsert)[] {
  const rows: (typeof matches.$inferInsert)[] = [];
  teams.forEach((home, i) =>
    teams.forEach((away, j) => {
      if (home === away || (i + j) % 2 === 1) return;
      const noise = (((i * 7 + j * 3) % 11) - 5) * 2;
      const margin = Math.round(3 + (j - i) * 0.8 + noise) || 1;
      const total = 224 + ((i * 5 + j) % 13) - 6;
      const homePoints = Math.round((total + margin) / 2);
      rows.push({
        id: nextMatchId++,
        sport: 'basketball',
        competitionId: NBA,
        homeTeamId: home,
        awayTeamId: away,
        matchTime: new Date(start + rows.length * 0.3 * DAY_MS),
        statusId: 10,
        homeScore: homePoints,
        awayScore: homePoints - margin,
      });
    }),
  );
  return rows;
}

async function insertFixture(db: Db, fixture: { sport: 'football' | 'basketball'; competitionId: number; home: number; away: number; at: number }): Promise<number> {
  const id = nextMatchId++;
  await db.insert(matches).values({
    id,
    sport: fixture.sport,
    competitionId: fixture.competitionId,
    homeTeamId: fixture.home,
    awayTeamId: fixture.away,
    matchTime: new Date(fixture.at),
    statusId: 1,
  });
  return id;
}

function priceOf(markets: readonly PricedSelection[], selection: Selection): PricedSelection {
  const priced = findPrice(markets, selection);
  if (!priced) throw new Error(`${JSON.stringify(selection)} is not priced`);
  return priced;
}

describe.each(TEST_DATABASE_KINDS)('odds service on %s', (kind) => {
  const database = useTestDatabase(kind);
  const superLig = teamsOf(SUPER_LIG);
  const strongest = superLig[0] as number;
  const weakest = superLig[superLig.length - 1] as number;
  const afterSeason = SEASON_START + 200 * DAY_MS;

  beforeAll(async () => {
    const db = database.current.db;
    await seedCatalog(db);
    await db.insert(matches).values(footballSeason(SUPER_LIG, superLig, SEASON_START));
    await db.insert(matches).values(basketballSeason(teamsOf(NBA), SEASON_START));
  });

  it('answers null for a match that does not exist', async () => {
    const odds = createOddsService({ db: database.current.db, margin: 0.05 });
    expect(await odds.priceMatch(123_456_789)).toBeNull();
  });

  it('prices a football match from its competition’s results, with the configured margin', async () => {
    const db = database.current.db;
    const matchId = await insertFixture(db, { sport: 'football', competitionId: SUPER_LIG, home: strongest, away: weakest, at: afterSeason });
    const pricing = await createOddsService({ db, margin: 0.05 }).priceMatch(matchId);
    if (!pricing) throw new Error('not priced');
    expect(pricing).toMatchObject({ matchId, sport: 'football', competitionId: SUPER_LIG });

    const home = priceOf(pricing.markets, HOME_WIN);
    const away = priceOf(pricing.markets, AWAY_WIN);
    expect(home.probability).toBeGreaterThan(0.8);
    expect(away.odds).toBeGreaterThan(10);
    const oneXTwo = pricing.markets.filter((s) => s.market === '1x2' && s.period === 'ft');
    expect(appliedMargin(oneXTwo.map((s) => s.odds))).toBeCloseTo(0.05, 1);
    for (const market of ['1x2', 'handicap', 'over_under'] as const) {
      for (const period of ['ft', 'ht'] as const) expect(pricing.markets.some((s) => s.market === market && s.period === period)).toBe(true);
    }
    // the strong home side gives goals: its main handicap line is negative
    expect(pricing.markets.filter((s) => s.market === 'handicap' && s.period === 'ft' && s.pick === 'home').every((s) => (s.line ?? 0) < 0)).toBe(true);
  });

  it('prices the same database the same way, in any service and at any time', async () => {
    const db = database.current.db;
    const matchId = await insertFixture(db, { sport: 'football', competitionId: SUPER_LIG, home: superLig[3] as number, away: superLig[5] as number, at: afterSeason });
    const first = await createOddsService({ db, margin: 0.05, now: () => afterSeason }).priceMatch(matchId);
    const again = await createOddsService({ db, margin: 0.05, now: () => new Date(afterSeason + 400 * DAY_MS), refitAfterMs: 0 }).priceMatch(matchId);
    expect(again).toEqual(first);
  });

  it('prices a league’s matches at once from one fit, and a warmed service prices as a cold one', async () => {
    const db = database.current.db;
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      ids.push(await insertFixture(db, { sport: 'football', competitionId: SUPER_LIG, home: superLig[i] as number, away: superLig[i + 6] as number, at: afterSeason }));
    }
    const cold = createOddsService({ db, margin: 0.05 });
    const together = await Promise.all(ids.map((id) => cold.priceMatch(id)));
    // the same pairing under the same fit is priced once and answered from then on
    const again = await cold.priceMatch(ids[0] as number);
    expect(again?.markets).toBe(together[0]?.markets);

    const warmed = createOddsService({ db, margin: 0.05 });
    await warmed.warm();
    for (const [index, id] of ids.entries()) expect((await warmed.priceMatch(id))?.markets).toEqual(together[index]?.markets);
  });

  it('refits when a result comes in or is corrected, and not otherwise', async () => {
    const db = database.current.db;
    const [home, away] = [superLig[4] as number, superLig[6] as number];
    const matchId = await insertFixture(db, { sport: 'football', competitionId: SUPER_LIG, home, away, at: afterSeason });
    const odds = createOddsService({ db, margin: 0.05, now: () => afterSeason });
    const before = await odds.priceMatch(matchId);
    // an upcoming match elsewhere changes nothing
    await insertFixture(db, { sport: 'football', competitionId: SUPER_LIG, home: away, away: home, at: afterSeason + DAY_MS });
    expect(await odds.priceMatch(matchId)).toEqual(before);

    const resultId = nextMatchId++;
    await db.insert(matches).values({
      id: resultId,
      sport: 'football',
      competitionId: SUPER_LIG,
      homeTeamId: home,
      awayTeamId: away,
      matchTime: new Date(afterSeason - DAY_MS),
      statusId: 8,
      homeScore: 6,
      awayScore: 0,
    });
    const afterResult = await odds.priceMatch(matchId);
    expect(priceOf(afterResult?.markets ?? [], HOME_WIN).probability).toBeGreaterThan(priceOf(before?.markets ?? [], HOME_WIN).probability);

    await db.update(matches).set({ homeScore: 0, awayScore: 6, updatedAt: new Date(afterSeason) }).where(eq(matches.id, resultId));
    const afterCorrection = await odds.priceMatch(matchId);
    expect(priceOf(afterCorrection?.markets ?? [], HOME_WIN).probability).toBeLessThan(priceOf(before?.markets ?? [], HOME_WIN).probability);
    // a fresh service on the same database agrees with the refitted one
    expect(await createOddsService({ db, margin: 0.05 }).priceMatch(matchId)).toEqual(afterCorrection);
  });

  it('leaves extra-time and awarded results out of the fit', async () => {
    const db = database.current.db;
    const matchId = await insertFixture(db, { sport: 'football', competitionId: SUPER_LIG, home: superLig[2] as number, away: superLig[7] as number, at: afterSeason });
    const before = await createOddsService({ db, margin: 0.05 }).priceMatch(matchId);
    const noisy = { sport: 'football' as const, competitionId: SUPER_LIG, homeTeamId: superLig[2] as number, awayTeamId: superLig[7] as number, statusId: 8 };
    await db.insert(matches).values([
      { ...noisy, id: nextMatchId++, matchTime: new Date(afterSeason - 2 * DAY_MS), homeScore: 7, awayScore: 3, etHome: 7, etAway: 3 },
      { ...noisy, id: nextMatchId++, matchTime: new Date(afterSeason - 3 * DAY_MS), homeScore: 3, awayScore: 0, note: 'awarded' },
    ]);
    expect(await createOddsService({ db, margin: 0.05 }).priceMatch(matchId)).toEqual(before);
  });

  it(`falls back to every football result when a competition has fewer than ${MIN_COMPETITION_RESULTS}, and treats unknown teams as average`, async () => {
    const db = database.current.db;
    // a Premier League fixture between two Süper Lig sides (as in a friendly): the league has no results of its own
    const crossover = await insertFixture(db, { sport: 'football', competitionId: PREMIER_LEAGUE, home: weakest, away: strongest, at: afterSeason });
    const pricing = await createOddsService({ db, margin: 0.05 }).priceMatch(crossover);
    expect(priceOf(pricing?.markets ?? [], AWAY_WIN).probability).toBeGreaterThan(0.6);

    const premier = teamsOf(PREMIER_LEAGUE);
    const [first, second] = [premier[0] as number, premier[1] as number];
    const unknown = await insertFixture(db, { sport: 'football', competitionId: PREMIER_LEAGUE, home: first, away: second, at: afterSeason });
    const reversed = await insertFixture(db, { sport: 'football', competitionId: PREMIER_LEAGUE, home: second, away: first, at: afterSeason });
    const odds = createOddsService({ db, margin: 0.05 });
    // two teams without results are both average: the fixture and its return are priced alike
    expect((await odds.priceMatch(unknown))?.markets).toEqual((await odds.priceMatch(reversed))?.markets);
  });

  it('prices a basketball game from the normal model, without a full-time draw', async () => {
    const db = database.current.db;
    const nba = teamsOf(NBA);
    const best = nba[0] as number;
    const worst = nba[nba.length - 1] as number;
    const gameId = await insertFixture(db, { sport: 'basketball', competitionId: NBA, home: best, away: worst, at: afterSeason });
    const pricing = await createOddsService({ db, margin: 0.05 }).priceMatch(gameId);
    if (!pricing) throw new Error('not priced');
    expect(pricing.sport).toBe('basketball');
    expect(findPrice(pricing.markets, { market: '1x2', period: 'ft', pick: 'draw', line: null })).toBeNull();
    expect(findPrice(pricing.markets, { market: '1x2', period: 'ht', pick: 'draw', line: null })).not.toBeNull();
    expect(priceOf(pricing.markets, HOME_WIN).probability).toBeGreaterThan(0.8);
    const spreads = pricing.markets.filter((s) => s.market === 'handicap' && s.period === 'ft' && s.pick === 'home');
    expect(spreads.every((s) => (s.line ?? 0) < -10 && Number.isInteger((s.line ?? 0) - 0.5))).toBe(true);
    const totals = pricing.markets.filter((s) => s.market === 'over_under' && s.period === 'ft').map((s) => s.line ?? 0);
    expect(Math.min(...totals)).toBeGreaterThan(205);
    expect(Math.max(...totals)).toBeLessThan(245);
  });
  it(`offers corner markets only once ${MIN_CORNER_RESULTS} finished matches have counted corners, priced from them`, async () => {
    const db = database.current.db;
    const matchId = await insertFixture(db, { sport: 'football', competitionId: SUPER_LIG, home: strongest, away: weakest, at: afterSeason });
    const reverse = await insertFixture(db, { sport: 'football', competitionId: SUPER_LIG, home: weakest, away: strongest, at: afterSeason });
    const cornerMarkets = async (id: number) => ((await createOddsService({ db, margin: 0.05 }).priceMatch(id))?.markets ?? []).filter((s) => s.market.startsWith('corners_'));
    // The season's results carry no corner counts (like every imported season): no corner market.
    expect(await cornerMarkets(matchId)).toEqual([]);
    expect(((await createOddsService({ db, margin: 0.05 }).priceMatch(matchId))?.markets ?? []).length).toBeGreaterThan(0);

    // Corners counted for too few matches: still none.
    const season = await db
      .select({ id: matches.id, home: matches.homeTeamId, away: matches.awayTeamId })
      .from(matches)
      .where(and(eq(matches.competitionId, SUPER_LIG), eq(matches.statusId, 8), sql`${matches.etHome} is null`, sql`${matches.note} is null`));
    const counted = (rows: typeof season) =>
      Promise.all(
        rows.map((row) =>
          db
            .update(matches)
            // The strongest side wins 9 corners a match and concedes 2; everyone else 5 at home, 4 away.
            .set({ cornerHome: row.home === strongest ? 9 : row.away === strongest ? 2 : 5, cornerAway: row.away === strongest ? 9 : row.home === strongest ? 2 : 4 })
            .where(inArray(matches.id, [row.id])),
        ),
      );
    await counted(season.slice(0, MIN_CORNER_RESULTS - 1));
    expect(await cornerMarkets(matchId)).toEqual([]);

    await counted(season);
    const priced = await cornerMarkets(matchId);
    const totals = priced.filter((s) => s.market === 'corners_over_under');
    expect(totals.map((s) => s.line)).toHaveLength(6);
    expect(priced.every((s) => s.period === 'ft')).toBe(true);
    const most = (pick: 'home' | 'away', markets: PricedSelection[]) => priceOf(markets, { market: 'corners_most', period: 'ft', pick, line: null });
    expect(most('home', priced).probability).toBeGreaterThan(0.7);
    expect(most('away', await cornerMarkets(reverse)).probability).toBeGreaterThan(0.6);
    // The corners market carries the configured margin like every other.
    const mostMarket = priced.filter((s) => s.market === 'corners_most');
    expect(appliedMargin(mostMarket.map((s) => s.odds))).toBeCloseTo(0.05, 1);
    // No corner markets in basketball.
    const nba = teamsOf(NBA);
    const game = await insertFixture(db, { sport: 'basketball', competitionId: NBA, home: nba[0] as number, away: nba[1] as number, at: afterSeason });
    expect(await cornerMarkets(game)).toEqual([]);
  });
});
