import { and, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Pair, Sport } from '../../../core/contracts/matches';
import { BASKETBALL_STATUS, FOOTBALL_STATUS } from '../../../core/match/status';
import { basketballHalfTime } from '../../../core/odds/grade';
import type { DbTransaction } from '../../db/client';
import { domainEvents } from '../../db/schema/domain-events';
import { matchEvents } from '../../db/schema/match-events';
import { matches } from '../../db/schema/matches';
import { teams } from '../../db/schema/teams';
import type { DomainEventType } from '../../jobs/domain-events';

/**
 * The one reading of a match's result that settles plans (decision 076) and bets (decision 078):
 * what its status means (graded, voided or nothing yet), the final score, the 90-minute score
 * full-time football markets are graded on, and the half-time score. Read from the match row as
 * the database holds it *now*, never from an event's payload.
 */

/** The outbox events that may change a settlement. */
export const SETTLEMENT_EVENT_TYPES = [
  'match_finished',
  'result_corrected',
  'match_postponed',
  'match_cancelled',
  'match_abandoned',
] as const satisfies readonly DomainEventType[];

export type VoidReason = 'postponed' | 'cancelled' | 'abandoned';

/** What a match's status means for what was staked on it: graded, voided, or nothing yet. */
export type SettlementBasis = { kind: 'result' } | { kind: 'void'; reason: VoidReason } | null;

const STATUS_BASIS: Record<Sport, Record<number, SettlementBasis>> = {
  football: {
    [FOOTBALL_STATUS.ENDED]: { kind: 'result' },
    [FOOTBALL_STATUS.DELAYED]: { kind: 'void', reason: 'postponed' },
    [FOOTBALL_STATUS.CANCELLED]: { kind: 'void', reason: 'cancelled' },
    [FOOTBALL_STATUS.CUT_IN_HALF]: { kind: 'void', reason: 'abandoned' },
  },
  basketball: {
    [BASKETBALL_STATUS.ENDED]: { kind: 'result' },
    [BASKETBALL_STATUS.DELAYED]: { kind: 'void', reason: 'postponed' },
    [BASKETBALL_STATUS.CANCELLED]: { kind: 'void', reason: 'cancelled' },
    [BASKETBALL_STATUS.CUT_IN_HALF]: { kind: 'void', reason: 'abandoned' },
  },
};

/**
 * Only a final status settles: a match interrupted (it may resume), abnormal or to be determined
 * keeps what was staked on it open, and so does a kick-off moved without a "delayed" status.
 */
export function settlementBasis(sport: Sport, statusId: number): SettlementBasis {
  return STATUS_BASIS[sport][statusId] ?? null;
}

/** A match's result as settlement grades it. */
export interface SettlementResult {
  sport: Sport;
  statusId: number;
  /** the match row's note ('postponed' when a feed moved the kick-off without the status) */
  note: string | null;
  basis: SettlementBasis;
  /** the final score the row holds (after extra time when there was some) */
  score: Pair;
  /**
   * The score full-time markets are graded on: after 90 minutes for football when extra time
   * was played (null when that score is unknown), else the final score.
   */
  ftScore: Pair | null;
  htScore: Pair | null;
  /**
   * Football corner kicks [home, away] of the 90 minutes plus stoppage time, the basis of the
   * corner markets; null when they were not counted (an imported result: its source has no
   * corners), when extra time was played and the feed sent no corner events to split it by, and
   * in basketball.
   */
  corners: Pair | null;
  home: string;
  away: string;
}

const homeTeams = alias(teams, 'home_team');
const awayTeams = alias(teams, 'away_team');

/** Reads the result of one match inside the caller's transaction; null when the match does not exist. */
export async function readSettlementResult(tx: DbTransaction, matchId: number): Promise<SettlementResult | null> {
  const [row] = await tx
    .select({
      sport: matches.sport,
      statusId: matches.statusId,
      homeScore: matches.homeScore,
      awayScore: matches.awayScore,
      htHome: matches.htHome,
      htAway: matches.htAway,
      etHome: matches.etHome,
      penHome: matches.penHome,
      cornerHome: matches.cornerHome,
      cornerAway: matches.cornerAway,
      periods: matches.periods,
      note: matches.note,
      home: homeTeams.name,
      away: awayTeams.name,
    })
    .from(matches)
    .innerJoin(homeTeams, eq(homeTeams.id, matches.homeTeamId))
    .innerJoin(awayTeams, eq(awayTeams.id, matches.awayTeamId))
    .where(eq(matches.id, matchId));
  if (!row) return null;
  const basis = settlementBasis(row.sport, row.statusId);
  const score: Pair = [row.homeScore, row.awayScore];
  const htScore: Pair | null =
    row.sport === 'basketball' ? basketballHalfTime(row.periods) : row.htHome !== null && row.htAway !== null ? [row.htHome, row.htAway] : null;
  // Full-time football markets are graded on the score after 90 minutes; the row holds the score
  // after extra time when there was some. Null: extra time was played and its start is unknown.
  const extraTime = basis !== null && row.sport === 'football' && (await hadExtraTime(tx, matchId, row));
  const ftScore: Pair | null = basis?.kind === 'result' && extraTime ? await regularTimeScore(tx, matchId) : score;
  const corners = basis !== null && row.sport === 'football' ? await regularTimeCorners(tx, matchId, [row.cornerHome, row.cornerAway], extraTime) : null;
  return { sport: row.sport, statusId: row.statusId, note: row.note, basis, score, ftScore, htScore, corners, home: row.home, away: row.away };
}

