import { and, asc, eq, gte, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Sport } from '../../../core/contracts/matches';
import type { PricedSelection } from '../../../core/contracts/odds';
import { BASKETBALL_STATUS, FOOTBALL_STATUS } from '../../../core/match/status';
import { cornerGrid, fitCorners, type CornersModel } from '../../../core/odds/corners';
import { fitDixonColes, halfTimeScoreGrid, scoreGrid, type DixonColesModel } from '../../../core/odds/dixon-coles';
import { priceBasketball, priceCorners, priceFootball } from '../../../core/odds/markets';
import { fitNormalMargin, predictBasketball, type NormalMarginModel } from '../../../core/odds/normal-margin';
import type { Db } from '../../db/client';
import { matches } from '../../db/schema/matches';

/**
 * Prices a match's markets with the shared odds model (docs/odds-model.md): the prediction centre
 * fixes a plan's odds from it at publication, and the guessing contest will take bets at it.
 *
 * Rules:
 * - a model is fitted per competition on its finished results of the two years before its latest
 *   one (football: Dixon–Coles; basketball: the normal margin and total model); a competition
 *   with fewer than MIN_COMPETITION_RESULTS falls back to every finished result of its sport;
 *   a team without results is average;
 * - pricing is a function of the database alone: the window and the time decay count back from
 *   the latest result, never from the clock, so the same results always give the same prices;
 * - fits are cached per competition and refitted when the finished results change (their count
 *   or their latest update) or after `refitAfterMs`.
 *
 * Football results are 90-minute scores, so matches that went to extra time (whose stored score
 * includes it) and awarded scores are left out of the fit.
 *
 * Corner markets (football) come from a corners model (core/odds/corners.ts) fitted the same way
 * on the finished matches whose corners were counted (corner_home + corner_away > 0: the imported
 * seasons carry no corner counts, live-fed and replayed matches do). A competition with fewer than
 * MIN_CORNER_RESULTS such matches uses every counted football match; with fewer than that overall,
 * no corner markets are offered (decision 081).
 */

export interface MatchPricing {
  matchId: number;
  sport: Sport;
  competitionId: number;
  markets: PricedSelection[];
}

export interface OddsService {
  /** null when the match does not exist */
  priceMatch(matchId: number): Promise<MatchPricing | null>;
  /**
   * The pricings of many matches at once (a betting day), by match id; unknown ids are left out.
   * Each league's results are looked at once for the whole list, not once per match. `stale`
   * (the betting day's display, decision 118): a league whose results changed is priced with the
   * fit at hand while its new fit is made; a league never fitted is fitted first. A bet and a
   * plan are always checked against `priceMatch`, which waits for the fit of the results now.
   */
  priceMatches(matchIds: readonly number[], options?: { stale?: boolean }): Promise<Map<number, MatchPricing>>;
  /**
   * Fits the models of every competition with a match not yet started, so the first reader of a
   * betting day or a publish form does not wait for them (a cold fit of a league takes a while).
   */
  warm(): Promise<void>;
}

/** Below this many results a league's own fit is mostly noise; the sport's results do better. */
export const MIN_COMPETITION_RESULTS = 50;
/** Below this many matches with counted corners (in the sport as a whole) no corner market is offered. */
export const MIN_CORNER_RESULTS = 30;
const WINDOW_MS = 730 * 86_400_000;
const DEFAULT_REFIT_AFTER_MS = 10 * 60_000;

const FINISHED_STATUS: Record<Sport, number> = { football: FOOTBALL_STATUS.ENDED, basketball: BASKETBALL_STATUS.ENDED };

type Model = { sport: 'football'; model: DixonColesModel } | { sport: 'basketball'; model: NormalMarginModel };

interface CachedFit<M = Model> {
  /** the finished results' state the fit was made from (see readSignature) */
  signature: string;
  fittedAt: number;
  model: M;
  /** the markets of a pairing under this fit, computed once ("home:away") */
  prices: Map<string, PricedSelection[]>;
}

/** Finished results a model may learn from (football: 90 minutes played, the score not awarded). */
function usableResults(sport: Sport, competitionId: number | null): SQL {
  const conditions: SQL[] = [eq(matches.sport, sport), eq(matches.statusId, FINISHED_STATUS[sport])];
  if (competitionId !== null) conditions.push(eq(matches.competitionId, competitionId));
  if (sport === 'football') {
    conditions.push(isNull(matches.etHome));
    conditions.push(or(isNull(matches.note), ne(matches.note, 'awarded')) as SQL);
  }
  return and(...conditions) as SQL;
}

/** Finished football matches of 90 minutes whose corners were counted. */
function countedCorners(competitionId: number | null): SQL {
  return and(usableResults('football', competitionId), sql`${matches.cornerHome} + ${matches.cornerAway} > 0`) as SQL;
}

interface Signature {
  key: string;
  latestMatchTime: Date | null;
}

