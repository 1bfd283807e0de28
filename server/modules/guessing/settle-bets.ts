import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { UserMessageInput } from '../../../core/contracts/live';
import type { Pair } from '../../../core/contracts/matches';
import type { Market, Outcome, Period, Selection } from '../../../core/contracts/odds';
import { betOutcome, betPayout, decidedOutcome } from '../../../core/guessing/bets';
import { FOOTBALL_STATUS, BASKETBALL_STATUS } from '../../../core/match/status';
import { basketballHalfTime, gradeSelection, voidReceipt } from '../../../core/odds/grade';
import type { Db, DbTransaction } from '../../db/client';
import { domainEvents } from '../../db/schema/domain-events';
import type { ReceiptRecord } from '../../db/schema/forecast';
import { betLegs, betSettlements, bets } from '../../db/schema/guessing';
import { matchEvents } from '../../db/schema/match-events';
import { matches } from '../../db/schema/matches';
import { teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { isAppError } from '../../errors';
import type { JobRunner } from '../../jobs/runner';
import { SETTLEMENT_EVENT_TYPES, settlementBasis, type SettlementLog, type SettlementPublisher } from '../forecast/settle-plans';
import { recordHouseEntry } from '../points/house';
import { grantPoints, spendPoints } from '../points/ledger';
import { alias } from 'drizzle-orm/pg-core';

/**
 * Settlement of bets (decision 078). Like the plans' (decision 076), legs are graded from the
 * match row as the database holds it now, so a repeated or late delivery writes nothing new:
 *
 * - ended: every leg of the match is graded (football full time on the 90-minute score; void
 *   when extra time was played and that score is unknown); cancelled: void; abandoned: void
 *   unless the score at abandonment already decided the leg (decidedOutcome); postponed: the
 *   legs stay open until the postponed-void job voids them GUESSING_POSTPONED_VOID_HOURS after
 *   kick-off; a leg voided by staff stays void;
 * - a bet settles when every leg is graded: payout = floor(stake × Π outcomeFactor), all void →
 *   status void and the stake returned. Version 1 credits the payout (bet_payout,
 *   `bet_payout:<bet>:v1`, skipped when 0); a later version whose payout differs writes a
 *   bet_correction for the difference (`bet_correction:<bet>:v<n>`): a credit, or a debit clamped
 *   at the bettor's balance (the shortfall is written off, and recorded in the log's `delta`).
 *   The house mirrors every row under the same key. The log (bet_settlements) is append-only.
 */

export const GUESSING_SETTLEMENT_SUBSCRIBER = 'guessing-settlement';
export const POSTPONED_VOID_JOB = 'guessing-postponed-void';
const STAFF_VOID_KEY = 'guessing.receipt.void.staff';

export interface SettledBet {
  betId: number;
  userId: number;
  version: number;
  outcome: Outcome;
  payout: number;
  match: { id: number; home: string; away: string; score: Pair };
}

const homeTeams = alias(teams, 'home_team');
const awayTeams = alias(teams, 'away_team');

export interface SettleBetsOptions {
  matchId: number;
  cause: string;
  now: Date;
  /** the postponed-void job: void the legs of a match still postponed */
  voidPostponed?: boolean;
  /** staff: void this market's legs whatever the match's state */
  voidMarket?: { market: Market; period: Period };
}

/**
 * Grades the legs of one match and settles every bet that became fully graded or whose grade
 * changed, inside the caller's transaction. Exactly once: the legs and bets are locked, writes are
 * guarded by the version read, and (bet, version) is unique in the log.
 */
export async function settleBetsForMatch(tx: DbTransaction, options: SettleBetsOptions): Promise<SettledBet[]> {
  const { matchId, now } = options;
  const legs = await tx.select().from(betLegs).where(eq(betLegs.matchId, matchId)).orderBy(asc(betLegs.id)).for('update');
  if (legs.length === 0) return [];
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
      periods: matches.periods,
      note: matches.note,
      home: homeTeams.name,
      away: awayTeams.name,
    })
    .from(matches)
    .innerJoin(homeTeams, eq(homeTeams.id, matches.homeTeamId))
    .innerJoin(awayTeams, eq(awayTeams.id, matches.awayTeamId))
    .where(eq(matches.id, matchId));
  if (!row) return [];
  const basis = settlementBasis(row.sport, row.statusId);
  const score: Pair = [row.homeScore, row.awayScore];
  const htScore: Pair | null =
    row.sport === 'basketball' ? basketballHalfTime(row.periods) : row.htHome !== null && row.htAway !== null ? [row.htHome, row.htAway] : null;
  const ftScore: Pair | null =
    basis?.kind === 'result' && row.sport === 'football' && (await hadExtraTime(tx, matchId, row)) ? await regularTimeScore(tx, matchId) : score;
  const postponed = (basis?.kind === 'void' && basis.reason === 'postponed') || (basis === null && row.note === 'postponed');

  function gradeOf(leg: (typeof legs)[number]): { outcome: Outcome; receipt: ReceiptRecord } | null {
    const selection: Selection = { market: leg.market, period: leg.period, pick: leg.pick, line: leg.lineQuarters === null ? null : leg.lineQuarters / 4 };
    if (leg.receipt?.key === STAFF_VOID_KEY) return null;
    if (options.voidMarket && options.voidMarket.market === leg.market && options.voidMarket.period === leg.period) {
      if (leg.gradedVersion > 0) return null;
      return { outcome: 'void', receipt: { key: STAFF_VOID_KEY, params: {} } };
    }
    if (postponed) return options.voidPostponed ? { outcome: 'void', receipt: voidReceipt('postponed') } : null;
    if (!basis) return null;
    if (basis.kind === 'void') {
      if (basis.reason === 'abandoned') return decidedOutcome(row!.sport, selection, score) ?? { outcome: 'void', receipt: voidReceipt('abandoned') };
      return { outcome: 'void', receipt: voidReceipt(basis.reason) };
    }
    if (leg.period === 'ft' && ftScore === null) return { outcome: 'void', receipt: { key: 'forecast.receipt.void.noRegularTime', params: { reason: 'no_regular_time' } } };
    const result = { home: ftScore?.[0] ?? 0, away: ftScore?.[1] ?? 0, htHome: htScore?.[0] ?? null, htAway: htScore?.[1] ?? null };
    return gradeSelection(row!.sport, selection, result);
  }

  const touched = new Set<number>();
  for (const leg of legs) {
    const grade = gradeOf(leg);
    if (!grade) continue;
    if (leg.gradedVersion > 0 && leg.outcome === grade.outcome && JSON.stringify(leg.receipt) === JSON.stringify(grade.receipt)) continue;
    await tx
      .update(betLegs)
      .set({ outcome: grade.outcome, receipt: grade.receipt, gradedVersion: leg.gradedVersion + 1 })
      .where(and(eq(betLegs.id, leg.id), eq(betLegs.gradedVersion, leg.gradedVersion)));
    touched.add(leg.betId);
  }
  if (touched.size === 0) return [];

  const settled: SettledBet[] = [];
  const match = { id: matchId, home: row.home, away: row.away, score };
  for (const betId of [...touched].sort((a, b) => a - b)) {
    const result = await settleBet(tx, { betId, cause: options.cause, now });
    if (result) settled.push({ ...result, match });
  }
  return settled;
}

