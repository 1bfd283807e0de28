import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { BetStatus } from '../../../core/contracts/guessing';
import type { Pair } from '../../../core/contracts/matches';
import { isCornerMarket, type Market, type Outcome, type Period, type Selection } from '../../../core/contracts/odds';
import { betOutcome, betPayout, decidedOutcome } from '../../../core/guessing/bets';
import { FOOTBALL_STATUS, BASKETBALL_STATUS } from '../../../core/match/status';
import { gradeSelection, voidReceipt, type Grade } from '../../../core/odds/grade';
import type { Db, DbTransaction } from '../../db/client';
import type { ReceiptRecord } from '../../db/schema/forecast';
import { betLegs, betSettlements, bets } from '../../db/schema/guessing';
import { matches } from '../../db/schema/matches';
import { users } from '../../db/schema/users';
import type { JobRunner } from '../../jobs/runner';
import { chunks } from '../../lib/chunks';
import { announceSettlement, readSettlementResult, settledMatchData, SETTLEMENT_EVENT_TYPES, type SettlementAudience, type SettlementPopUp } from '../markets/public';
import { recordHouseEntries, recordHouseEntry } from '../points/public';
import { notification, notifyMany } from '../notifications/public';
import { creditPointsBatch, spendPoints, type BatchCredit } from '../points/public';
import { betSettledNotification } from '../../../core/contracts/guessing-notifications';

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
export const STAFF_VOID_KEY = 'guessing.receipt.void.staff';

export interface SettledBet {
  betId: number;
  userId: number;
  version: number;
  outcome: Outcome;
  payout: number;
  match: { id: number; home: string; away: string; score: Pair };
}

export interface SettleBetsOptions {
  matchId: number;
  cause: string;
  now: Date;
  /** the postponed-void job: void the legs of a match still postponed */
  voidPostponed?: boolean;
  /** staff: void this market's legs whatever the match's state */
  voidMarket?: { market: Market; period: Period; reason: string };
}

/**
 * Grades the legs of one match and settles every bet that became fully graded or whose grade
 * changed, inside the caller's transaction. Exactly once: the legs and bets are locked, writes are
 * guarded by the version read, and (bet, version) is unique in the log. Batched like the plans'
 * settlement: each distinct selection is graded once, legs with the same new grade move in one
 * statement, bets and their log rows in one statement per few thousand; only bets that move
 * points (a payout, a correction) cost a ledger write each — a lost bet costs none.
 */
