import { and, asc, count, countDistinct, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { BetMatch, StaffBetMarket, StaffBetMatch, StaffBetMatchList } from '../../../core/contracts/guessing';
import { MARKETS, PERIODS, type Market, type Period } from '../../../core/contracts/odds';
import type { Locale } from '../../../core/locale';
import type { Db } from '../../db/client';
import { betLegs, bets } from '../../db/schema/guessing';
import { matches } from '../../db/schema/matches';
import { AppError } from '../../errors';
import { STAFF_VOID_KEY } from './settle-bets';
import { listMatches } from './bet-reads';

/**
 * What staff see of the guessing contest before voiding a market (docs/api/guessing.md): the
 * matches with ungraded legs, and per match the markets that carry legs with their counts, the
 * points still staked on them, and the reasons of earlier staff voids. The shapes are the
 * contract's (core/contracts/guessing.ts, staffGuessingEndpoints).
 */

async function matchesByIds(db: Db, ids: number[], locale: Locale): Promise<Map<number, BetMatch>> {
  if (ids.length === 0) return new Map();
  return new Map((await listMatches(db, inArray(matches.id, ids), locale)).map((match) => [match.id, match]));
}

const marketOrder = (market: Market, period: Period) => MARKETS.indexOf(market) * PERIODS.length + PERIODS.indexOf(period);

/** The markets with legs of each match, in MARKETS then PERIODS order: two grouped reads over the legs of these matches. */
async function marketsByMatch(db: Db, ids: number[]): Promise<Map<number, StaffBetMarket[]>> {
  const result = new Map<number, StaffBetMarket[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return result;
  const isStaffVoid = sql`${betLegs.receipt}->>'key' = ${STAFF_VOID_KEY}`;
  const isOpenBet = sql`${bets.status} = 'open'`;
  const rows = await db
    .select({
      matchId: betLegs.matchId,
      market: betLegs.market,
      period: betLegs.period,
      openLegs: sql<number>`(count(*) filter (where ${betLegs.outcome} is null))::int`,
      gradedLegs: sql<number>`(count(*) filter (where ${betLegs.outcome} is not null))::int`,
      staffVoidLegs: sql<number>`(count(*) filter (where ${isStaffVoid}))::int`,
      openBets: sql<number>`(count(distinct ${bets.id}) filter (where ${isOpenBet}))::int`,
      settledBets: sql<number>`(count(distinct ${bets.id}) filter (where not ${isOpenBet}))::int`,
      openStake: sql<string>`(coalesce(sum(${bets.stake}) filter (where ${isOpenBet}), 0))::text`,
    })
    .from(betLegs)
    .innerJoin(bets, eq(bets.id, betLegs.betId))
    .where(inArray(betLegs.matchId, ids))
    .groupBy(betLegs.matchId, betLegs.market, betLegs.period);
  const reason = sql<string>`coalesce(${betLegs.receipt}->'params'->>'reason', '')`;
  const voids = await db
    .select({ matchId: betLegs.matchId, market: betLegs.market, period: betLegs.period, reason, legs: count() })
    .from(betLegs)
    .where(and(inArray(betLegs.matchId, ids), isStaffVoid))
    .groupBy(betLegs.matchId, betLegs.market, betLegs.period, reason)
    .orderBy(asc(reason));
  for (const row of rows) {
    result.get(row.matchId)?.push({
      market: row.market,
      period: row.period,
      legs: { open: Number(row.openLegs), graded: Number(row.gradedLegs), staff_void: Number(row.staffVoidLegs) },
      bets: { open: Number(row.openBets), settled: Number(row.settledBets) },
      open_stake: Number(row.openStake),
      voids: voids
        .filter((v) => v.matchId === row.matchId && v.market === row.market && v.period === row.period)
        .map((v) => ({ reason: v.reason, legs: Number(v.legs) })),
    });
  }
  for (const list of result.values()) list.sort((a, b) => marketOrder(a.market, a.period) - marketOrder(b.market, b.period));
  return result;
}

/** One match as staff see it, with its markets that carry legs (none is fine); 404 for an unknown match. */
export async function getStaffBetMatch(db: Db, options: { matchId: number; locale: Locale }): Promise<StaffBetMatch> {
  const match = (await matchesByIds(db, [options.matchId], options.locale)).get(options.matchId);
  if (!match) throw new AppError('NOT_FOUND', { message: 'guessing.match.notFound' });
  const markets = (await marketsByMatch(db, [options.matchId])).get(options.matchId) ?? [];
  return { match, markets };
}

/** The matches with at least one ungraded leg, earliest kick-off first, a page at a time. */
export async function listStaffBetMatches(db: Db, options: { page: number; size: number; locale: Locale }): Promise<StaffBetMatchList> {
  const { page, size } = options;
  const open = isNull(betLegs.outcome);
  const [totalRow] = await db.select({ total: countDistinct(betLegs.matchId) }).from(betLegs).where(open);
  const idRows = await db
    .select({ id: matches.id })
    .from(matches)
    .where(sql`exists (select 1 from ${betLegs} where ${betLegs.matchId} = ${matches.id} and ${open})`)
    .orderBy(asc(matches.matchTime), asc(matches.id))
    .limit(size)
    .offset((page - 1) * size);
  const ids = idRows.map((row) => row.id);
  const [matchOf, marketsOf] = await Promise.all([matchesByIds(db, ids, options.locale), marketsByMatch(db, ids)]);
  const list = ids.flatMap((id) => {
    const match = matchOf.get(id);
    return match ? [{ match, markets: marketsOf.get(id) ?? [] }] : [];
  });
  return { list, page, size, total: Number(totalRow?.total ?? 0) };
}