/** What the results of a scope look like now: their count, latest update and latest match. */
async function readSignature(db: Db, where: SQL): Promise<Signature> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      updatedAt: sql<Date | null>`max(${matches.updatedAt})`.mapWith(matches.updatedAt),
      latest: sql<Date | null>`max(${matches.matchTime})`.mapWith(matches.matchTime),
    })
    .from(matches)
    .where(where);
  const latest = row?.latest ?? null;
  return { key: `${row?.count ?? 0}|${row?.updatedAt?.getTime() ?? ''}|${latest?.getTime() ?? ''}`, latestMatchTime: latest };
}

interface ResultRow {
  home: number;
  away: number;
  homeScore: number;
  awayScore: number;
  date: Date;
}

/** The scope's usable results of the two years up to its latest one, in a fixed order. */
async function readResults(db: Db, sport: Sport, competitionId: number | null, latest: Date): Promise<ResultRow[]> {
  return db
    .select({ home: matches.homeTeamId, away: matches.awayTeamId, homeScore: matches.homeScore, awayScore: matches.awayScore, date: matches.matchTime })
    .from(matches)
    .where(and(usableResults(sport, competitionId), gte(matches.matchTime, new Date(latest.getTime() - WINDOW_MS))))
    .orderBy(asc(matches.matchTime), asc(matches.id));
}

function fitModel(sport: Sport, rows: readonly ResultRow[], now: Date): Model {
  if (sport === 'football') {
    const results = rows.map((r) => ({ home: r.home, away: r.away, homeGoals: r.homeScore, awayGoals: r.awayScore, date: r.date }));
    return { sport, model: fitDixonColes(results, { now }) };
  }
  const results = rows.map((r) => ({ home: r.home, away: r.away, homePoints: r.homeScore, awayPoints: r.awayScore, date: r.date }));
  return { sport, model: fitNormalMargin(results, { now }) };
}

/** The scope's matches with counted corners of the two years up to its latest one, in a fixed order. */
async function readCornerResults(db: Db, competitionId: number | null, latest: Date) {
  return db
    .select({ home: matches.homeTeamId, away: matches.awayTeamId, homeCorners: matches.cornerHome, awayCorners: matches.cornerAway, date: matches.matchTime })
    .from(matches)
    .where(and(countedCorners(competitionId), gte(matches.matchTime, new Date(latest.getTime() - WINDOW_MS))))
    .orderBy(asc(matches.matchTime), asc(matches.id));
}

function priceWith<M>(fit: CachedFit<M>, homeTeamId: number, awayTeamId: number, price: (model: M, home: number, away: number) => PricedSelection[]): PricedSelection[] {
  const key = `${homeTeamId}:${awayTeamId}`;
  const known = fit.prices.get(key);
  if (known) return known;
  const markets = price(fit.model, homeTeamId, awayTeamId);
  fit.prices.set(key, markets);
  return markets;
}

/**
 * Fitted models cached per scope and refitted when the scope's results change or after
 * `refitAfterMs`. A fit under way is shared by every request that needs it meanwhile (a betting
 * day prices dozens of matches of one league at once; they must not each fit the league again).
 */
function fitCache<M>(clock: () => number, refitAfterMs: number, fit: (scope: number | null, latest: Date | null) => Promise<M>) {
  const cache = new Map<string, CachedFit<M>>();
  const pending = new Map<string, Promise<CachedFit<M>>>();
  return async function modelOf(scope: number | null, signature: Signature, options: { stale?: boolean } = {}): Promise<CachedFit<M>> {
    const cacheKey = String(scope ?? 'all');
    const cached = cache.get(cacheKey);
    if (cached && cached.signature === signature.key && clock() - cached.fittedAt < refitAfterMs) return cached;
    const pendingKey = `${cacheKey}|${signature.key}`;
    let fitting = pending.get(pendingKey);
    if (!fitting) {
      const started = (async () => {
        const model = await fit(scope, signature.latestMatchTime);
        const entry: CachedFit<M> = { signature: signature.key, fittedAt: clock(), model, prices: new Map() };
        cache.set(cacheKey, entry);
        return entry;
      })();
      fitting = started;
      pending.set(pendingKey, started);
      void started.then(
        () => pending.delete(pendingKey),
        () => pending.delete(pendingKey),
      );
    }
    // A display read (decision 118) takes the fit it has while the new one is made.
    if (options.stale && cached) {
      fitting.catch(() => undefined);
      return cached;
    }
    return fitting;
  };
}

function priceModel(fit: Model, homeTeamId: number, awayTeamId: number, margin: number): PricedSelection[] {
  if (fit.sport === 'football') {
    return priceFootball(scoreGrid(fit.model, homeTeamId, awayTeamId), halfTimeScoreGrid(fit.model, homeTeamId, awayTeamId), margin);
  }
  return priceBasketball(predictBasketball(fit.model, homeTeamId, awayTeamId), margin);
}