/** Settles one bet from its legs' grades (rules above); null when a leg is still open or nothing changed. */
async function settleBet(tx: DbTransaction, options: { betId: number; cause: string; now: Date }): Promise<Omit<SettledBet, 'match'> | null> {
  const { betId, now } = options;
  const [bet] = await tx.select().from(bets).where(eq(bets.id, betId)).for('update');
  if (!bet) return null;
  const legs = await tx.select({ oddsMilli: betLegs.oddsMilli, outcome: betLegs.outcome }).from(betLegs).where(eq(betLegs.betId, betId));
  if (legs.some((leg) => leg.outcome === null)) return null;
  const graded = legs.map((leg) => ({ oddsMilli: leg.oddsMilli, outcome: leg.outcome! }));
  const payout = betPayout(bet.stake, graded);
  const outcome = betOutcome(bet.stake, graded);
  const status = outcome === 'void' ? 'void' : 'settled';
  const previous = bet.settlementVersion > 0 ? (bet.payout ?? 0) : 0;
  if (bet.settlementVersion > 0 && bet.payout === payout && bet.status === status) return null;
  const version = bet.settlementVersion + 1;
  const reference = `bet:${betId}`;
  let delta = payout - previous;
  if (delta > 0) {
    const reason = version === 1 ? 'bet_payout' : 'bet_correction';
    const key = `${reason}:${betId}:v${version}`;
    try {
      await grantPoints(tx, { userId: bet.userId, amount: delta, reason, reference, idempotencyKey: key, now });
      await recordHouseEntry(tx, { amount: -delta, reason, reference, idempotencyKey: key, now });
    } catch (error) {
      // A closed account (or one at the ceiling) is not credited: the house keeps it.
      if (!(isAppError(error) && (error.code === 'ACCOUNT_CLOSED' || error.code === 'POINTS_LIMIT'))) throw error;
      delta = 0;
    }
  } else if (delta < 0) {
    // A correction downwards takes back what the balance holds, never more (decision 078).
    const [account] = await tx.select({ balance: users.pointsBalance, status: users.status }).from(users).where(eq(users.id, bet.userId)).for('update');
    const amount = account && account.status !== 'closed' ? Math.min(-delta, account.balance) : 0;
    if (amount > 0) {
      const key = `bet_correction:${betId}:v${version}`;
      await spendPoints(tx, { userId: bet.userId, amount, reason: 'bet_correction', reference, idempotencyKey: key, now });
      await recordHouseEntry(tx, { amount, reason: 'bet_correction', reference, idempotencyKey: key, now });
    }
    delta = -amount;
  }
  const receipt: ReceiptRecord =
    status === 'void'
      ? { key: 'guessing.receipt.void', params: { stake: bet.stake } }
      : { key: 'guessing.receipt.bet', params: { legs: legs.length, odds: (bet.oddsMilli / 1000).toFixed(2), stake: bet.stake, payout } };
  const moved = await tx
    .update(bets)
    .set({ status, payout, receipt, settledAt: now, settlementVersion: version })
    .where(and(eq(bets.id, betId), eq(bets.settlementVersion, version - 1)))
    .returning({ id: bets.id });
  if (moved.length !== 1) throw new Error(`bet ${betId} changed during its settlement`);
  await tx.insert(betSettlements).values({ betId, version, status, payout, delta, cause: options.cause, createdAt: now });
  return { betId, userId: bet.userId, version, outcome, payout };
}