export async function settleBetsForMatch(tx: DbTransaction, options: SettleBetsOptions): Promise<SettledBet[]> {
  const { matchId, now } = options;
  const legs = await tx
    .select()
    .from(betLegs)
    .where(eq(betLegs.matchId, matchId))
    .orderBy(asc(betLegs.id))
    .for('update');
  if (legs.length === 0) return [];
  const row = await readSettlementResult(tx, matchId);
  if (!row) return [];
  const { basis, score, htScore, ftScore, corners } = row;
  const postponed = (basis?.kind === 'void' && basis.reason === 'postponed') || (basis === null && row.note === 'postponed');
  const result = { home: ftScore?.[0] ?? 0, away: ftScore?.[1] ?? 0, htHome: htScore?.[0] ?? null, htAway: htScore?.[1] ?? null, corners };

  /** The grade of a selection on this match as it stands; null: the leg stays as it is. */
  function gradeSelectionNow(selection: Selection): Grade | null {
    if (postponed) return options.voidPostponed ? { outcome: 'void', receipt: voidReceipt('postponed') } : null;
    if (!basis) return null;
    if (basis.kind === 'void') {
      if (basis.reason === 'abandoned') return decidedOutcome(row!.sport, selection, score, corners) ?? { outcome: 'void', receipt: voidReceipt('abandoned') };
      return { outcome: 'void', receipt: voidReceipt(basis.reason) };
    }
    // Corner markets have their own 90-minute count (void inside the grader when it is unknown).
    if (selection.period === 'ft' && ftScore === null && !isCornerMarket(selection.market)) return { outcome: 'void', receipt: NO_REGULAR_TIME_RECEIPT };
    return gradeSelection(row!.sport, selection, result);
  }
  // Thousands of legs share a few dozen selections: grade each selection once.
  const grades = new Map<string, Grade | null>();
  function gradeOf(leg: (typeof legs)[number]): Grade | null {
    if (leg.receipt?.key === STAFF_VOID_KEY) return null;
    if (options.voidMarket && options.voidMarket.market === leg.market && options.voidMarket.period === leg.period) {
      if (leg.gradedVersion > 0) return null;
      return { outcome: 'void', receipt: { key: STAFF_VOID_KEY, params: { reason: options.voidMarket.reason } } };
    }
    const key = `${leg.market}|${leg.period}|${leg.pick}|${leg.lineQuarters ?? ''}`;
    if (!grades.has(key)) {
      grades.set(key, gradeSelectionNow({ market: leg.market, period: leg.period, pick: leg.pick, line: leg.lineQuarters === null ? null : leg.lineQuarters / 4 }));
    }
    return grades.get(key)!;
  }

  // One guarded statement per (previous version, new grade).
  const legGroups = new Map<string, { ids: number[]; version: number; grade: Grade }>();
  const touched = new Set<number>();
  for (const leg of legs) {
    const grade = gradeOf(leg);
    if (!grade) continue;
    if (leg.gradedVersion > 0 && leg.outcome === grade.outcome && JSON.stringify(leg.receipt) === JSON.stringify(grade.receipt)) continue;
    const key = JSON.stringify([leg.gradedVersion, grade.outcome, grade.receipt]);
    const group = legGroups.get(key) ?? { ids: [], version: leg.gradedVersion, grade };
    group.ids.push(leg.id);
    legGroups.set(key, group);
    touched.add(leg.betId);
  }
  if (touched.size === 0) return [];
  for (const { ids, version, grade } of legGroups.values()) {
    for (const slice of chunks(ids, 5000)) {
      const moved = await tx
        .update(betLegs)
        .set({ outcome: grade.outcome, receipt: grade.receipt, gradedVersion: version + 1 })
        .where(and(inArray(betLegs.id, slice), eq(betLegs.gradedVersion, version)))
        .returning({ id: betLegs.id });
      // The legs are locked above, so this cannot happen; if it ever did, roll everything back.
      if (moved.length !== slice.length) throw new Error(`legs of match ${matchId} changed during their settlement`);
    }
  }

  const match = { id: matchId, home: row.home, away: row.away, score };
  const settled: SettledBet[] = [];
  for (const betIds of chunks([...touched].sort((a, b) => a - b), 5000)) {
    for (const bet of await settleBets(tx, { betIds, cause: options.cause, now })) settled.push({ ...bet, match });
  }
  // The bettors' inbox, in this transaction: one row per settlement version of a bet (decision 133).
  await notifyMany(
    tx,
    settled.map((bet) =>
      notification(betSettledNotification, {
        userId: bet.userId,
        object: { type: 'bet', id: bet.betId },
        dedupeKey: `bet:${bet.betId}:v${bet.version}`,
        data: { ...settledMatchData(match, bet.outcome), points: bet.payout },
      }),
    ),
  );
  return settled;
}

/** Voids a full-time leg whose 90-minute score is not known (as plans, decision 076). */
const NO_REGULAR_TIME_RECEIPT: ReceiptRecord = { key: 'forecast.receipt.void.noRegularTime', params: { reason: 'no_regular_time' } };

/**
 * Settles bets from their legs' grades (rules above): a bet with a leg still open, or whose
 * payout and status did not change, is left alone. The bets are locked; the points move bet by
 * bet (ledger rules), then every bet row and its log row are written by one statement.
 */
