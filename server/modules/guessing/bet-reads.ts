import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Bet, BetKind, BetListData, BetMatch, BettingDayData, BettingMatch, BettingRecord, StreakRankingData } from '../../../core/contracts/guessing';
import type { Sport } from '../../../core/contracts/matches';
import type { Outcome } from '../../../core/contracts/odds';
import { streaks } from '../../../core/forecast/record';
import { betOutcome } from '../../../core/guessing/bets';
import type { Locale } from '../../../core/locale';
import { BASKETBALL_STATUS, FOOTBALL_STATUS } from '../../../core/match/status';
import { isMessageKey } from '../../../core/messages/messages';
import type { Db } from '../../db/client';
import { competitions } from '../../db/schema/competitions';
import type { ReceiptRecord } from '../../db/schema/forecast';
import { betLegs, bets } from '../../db/schema/guessing';
import { matches } from '../../db/schema/matches';
import { teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import { translate } from '../../i18n/translate';
import { findMatchState, offeredMarkets, type MatchState } from '../markets/public';
import type { MatchPricing, OddsService } from '../odds/public';
import { betBlock, closesAt } from './bet-window';
import type { GuessingConfig } from './guessing-config';

/** Reads of the guessing contest: a fan's bets (their own only), records, the streak ranking, the betting day. */

export interface BetViewer {
  userId: number;
  locale: Locale;
}

const homeTeams = alias(teams, 'home_team');
const awayTeams = alias(teams, 'away_team');
const NOT_STARTED: Record<Sport, number> = { football: FOOTBALL_STATUS.NOT_STARTED, basketball: BASKETBALL_STATUS.NOT_STARTED };

function receiptOf(record: ReceiptRecord | null, locale: Locale) {
  if (!record) return null;
  return { key: record.key, params: record.params, text: isMessageKey(record.key) ? translate(locale, record.key, record.params) : record.key };
}

/** The matches `where` selects, as bets and the staff console show them, by kick-off. */
export async function listMatches(db: Db, where: SQL, locale: Locale): Promise<BetMatch[]> {
  const rows = await db
    .select({
      id: matches.id,
      sport: matches.sport,
      competitionId: competitions.id,
      nameTr: competitions.nameTr,
      nameEn: competitions.nameEn,
      nameZh: competitions.nameZh,
      homeId: homeTeams.id,
      home: homeTeams.name,
      awayId: awayTeams.id,
      away: awayTeams.name,
      matchTime: matches.matchTime,
      statusId: matches.statusId,
      homeScore: matches.homeScore,
      awayScore: matches.awayScore,
      htHome: matches.htHome,
      htAway: matches.htAway,
    })
    .from(matches)
    .innerJoin(competitions, eq(competitions.id, matches.competitionId))
    .innerJoin(homeTeams, eq(homeTeams.id, matches.homeTeamId))
    .innerJoin(awayTeams, eq(awayTeams.id, matches.awayTeamId))
    .where(where)
    .orderBy(asc(matches.matchTime), asc(matches.id));
  return rows.map((row) => ({
    id: row.id,
    sport: row.sport,
    competition: { id: row.competitionId, name: locale === 'tr' ? row.nameTr : locale === 'zh' ? row.nameZh : row.nameEn },
    home: { id: row.homeId, name: row.home },
    away: { id: row.awayId, name: row.away },
    match_time: Math.floor(row.matchTime.getTime() / 1000),
    status_id: row.statusId,
    score: row.statusId === NOT_STARTED[row.sport] ? null : [row.homeScore, row.awayScore],
    ht_score: row.htHome !== null && row.htAway !== null ? [row.htHome, row.htAway] : null,
  }));
}

async function betsByIds(db: Db, ids: number[], locale: Locale): Promise<Bet[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(bets).where(inArray(bets.id, ids));
  const legs = await db.select().from(betLegs).where(inArray(betLegs.betId, ids)).orderBy(asc(betLegs.id));
  const matchList = await listMatches(db, inArray(matches.id, [...new Set(legs.map((leg) => leg.matchId))]), locale);
  const matchById = new Map(matchList.map((match) => [match.id, match]));
  const byId = new Map(
    rows.map((bet) => [
      bet.id,
      {
        id: bet.id,
        kind: bet.kind,
        stake: bet.stake,
        odds: bet.oddsMilli / 1000,
        potential_return: bet.potentialReturn,
        status: bet.status,
        payout: bet.status === 'open' ? null : bet.payout,
        legs: legs
          .filter((leg) => leg.betId === bet.id)
          .map((leg) => ({
            match: matchById.get(leg.matchId)!,
            selection: { market: leg.market, period: leg.period, pick: leg.pick, line: leg.lineQuarters === null ? null : leg.lineQuarters / 4 },
            odds: leg.oddsMilli / 1000,
            outcome: leg.outcome,
            receipt: receiptOf(leg.receipt, locale),
          })),
        placed_at: bet.placedAt.toISOString(),
        settled_at: bet.settledAt?.toISOString() ?? null,
        receipt: bet.status === 'open' ? null : receiptOf(bet.receipt, locale),
      } satisfies Bet,
    ]),
  );
  return ids.map((id) => byId.get(id)).filter((bet): bet is Bet => bet !== undefined);
}

/** One of the viewer's own bets; 404 for another fan's bet or an unknown id (the two look alike). */
export async function getBet(db: Db, options: { betId: number; viewer: BetViewer }): Promise<Bet> {
  const [row] = await db.select({ id: bets.id }).from(bets).where(and(eq(bets.id, options.betId), eq(bets.userId, options.viewer.userId)));
  if (!row) throw new AppError('NOT_FOUND', { message: 'guessing.bet.notFound' });
  const [bet] = await betsByIds(db, [row.id], options.viewer.locale);
  return bet!;
}

/** The viewer's bets, newest first: open, finished (settled or void) or all, of one kind or both. */
export async function listBets(
  db: Db,
  options: { viewer: BetViewer; status: 'open' | 'finished' | 'all'; kind?: BetKind; page: number; size: number },
): Promise<BetListData> {
  const conditions: SQL[] = [eq(bets.userId, options.viewer.userId)];
  if (options.status === 'open') conditions.push(eq(bets.status, 'open'));
  if (options.status === 'finished') conditions.push(ne(bets.status, 'open'));
  if (options.kind) conditions.push(eq(bets.kind, options.kind));
  const where = and(...conditions);
  const [total] = await db.select({ total: count() }).from(bets).where(where);
  const ids = await db
    .select({ id: bets.id })
    .from(bets)
    .where(where)
    .orderBy(desc(bets.placedAt), desc(bets.id))
    .limit(options.size)
    .offset((options.page - 1) * options.size);
  return {
    list: await betsByIds(
      db,
      ids.map((row) => row.id),
      options.viewer.locale,
    ),
    page: options.page,
    size: options.size,
    total: Number(total?.total ?? 0),
  };
}

interface SettledBetRow {
  userId: number;
  stake: number;
  payout: number | null;
  status: string;
  legs: { oddsMilli: number; outcome: Outcome }[];
}

/** Settled bets in settlement order with their legs, of one fan or of everyone. */
async function listSettled(db: Db, userId?: number): Promise<SettledBetRow[]> {
  const conditions: SQL[] = [ne(bets.status, 'open'), isNotNull(bets.settledAt)];
  if (userId !== undefined) conditions.push(eq(bets.userId, userId));
  const rows = await db
    .select({ id: bets.id, userId: bets.userId, stake: bets.stake, payout: bets.payout, status: bets.status })
    .from(bets)
    .where(and(...conditions))
    .orderBy(asc(bets.settledAt), asc(bets.id));
  if (rows.length === 0) return [];
  const legs = await db
    .select({ betId: betLegs.betId, oddsMilli: betLegs.oddsMilli, outcome: betLegs.outcome })
    .from(betLegs)
    .where(inArray(betLegs.betId, rows.map((row) => row.id)));
  const legsOf = new Map<number, { oddsMilli: number; outcome: Outcome }[]>();
  for (const leg of legs) {
    const list = legsOf.get(leg.betId) ?? [];
    list.push({ oddsMilli: leg.oddsMilli, outcome: leg.outcome ?? 'void' });
    legsOf.set(leg.betId, list);
  }
  return rows.map((row) => ({ ...row, legs: legsOf.get(row.id) ?? [] }));
}

/** The one outcome of each settled bet (core/guessing/bets.ts betOutcome), in settlement order. */
function outcomesOf(rows: readonly SettledBetRow[]): Outcome[] {
  return rows.map((row) => (row.status === 'void' ? 'void' : betOutcome(row.stake, row.legs)));
}

/**
 * The viewer's betting record: bets won and lost (whole), the rest (pushes, voids, half
 * results) as other; points staked and returned; streaks of won bets (a lost or half-lost bet
 * breaks one, a push or void neither — core/forecast/record.ts `streaks`).
 */
export async function getBettingRecord(db: Db, options: { userId: number }): Promise<BettingRecord> {
  const settled = await listSettled(db, options.userId);
  const [open] = await db.select({ open: count() }).from(bets).where(and(eq(bets.userId, options.userId), eq(bets.status, 'open')));
  const allStakes = await db.select({ stake: bets.stake }).from(bets).where(eq(bets.userId, options.userId));
  const outcomes = outcomesOf(settled);
  const streak = streaks(outcomes.map((outcome) => (outcome === 'half_win' ? 'push' : outcome)));
  return {
    bets: allStakes.length,
    open: Number(open?.open ?? 0),
    won: outcomes.filter((outcome) => outcome === 'win').length,
    lost: outcomes.filter((outcome) => outcome === 'loss').length,
    other: outcomes.filter((outcome) => outcome !== 'win' && outcome !== 'loss').length,
    staked: allStakes.reduce((sum, row) => sum + row.stake, 0),
    returned: settled.reduce((sum, row) => sum + (row.payout ?? 0), 0),
    current_streak: streak.current,
    best_streak: streak.max,
  };
}

/**
 * The winning-streak ranking: every fan with a settled bet, by current streak, then best streak,
 * then settled bets; top 50. A fan whose settled bets were all lost is listed with a streak of 0
 * (the ranking once kept only fans who had won, and told a fan with four lost bets that nothing
 * had settled yet).
 */
export async function listStreakRanking(db: Db, options: { limit?: number } = {}): Promise<StreakRankingData> {
  const settled = await listSettled(db);
  const byUser = new Map<number, SettledBetRow[]>();
  for (const row of settled) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  const entries = [...byUser.entries()].map(([userId, rows]) => {
    const streak = streaks(outcomesOf(rows).map((outcome) => (outcome === 'half_win' ? 'push' : outcome)));
    return { userId, current: streak.current, best: streak.max, settled: rows.length };
  });
  entries.sort((a, b) => b.current - a.current || b.best - a.best || b.settled - a.settled || a.userId - b.userId);
  const top = entries.slice(0, options.limit ?? 50);
  const people = top.length
    ? await db.select({ id: users.id, nickname: users.nickname, avatar: users.avatar }).from(users).where(inArray(users.id, top.map((entry) => entry.userId)))
    : [];
  const person = new Map(people.map((row) => [row.id, row]));
  return {
    list: top.map((entry, index) => ({
      rank: index + 1,
      user: { id: entry.userId, nickname: person.get(entry.userId)?.nickname ?? '', avatar: person.get(entry.userId)?.avatar ?? '' },
      current_streak: entry.current,
      best_streak: entry.best,
      settled: entry.settled,
    })),
  };
}

function bettingMatch(match: BetMatch, state: MatchState, pricing: MatchPricing | null | undefined, now: Date, locale: Locale): BettingMatch {
  const closes = Math.floor(closesAt(state.matchTime).getTime() / 1000);
  const block = betBlock(state, now);
  const markets = block ? [] : offeredMarkets(pricing ?? null);
  const reason = block ?? (markets.length === 0 ? 'guessing.market.closed' : null);
  return { match, open: reason === null, reason, reason_text: reason ? translate(locale, reason) : null, closes_at: closes, markets };
}

/** One match's bettable markets, priced now; open false with the reason when it takes no bets. */
export async function getMatchBetMarkets(options: { db: Db; odds: OddsService; matchId: number; now: Date; locale: Locale }): Promise<BettingMatch> {
  const state = await findMatchState(options.db, options.matchId);
  if (!state) throw new AppError('NOT_FOUND', { message: 'guessing.match.notFound' });
  const [match] = await listMatches(options.db, eq(matches.id, options.matchId), options.locale);
  const pricing = betBlock(state, options.now) ? null : await options.odds.priceMatch(options.matchId);
  return bettingMatch(match!, state, pricing, options.now, options.locale);
}

/**
 * The matches of a sport kicking off on one UTC day (today by default), each with its markets or
 * why it takes no bets: the open ones first, then the closed ones, each part by kick-off. The
 * day's states are read in one query and the open matches priced together (each league's
 * results looked at once), so a day of dozens of matches costs a handful of queries.
 */
export async function getBettingDay(options: {
  db: Db;
  odds: OddsService;
  config: GuessingConfig;
  sport: Sport;
  day?: number;
  now: Date;
  locale: Locale;
}): Promise<BettingDayData> {
  const day = options.day ?? Math.floor(options.now.getTime() / 86_400_000) * 86_400;
  const start = new Date(day * 1000);
  const end = new Date((day + 86_400) * 1000);
  const where = and(eq(matches.sport, options.sport), gte(matches.matchTime, start), lt(matches.matchTime, end))!;
  const list = await listMatches(options.db, where, options.locale);
  const states = await options.db
    .select({ id: matches.id, sport: matches.sport, statusId: matches.statusId, matchTime: matches.matchTime, note: matches.note })
    .from(matches)
    .where(where);
  const stateById = new Map(states.map((state) => [state.id, state]));
  const bettable = list.filter((match) => {
    const state = stateById.get(match.id);
    return state !== undefined && betBlock(state, options.now) === null;
  });
  // A display: a league whose results just changed shows the prices of its fit at hand while it refits (decision 118).
  const pricings = await options.odds.priceMatches(
    bettable.map((match) => match.id),
    { stale: true },
  );
  const result: BettingMatch[] = [];
  for (const match of list) {
    const state = stateById.get(match.id);
    if (state) result.push(bettingMatch(match, state, pricings.get(match.id), options.now, options.locale));
  }
  // Stable: each part keeps the kick-off order listMatches gave.
  const ordered = [...result.filter((entry) => entry.open), ...result.filter((entry) => !entry.open)];
  return { sport: options.sport, day, matches: ordered, limits: { max_stake: options.config.maxStake, daily_cap: options.config.dailyCap } };
}
