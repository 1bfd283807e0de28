import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Market, Period } from '../../../core/contracts/odds';
import type { Db } from '../../db/client';
import { betLegs } from '../../db/schema/guessing';
import { matches } from '../../db/schema/matches';
import { AppError } from '../../errors';
import type { SettlementAudience } from '../markets/public';
import { announceBetSettlement, settleBetsForMatch } from './settle-bets';

/**
 * Staff void a market on a match (decision 078): its legs still open are graded void (receipt
 * 'guessing.receipt.void.staff', the staff's reason in its params) and stay void whatever the
 * result; bets whose legs are now all graded settle in the same transaction (cause
 * `staff:<staff id>:<reason>`), pop-ups after commit. 404 for an
 * unknown match. Answers how many legs were voided and bets settled.
 */
export async function voidMarket(
  options: {
    db: Db;
    matchId: number;
    market: Market;
    period: Period;
    /** why staff voided it: kept in each leg's receipt and the settlement log's cause */
    reason: string;
    staffId: number;
    now: Date;
  } & SettlementAudience,
): Promise<{ legs: number; bets: number }> {
  const { db, matchId } = options;
  const [match] = await db.select({ id: matches.id }).from(matches).where(eq(matches.id, matchId));
  if (!match) throw new AppError('NOT_FOUND', { message: 'guessing.match.notFound' });
  const result = await db.transaction(async (tx) => {
    const [open] = await tx
      .select({ legs: sql<number>`count(*)::int` })
      .from(betLegs)
      .where(and(eq(betLegs.matchId, matchId), eq(betLegs.market, options.market), eq(betLegs.period, options.period), isNull(betLegs.outcome)));
    const settled = await settleBetsForMatch(tx, {
      matchId,
      cause: `staff:${options.staffId}:${options.reason}`,
      now: options.now,
      voidMarket: { market: options.market, period: options.period, reason: options.reason },
    });
    return { legs: Number(open?.legs ?? 0), settled };
  });
  options.log?.info({ matchId, staffId: options.staffId, market: options.market, period: options.period, reason: options.reason, legs: result.legs, bets: result.settled.length }, 'guessing: market voided by staff');
  await announceBetSettlement(options, result.settled);
  return { legs: result.legs, bets: result.settled.length };
}