async function settleBets(tx: DbTransaction, options: { betIds: number[]; cause: string; now: Date }): Promise<Omit<SettledBet, 'match'>[]> {
  const { betIds, now } = options;
  const rows = await tx
    .select({ id: bets.id, userId: bets.userId, stake: bets.stake, oddsMilli: bets.oddsMilli, status: bets.status, payout: bets.payout, version: bets.settlementVersion })
    .from(bets)
    .where(inArray(bets.id, betIds))
    .orderBy(asc(bets.id))
    .for('update');
  const legsOf = new Map<number, { oddsMilli: number; outcome: Outcome | null }[]>();
  const allLegs = await tx.select({ betId: betLegs.betId, oddsMilli: betLegs.oddsMilli, outcome: betLegs.outcome }).from(betLegs).where(inArray(betLegs.betId, betIds));
  for (const leg of allLegs) {
    const list = legsOf.get(leg.betId);
    if (list) list.push(leg);
    else legsOf.set(leg.betId, [leg]);
  }

  const changes: { betId: number; userId: number; version: number; status: BetStatus; outcome: Outcome; payout: number; delta: number; receipt: ReceiptRecord }[] = [];
  // Credits (payouts, upward corrections) go to the ledger together after the loop; a debit
  // (a correction downwards) reads the balance it may take, so it moves at once.
  const credits: { change: number; credit: BatchCredit }[] = [];
  for (const bet of rows) {
    const legs = legsOf.get(bet.id) ?? [];
    if (legs.some((leg) => leg.outcome === null)) continue;
    const graded = legs.map((leg) => ({ oddsMilli: leg.oddsMilli, outcome: leg.outcome! }));
    const payout = betPayout(bet.stake, graded);
    const outcome = betOutcome(bet.stake, graded);
    const status: BetStatus = outcome === 'void' ? 'void' : 'settled';
    if (bet.version > 0 && bet.payout === payout && bet.status === status) continue;
    const version = bet.version + 1;
    const previous = bet.version > 0 ? (bet.payout ?? 0) : 0;
    let delta = 0;
    if (payout > previous) {
      const reason = version === 1 ? 'bet_payout' : 'bet_correction';
      const credit = { userId: bet.userId, amount: payout - previous, reason, reference: `bet:${bet.id}`, idempotencyKey: `${reason}:${bet.id}:v${version}` };
      credits.push({ change: changes.length, credit });
    } else if (payout < previous) {
      delta = await takeBack(tx, { betId: bet.id, userId: bet.userId, version, amount: previous - payout, now });
    }
    const receipt: ReceiptRecord =
      status === 'void'
        ? { key: 'guessing.receipt.void', params: { stake: bet.stake } }
        : { key: 'guessing.receipt.bet', params: { legs: legs.length, odds: (bet.oddsMilli / 1000).toFixed(2), stake: bet.stake, payout } };
    changes.push({ betId: bet.id, userId: bet.userId, version, status, outcome, payout, delta, receipt });
  }
  // What actually moved: a closed account or one at the ceiling is refused, and the house keeps it.
  const results = await creditPointsBatch(
    tx,
    credits.map((c) => c.credit),
    now,
  );
  const paid: { amount: number; reason: string; reference: string; idempotencyKey: string }[] = [];
  credits.forEach(({ change, credit }, i) => {
    if (results[i] === 'refused') return;
    changes[change]!.delta = credit.amount;
    if (results[i] === 'credited') paid.push({ amount: -credit.amount, reason: credit.reason, reference: credit.reference!, idempotencyKey: credit.idempotencyKey });
  });
  await recordHouseEntries(tx, paid, now);
  if (changes.length === 0) return [];

  // The bet rows and their log rows together, guarded by the version read: a log row exists
  // exactly when its bet moved to that version. The rows travel as one JSON parameter.
  const at = now.toISOString();
  const values = JSON.stringify(changes.map((c) => ({ id: c.betId, version: c.version, status: c.status, payout: c.payout, delta: c.delta, receipt: c.receipt })));
  const written = (await tx.execute(sql`
    with v as (
      select * from jsonb_to_recordset(${values}::jsonb) as v(id int, version int, status text, payout bigint, delta bigint, receipt jsonb)
    ), moved as (
      update ${bets} b
      set status = v.status, payout = v.payout, receipt = v.receipt, settled_at = ${at}::timestamptz, settlement_version = v.version
      from v
      where b.id = v.id and b.settlement_version = v.version - 1
      returning b.id, v.version, v.status, v.payout, v.delta
    )
    insert into ${betSettlements} (bet_id, version, status, payout, delta, cause, created_at)
    select id, version, status, payout, delta, ${options.cause}, ${at}::timestamptz from moved
    returning bet_id`)) as unknown as { rows: unknown[] };
  if (written.rows.length !== changes.length) throw new Error('bets changed during their settlement');
  return changes.map(({ betId, userId, version, outcome, payout }) => ({ betId, userId, version, outcome, payout }));
}

