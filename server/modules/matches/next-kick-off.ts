import { and, asc, eq, gt } from 'drizzle-orm';
import type { Sport } from '../../../core/contracts/matches';
import type { NextKickOff } from '../../../core/contracts/next-kick-off';
import type { Db } from '../../db/client';
import { matches } from '../../db/schema/matches';

/** Status 1 is "not started" in both sports (core/match/status.ts). */
const NOT_STARTED = 1;

/**
 * The earliest match still to start after `afterSec`, of one sport or of both: when nothing is
 * live (the believable calendar has quiet hours), the home page says when football is back.
 * The simulator stores today's and tomorrow's fixtures, so a quiet night still finds the morning.
 */
export async function findNextKickOff(db: Db, options: { afterSec: number; sport?: Sport }): Promise<NextKickOff | null> {
  const conditions = [gt(matches.matchTime, new Date(options.afterSec * 1000)), eq(matches.statusId, NOT_STARTED)];
  if (options.sport) conditions.push(eq(matches.sport, options.sport));
  const [row] = await db
    .select({ id: matches.id, sport: matches.sport, competitionId: matches.competitionId, matchTime: matches.matchTime })
    .from(matches)
    .where(and(...conditions))
    .orderBy(asc(matches.matchTime), asc(matches.id))
    .limit(1);
  if (!row) return null;
  return {
    match_id: row.id,
    sport: row.sport,
    competition_id: row.competitionId,
    kick_off_time: Math.floor(row.matchTime.getTime() / 1000),
  };
}