export function createOddsService(options: {
  db: Db;
  margin: number;
  /** the clock of the refit timer only (prices never depend on it); ms since the epoch or a Date */
  now?: () => number | Date;
  refitAfterMs?: number;
}): OddsService {
  const { db, margin } = options;
  const clock = () => {
    const now = options.now?.() ?? Date.now();
    return now instanceof Date ? now.getTime() : now;
  };
  const refitAfterMs = options.refitAfterMs ?? DEFAULT_REFIT_AFTER_MS;
  // The window and the time decay count back from the scope's latest result, never from the clock.
  const goalModels: Record<Sport, ReturnType<typeof fitCache<Model>>> = {
    football: fitCache<Model>(clock, refitAfterMs, async (scope, latest) =>
      fitModel('football', latest ? await readResults(db, 'football', scope, latest) : [], latest ?? new Date(0)),
    ),
    basketball: fitCache<Model>(clock, refitAfterMs, async (scope, latest) =>
      fitModel('basketball', latest ? await readResults(db, 'basketball', scope, latest) : [], latest ?? new Date(0)),
    ),
  };
  const cornerModels = fitCache<CornersModel>(clock, refitAfterMs, async (scope, latest) =>
    fitCorners(latest ? await readCornerResults(db, scope, latest) : [], { now: latest ?? new Date(0) }),
  );

  /**
   * The signatures read during one call (a betting day): a scope's results are looked at once
   * per call, however many of its matches the call prices.
   */
  type Signatures = Map<string, Promise<Signature>> & { stale?: boolean };
  const signatureOf = (memo: Signatures, key: string, where: () => SQL): Promise<Signature> => {
    let known = memo.get(key);
    if (!known) {
      known = readSignature(db, where());
      memo.set(key, known);
    }
    return known;
  };

  /** The competition's own model when it has enough results in its window, else the sport's. */
  async function competitionModel(sport: Sport, competitionId: number, memo: Signatures = new Map()): Promise<CachedFit> {
    const stale = { stale: memo.stale === true };
    const own = await goalModels[sport](competitionId, await signatureOf(memo, `${sport}:${competitionId}`, () => usableResults(sport, competitionId)), stale);
    if (own.model.model.matchCount >= MIN_COMPETITION_RESULTS) return own;
    return goalModels[sport](null, await signatureOf(memo, `${sport}:all`, () => usableResults(sport, null)), stale);
  }

  /** The corners model of a football competition, else of all football; null when too few corners were counted. */
  async function competitionCorners(competitionId: number, memo: Signatures = new Map()): Promise<CachedFit<CornersModel> | null> {
    const stale = { stale: memo.stale === true };
    const own = await cornerModels(competitionId, await signatureOf(memo, `corners:${competitionId}`, () => countedCorners(competitionId)), stale);
    if (own.model.matchCount >= MIN_CORNER_RESULTS) return own;
    const all = await cornerModels(null, await signatureOf(memo, 'corners:all', () => countedCorners(null)), stale);
    return all.model.matchCount >= MIN_CORNER_RESULTS ? all : null;
  }

  interface PricedMatch {
    id: number;
    sport: Sport;
    competitionId: number;
    homeTeamId: number;
    awayTeamId: number;
  }

  async function pricingOf(match: PricedMatch, memo: Signatures): Promise<MatchPricing> {
    const fit = await competitionModel(match.sport, match.competitionId, memo);
    const markets = priceWith(fit, match.homeTeamId, match.awayTeamId, (model, home, away) => priceModel(model, home, away, margin));
    const corners = match.sport === 'football' ? await competitionCorners(match.competitionId, memo) : null;
    return {
      matchId: match.id,
      sport: match.sport,
      competitionId: match.competitionId,
      markets: corners
        ? [...markets, ...priceWith(corners, match.homeTeamId, match.awayTeamId, (model, home, away) => priceCorners(cornerGrid(model, home, away), margin))]
        : markets,
    };
  }

  const pricedColumns = { id: matches.id, sport: matches.sport, competitionId: matches.competitionId, homeTeamId: matches.homeTeamId, awayTeamId: matches.awayTeamId };

  return {
    async priceMatch(matchId) {
      const [match] = await db.select(pricedColumns).from(matches).where(eq(matches.id, matchId)).limit(1);
      return match ? pricingOf(match, new Map()) : null;
    },

    async priceMatches(matchIds, options = {}) {
      const priced = new Map<number, MatchPricing>();
      if (matchIds.length === 0) return priced;
      const rows = await db
        .select(pricedColumns)
        .from(matches)
        .where(inArray(matches.id, [...new Set(matchIds)]))
        .orderBy(asc(matches.id));
      const memo: Signatures = Object.assign(new Map<string, Promise<Signature>>(), { stale: options.stale === true });
      // One after another: the first match of a league fits it (or waits for the fit under way), the rest reuse it.
      for (const row of rows) priced.set(row.id, await pricingOf(row, memo));
      return priced;
    },

    async warm() {
      const scopes = await db
        .selectDistinct({ sport: matches.sport, competitionId: matches.competitionId })
        .from(matches)
        // "not started" is status 1 in both sports
        .where(eq(matches.statusId, FOOTBALL_STATUS.NOT_STARTED));
      // One league after another: warming must not take both cores from the readers.
      for (const scope of scopes) {
        await competitionModel(scope.sport, scope.competitionId);
        if (scope.sport === 'football') await competitionCorners(scope.competitionId);
      }
    },
  };
}