/** The corner entry of the section 3 event catalogue. */
const CORNER_EVENT_TYPE = 1;

/**
 * The corners of the 90 minutes (stoppage time included: 90+3 is minute 90). Without extra time
 * the match row's counts are those corners — when they are above 0, or when the match was played
 * live through the write service (whose feed counts every corner, so 0–0 is a real 0–0). After
 * extra time only the feed's corner events can split them: those up to minute 90 count.
 */
async function regularTimeCorners(tx: DbTransaction, matchId: number, totals: Pair, extraTime: boolean): Promise<Pair | null> {
  if (!extraTime) {
    if (totals[0] + totals[1] > 0) return totals;
    return (await playedLive(tx, matchId)) ? [0, 0] : null;
  }
  const rows = await tx
    .select({ side: matchEvents.side, regular: sql<number>`count(*) filter (where ${matchEvents.minute} <= 90)::int`, all: sql<number>`count(*)::int` })
    .from(matchEvents)
    .where(and(eq(matchEvents.matchId, matchId), eq(matchEvents.type, CORNER_EVENT_TYPE)))
    .groupBy(matchEvents.side);
  if (rows.length === 0) return null;
  const counted: Pair = [0, 0];
  for (const row of rows) {
    if (row.side === 'home') counted[0] = row.regular;
    if (row.side === 'away') counted[1] = row.regular;
  }
  return counted;
}

/** Catalogue entries that exist only after 90 minutes: extra time over, shoot-out kicks and its end. */
const EXTRA_TIME_EVENT_TYPES = [22, 23, 25, 26];
const REGULAR_TIME_STATUSES = [FOOTBALL_STATUS.FIRST_HALF, FOOTBALL_STATUS.HALF_TIME, FOOTBALL_STATUS.SECOND_HALF];

/**
 * Whether a football match went beyond 90 minutes: the importer records extra-time and shoot-out
 * scores, live feeds (the simulator, replays) the catalogue entries of extra time (minute > 90,
 * "overtime over", the shoot-out). One indexed look-up per match.
 */
async function hadExtraTime(tx: DbTransaction, matchId: number, row: { etHome: number | null; penHome: number | null }): Promise<boolean> {
  if (row.etHome !== null || row.penHome !== null) return true;
  const found = await tx
    .select({ id: matchEvents.id })
    .from(matchEvents)
    .where(and(eq(matchEvents.matchId, matchId), or(inArray(matchEvents.type, EXTRA_TIME_EVENT_TYPES), gt(matchEvents.minute, 90))))
    .limit(1);
  return found.length > 0;
}

/**
 * The score when regular time ended, from the outbox's score history: the last score change
 * recorded in the first half, at half time or in the second half, or 0–0 when the match was
 * played live through the write service without a goal in regular time. Null when the outbox
 * never saw the match played (a result imported at once): the 90-minute score is unknown.
 */
function regularTimeStatuses(): SQL {
  return sql.join(
    REGULAR_TIME_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
}

async function regularTimeScore(tx: DbTransaction, matchId: number): Promise<Pair | null> {
  const statuses = regularTimeStatuses();
  const [last] = await tx
    .select({ payload: domainEvents.payload })
    .from(domainEvents)
    .where(and(eq(domainEvents.type, 'match_score_changed'), eq(domainEvents.matchId, matchId), sql`(${domainEvents.payload}->>'statusId')::int in (${statuses})`))
    .orderBy(sql`${domainEvents.id} desc`)
    .limit(1);
  if (last) return (last.payload as { to: Pair }).to;
  return (await playedLive(tx, matchId)) ? [0, 0] : null;
}

/** Whether the outbox saw the match played: a status change into the first half, half time or the second half. */
async function playedLive(tx: DbTransaction, matchId: number): Promise<boolean> {
  const [played] = await tx
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .where(and(eq(domainEvents.type, 'match_status_changed'), eq(domainEvents.matchId, matchId), sql`(${domainEvents.payload}->>'to')::int in (${regularTimeStatuses()})`))
    .limit(1);
  return played !== undefined;
}