/**
 * A correction downwards for settlement row `version`: takes back `amount`, clamped at what the
 * bettor's balance holds (decision 078), and the house records it under the same key. Returns
 * what moved, negative (0 for a closed account or an empty balance).
 */
async function takeBack(tx: DbTransaction, options: { betId: number; userId: number; version: number; amount: number; now: Date }): Promise<number> {
  const { betId, userId, version, now } = options;
  const [account] = await tx.select({ balance: users.pointsBalance, status: users.status }).from(users).where(eq(users.id, userId)).for('update');
  const amount = account && account.status !== 'closed' ? Math.min(options.amount, account.balance) : 0;
  if (amount > 0) {
    const key = `bet_correction:${betId}:v${version}`;
    const reference = `bet:${betId}`;
    await spendPoints(tx, { userId, amount, reason: 'bet_correction', reference, idempotencyKey: key, now });
    await recordHouseEntry(tx, { amount, reason: 'bet_correction', reference, idempotencyKey: key, now });
  }
  return -amount;
}

/** The `guess_result` pop-ups of new settlements, one to each bettor. */
export function betPopUps(settled: readonly SettledBet[]): SettlementPopUp[] {
  return settled.map((bet) => ({
    userId: bet.userId,
    message: {
      type: 'guess_result',
      data: { ...settledMatchData(bet.match, bet.outcome), points: bet.payout },
    },
  }));
}

/** Tells the bettors of newly settled bets, after the settlement committed. */
export async function announceBetSettlement(audience: SettlementAudience, settled: readonly SettledBet[]): Promise<void> {
  await announceSettlement(audience, { feature: 'guessing', popUps: betPopUps(settled), readers: settled.map((bet) => bet.userId) });
}

/**
 * Registers the settlement subscriber (`guessing-settlement`) and the postponed-void job: finished,
 * corrected, cancelled, abandoned and postponed matches settle their bets in the delivery's
 * transaction; pop-ups go out after it commits.
 */
export function registerGuessingSettlement(
  jobs: Pick<JobRunner, 'subscribe' | 'register'>,
  deps: { db: Db; postponedVoidHours: number } & SettlementAudience,
): void {
  jobs.subscribe(GUESSING_SETTLEMENT_SUBSCRIBER, SETTLEMENT_EVENT_TYPES, async (event, context) => {
    const settled = await settleBetsForMatch(context.tx, { matchId: event.payload.matchId, cause: `event:${event.id}`, now: context.now });
    if (settled.length === 0) return;
    deps.log?.info({ matchId: event.payload.matchId, event: event.id, bets: settled.length }, 'guessing: bets settled');
    context.afterCommit(() => announceBetSettlement(deps, settled));
  });
  jobs.register({
    name: POSTPONED_VOID_JOB,
    everyMs: 10 * 60_000,
    run: async ({ now }) => {
      const settled = await voidPostponedBets(deps.db, { now, hours: deps.postponedVoidHours });
      await announceBetSettlement(deps, settled);
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
