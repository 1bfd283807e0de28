import { count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { StaffUser } from '../../../core/contracts/staff';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import { grantPoints, spendPoints, type LedgerEntry } from '../points/public';
import { listLedger } from '../points/public';

/**
 * Staff tools (role staff or admin; the routes check it): find users, read a user's ledger,
 * grant or deduct points. Every adjustment is an ordinary ledger row (reason staff_grant or
 * staff_deduct) whose reference names the staff member and carries their note, so the user's
 * own points record shows it and the ledger stays the one audit trail.
 */

const staffUserColumns = {
  id: users.id,
  nickname: users.nickname,
  email: users.email,
  role: users.role,
  status: users.status,
  points: users.pointsBalance,
  createdAt: users.createdAt,
};

type StaffUserRow = { createdAt: Date } & Omit<StaffUser, 'created_at'>;

function toStaffUser(row: StaffUserRow): StaffUser {
  const { createdAt, ...rest } = row;
  return { ...rest, created_at: createdAt.toISOString() };
}

/** `%`, `_` and `\` are wildcards of LIKE: searched for as themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Users whose nickname or email contains `q` (any case), or whose id is `q`; newest first. */
export async function searchUsers(
  db: Db,
  options: { q: string; page: number; size: number },
): Promise<{ list: StaffUser[]; page: number; size: number; total: number }> {
  const q = options.q.trim().replace(/^#/, '');
  let where: SQL | undefined;
  if (q) {
    const pattern = likePattern(q);
    const byId = /^\d{1,9}$/.test(q) ? eq(users.id, Number(q)) : undefined;
    where = or(ilike(users.nickname, pattern), ilike(users.email, pattern), byId);
  }
  const [rows, [counted]] = await Promise.all([
    db
      .select(staffUserColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(options.size)
      .offset((options.page - 1) * options.size),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { list: rows.map(toStaffUser), page: options.page, size: options.size, total: counted?.total ?? 0 };
}

/** One user as staff see them: 404 for an unknown id. */
export async function getStaffUser(db: Db, options: { userId: number }): Promise<StaffUser> {
  const [row] = await db.select(staffUserColumns).from(users).where(eq(users.id, options.userId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'points.userNotFound' });
  return toStaffUser(row);
}

/** A user and one page of their ledger, newest first. */
export async function getUserLedger(db: Db, options: { userId: number; page: number; size: number }) {
  const user = await getStaffUser(db, { userId: options.userId });
  const { list, total } = await listLedger(db, options);
  return { user, list, page: options.page, size: options.size, total };
}

/**
 * Grants (amount > 0, staff_grant) or deducts (amount < 0, staff_deduct) points. The client's
 * idempotency key is kept per staff member (`staff:<staff id>:<key>`), so it can never collide
 * with the keys of the user's own check-ins or purchases; a deduction below zero is 409
 * POINTS_INSUFFICIENT. Nobody adjusts their own balance (403).
 */
export async function adjustPoints(
  db: Db,
  options: {
    staff: { id: number; nickname: string };
    userId: number;
    amount: number;
    note: string;
    idempotencyKey: string;
    now?: Date;
  },
): Promise<{ balance: number; entry: LedgerEntry }> {
  if (options.staff.id === options.userId) {
    throw new AppError('FORBIDDEN', { message: 'staff.points.self' });
  }
  const change = {
    userId: options.userId,
    amount: Math.abs(options.amount),
    reason: options.amount > 0 ? 'staff_grant' : 'staff_deduct',
    reference: `staff #${options.staff.id} (${options.staff.nickname}): ${options.note}`,
    idempotencyKey: `staff:${options.staff.id}:${options.idempotencyKey}`,
    now: options.now,
  };
  const entry = options.amount > 0 ? await grantPoints(db, change) : await spendPoints(db, change);
  const [user] = await db.select({ balance: users.pointsBalance }).from(users).where(eq(users.id, options.userId));
  return { balance: user?.balance ?? entry.balanceAfter, entry };
}