/** Catalogue entries that exist only after 90 minutes (as settle-plans.ts). */
const EXTRA_TIME_EVENT_TYPES = [22, 23, 25, 26];
const REGULAR_TIME_STATUSES = [FOOTBALL_STATUS.FIRST_HALF, FOOTBALL_STATUS.HALF_TIME, FOOTBALL_STATUS.SECOND_HALF];

async function hadExtraTime(tx: DbTransaction, matchId: number, row: { etHome: number | null; penHome: number | null }): Promise<boolean> {
  if (row.etHome !== null || row.penHome !== null) return true;
  const found = await tx
    .select({ id: matchEvents.id })
    .from(matchEvents)
    .where(and(eq(matchEvents.matchId, matchId), or(inArray(matchEvents.type, EXTRA_TIME_EVENT_TYPES), gt(matchEvents.minute, 90))))
    .limit(1);
  return found.length > 0;
}

/** The score when regular time ended from the outbox's score history (settle-plans.ts regularTimeScore). */
async function regularTimeScore(tx: DbTransaction, matchId: number): Promise<Pair | null> {
  const statuses = sql.join(
    REGULAR_TIME_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const [last] = await tx
    .select({ payload: domainEvents.payload })
    .from(domainEvents)
    .where(and(eq(domainEvents.type, 'match_score_changed'), eq(domainEvents.matchId, matchId), sql`(${domainEvents.payload}->>'statusId')::int in (${statuses})`))
    .orderBy(sql`${domainEvents.id} desc`)
    .limit(1);
  if (last) return (last.payload as { to: Pair }).to;
  const [played] = await tx
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .where(and(eq(domainEvents.type, 'match_status_changed'), eq(domainEvents.matchId, matchId), sql`(${domainEvents.payload}->>'to')::int in (${statuses})`))
    .limit(1);
  return played ? [0, 0] : null;
}

const LIVE_OUTCOME = { win: 'won', half_win: 'half_won', push: 'push', half_loss: 'half_lost', loss: 'lost', void: 'void' } as const;

/** The `guess_result` pop-ups of new settlements; after commit only. QoS 0: failures are logged. */
export async function publishBetNotices(publisher: SettlementPublisher, settled: readonly SettledBet[], log?: SettlementLog): Promise<void> {
  for (const bet of settled) {
    const message: UserMessageInput = {
      type: 'guess_result',
      data: {
        match_id: bet.match.id,
        home: bet.match.home,
        away: bet.match.away,
        home_score: bet.match.score[0],
        away_score: bet.match.score[1],
        outcome: LIVE_OUTCOME[bet.outcome],
        points: bet.payout,
      },
    };
    try {
      await publisher.publishToUser(bet.userId, message);
    } catch (error) {
      log?.error({ err: error, userId: bet.userId }, 'guessing: a settlement pop-up could not be published');
    }
  }
}

/**
 * Registers the settlement subscriber (`guessing-settlement`) and the postponed-void job: finished,
 * corrected, cancelled, abandoned and postponed matches settle their bets in the delivery's
 * transaction; pop-ups go out after it commits.
 */
export function registerGuessingSettlement(
  jobs: Pick<JobRunner, 'subscribe' | 'register'>,
  deps: { db: Db; postponedVoidHours: number; publisher?: SettlementPublisher; log?: SettlementLog },
): void {
  jobs.subscribe(GUESSING_SETTLEMENT_SUBSCRIBER, SETTLEMENT_EVENT_TYPES, async (event, context) => {
    const settled = await settleBetsForMatch(context.tx, { matchId: event.payload.matchId, cause: `event:${event.id}`, now: context.now });
    if (settled.length === 0) return;
    deps.log?.info({ matchId: event.payload.matchId, event: event.id, bets: settled.length }, 'guessing: bets settled');
    const publisher = deps.publisher;
    if (publisher) context.afterCommit(() => publishBetNotices(publisher, settled, deps.log));
  });
  jobs.register({
    name: POSTPONED_VOID_JOB,
    everyMs: 10 * 60_000,
    run: async ({ now }) => {
      const settled = await voidPostponedBets(deps.db, { now, hours: deps.postponedVoidHours });
      if (settled.length > 0 && deps.publisher) await publishBetNotices(deps.publisher, settled, deps.log);
    },
  });
}

/** Voids the open legs of matches still postponed `hours` after their kick-off, one transaction per match. */
export async function voidPostponedBets(db: Db, options: { now: Date; hours: number }): Promise<SettledBet[]> {
  const before = new Date(options.now.getTime() - options.hours * 3_600_000);
  const due = await db
    .selectDistinct({ id: matches.id })
    .from(matches)
    .innerJoin(betLegs, eq(betLegs.matchId, matches.id))
    .where(
      and(
        isNull(betLegs.outcome),
        lt(matches.matchTime, before),
        or(eq(matches.note, 'postponed'), and(eq(matches.sport, 'football'), eq(matches.statusId, FOOTBALL_STATUS.DELAYED)), and(eq(matches.sport, 'basketball'), eq(matches.statusId, BASKETBALL_STATUS.DELAYED)))),
    );
  const settled: SettledBet[] = [];
  for (const match of due) {
    settled.push(...(await db.transaction((tx) => settleBetsForMatch(tx, { matchId: match.id, cause: 'job:postponed', now: options.now, voidPostponed: true }))));
  }
  return settled;
}
