import { and, count, desc, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { CheckinData, PointsRecord, PointsRecordsData } from '../../../core/contracts/points';
import type { Db } from '../../db/client';
import { pointsLedger } from '../../db/schema/points';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import { utcDay } from '../../../core/time/utc-day';
import { grantPoints, spendPoints, type LedgerEntry, type PointsChange } from './ledger';

const DAY_MS = 86_400_000;

export interface CheckinRules {
  /** points of a check-in without a streak */
  points: number;
  /** extra points per consecutive day after the first */
  streakBonus: number;
  /** the bonus stops growing at this many consecutive days */
  streakCap: number;
}

/**
 * Points of a daily check-in on day `streak` of a run of consecutive days:
 * points + streakBonus × (min(streak, streakCap) − 1).
 */
export function checkinPoints(rules: CheckinRules, streak: number): number {
  return rules.points + rules.streakBonus * (Math.min(streak, rules.streakCap) - 1);
}

/** A ledger row as the user's points record shows it. */
export function toPointsRecord(entry: LedgerEntry): PointsRecord {
  return {
    id: entry.id,
    amount: entry.amount,
    balance_after: entry.balanceAfter,
    reason: entry.reason,
    reference: entry.reference,
    created_at: entry.createdAt.toISOString(),
  };
}

/**
 * Points of the signed-in user: the daily check-in and the points record, plus ledger
 * changes in a transaction of their own for features that do not hold one. `now` is the
 * clock (tests move it).
 */
export function createPointsService(options: { db: Db; checkin: CheckinRules; now?: () => Date }) {
  const { db } = options;
  const clock = options.now ?? (() => new Date());

  return {
    /** grantPoints in a transaction of its own (ledger rules in ledger.ts). */
    grant(change: PointsChange): Promise<LedgerEntry> {
      return grantPoints(db, { now: clock(), ...change });
    },

    /** spendPoints in a transaction of its own (ledger rules in ledger.ts). */
    spend(change: PointsChange): Promise<LedgerEntry> {
      return spendPoints(db, { now: clock(), ...change });
    },

    /**
     * The daily check-in: once per UTC day (409 ALREADY_CHECKED_IN). The streak goes on when
     * the last check-in was yesterday and restarts at 1 otherwise. The day guard and the
     * streak are one conditional update of the user's row, so two check-ins at the same moment
     * cannot both pass; the ledger key `checkin:<day>` would refuse a second grant anyway.
     */
    async checkin(request: { userId: number }): Promise<CheckinData> {
      const now = clock();
      const today = utcDay(now);
      const yesterday = utcDay(new Date(now.getTime() - DAY_MS));
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({
            checkinStreak: sql`case when ${users.lastCheckinDay} = ${yesterday}::date then ${users.checkinStreak} + 1 else 1 end`,
            lastCheckinDay: today,
          })
          .where(
            and(
              eq(users.id, request.userId),
              ne(users.status, 'closed'),
              or(isNull(users.lastCheckinDay), lt(users.lastCheckinDay, today)),
            ),
          )
          .returning({ streak: users.checkinStreak, balance: users.pointsBalance });
        if (!row) throw new AppError('ALREADY_CHECKED_IN');
        const granted = checkinPoints(options.checkin, row.streak);
        if (granted <= 0) return { granted: 0, streak: row.streak, balance: row.balance };
        const entry = await grantPoints(tx, {
          userId: request.userId,
          amount: granted,
          reason: 'checkin',
          reference: `streak:${row.streak}`,
          idempotencyKey: `checkin:${today}`,
          now,
        });
        return { granted, streak: row.streak, balance: entry.balanceAfter };
      });
    },

    /** The user's ledger, newest first, with the current balance. */
    async listRecords(request: { userId: number; page: number; size: number }): Promise<PointsRecordsData> {
      const { list, total } = await listLedger(db, request);
      const [user] = await db
        .select({ balance: users.pointsBalance })
        .from(users)
        .where(eq(users.id, request.userId))
        .limit(1);
      return { list: list.map(toPointsRecord), page: request.page, size: request.size, total, balance: user?.balance ?? 0 };
    },
  };
}

export type PointsService = ReturnType<typeof createPointsService>;

/** One page of a user's ledger rows, newest first, and how many rows there are in all. */
export async function listLedger(
  db: Db,
  request: { userId: number; page: number; size: number },
): Promise<{ list: LedgerEntry[]; total: number }> {
  const [list, [counted]] = await Promise.all([
    db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, request.userId))
      .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
      .limit(request.size)
      .offset((request.page - 1) * request.size),
    db.select({ total: count() }).from(pointsLedger).where(eq(pointsLedger.userId, request.userId)),
  ]);
  return { list, total: counted?.total ?? 0 };
}
