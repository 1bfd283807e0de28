import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { CodePurpose } from '../../../core/contracts/account';
import type { Db, DbTransaction } from '../../db/client';
import { verificationCodes } from '../../db/schema/verification-codes';
import { AppError } from '../../errors';

/** An emailed code is valid for 10 minutes (docs/decisions/030-rate-limits.md). */
export const CODE_VALIDITY_SEC = 600;
/** The fifth wrong try kills a code: guessing one of 10⁶ codes in 5 tries is a 1 in 200,000 chance. */
export const CODE_MAX_ATTEMPTS = 5;

/** Six random digits, from the operating system's generator. */
export function generateVerificationCode(random: (max: number) => number = randomInt): string {
  return String(random(1_000_000)).padStart(6, '0');
}

/** `salt$sha256(salt:code)`: the code itself is never stored. */
export function hashVerificationCode(code: string, salt = randomBytes(16).toString('hex')): string {
  return `${salt}$${createHash('sha256').update(`${salt}:${code}`, 'utf8').digest('hex')}`;
}

function codeMatches(stored: string, code: string): boolean {
  const salt = stored.slice(0, stored.indexOf('$'));
  const expected = Buffer.from(stored, 'utf8');
  const actual = Buffer.from(hashVerificationCode(code, salt), 'utf8');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** 400 CODE_INVALID, on the code field: wrong, expired, used, superseded or tried too often. */
export function codeInvalid(): AppError {
  return new AppError('CODE_INVALID', {
    fields: [{ field: 'code', message: 'account.code.invalid' }],
  });
}

/**
 * Stores a new code for `email` and `purpose` and returns it (to be mailed). Rule: a new code
 * supersedes the older unused ones of the same address and purpose.
 */
export async function issueCode(
  db: Db,
  options: { email: string; purpose: CodePurpose; now?: Date },
): Promise<{ code: string; expiresAt: Date }> {
  const now = options.now ?? new Date();
  const code = generateVerificationCode();
  const expiresAt = new Date(now.getTime() + CODE_VALIDITY_SEC * 1000);
  await db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(verificationCodes.email, options.email),
          eq(verificationCodes.purpose, options.purpose),
          isNull(verificationCodes.consumedAt),
        ),
      );
    await tx.insert(verificationCodes).values({
      email: options.email,
      purpose: options.purpose,
      codeHash: hashVerificationCode(code),
      createdAt: now,
      expiresAt,
    });
  });
  return { code, expiresAt };
}

/**
 * Checks a code without using it up (registration step one, and before a transaction that
 * consumes it). Rules: only the newest live code of the address and purpose counts; each try
 * first takes one of its 5 attempts atomically (so parallel guesses cannot exceed 5), and a
 * right code gives its attempt back. Throws CODE_INVALID; returns the code's id.
 */
export async function checkCode(
  db: Db,
  options: { email: string; purpose: CodePurpose; code: string; now?: Date },
): Promise<{ codeId: number }> {
  const now = options.now ?? new Date();
  const [live] = await db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.email, options.email),
        eq(verificationCodes.purpose, options.purpose),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (!live) throw codeInvalid();

  const [taken] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, live.id), lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS)))
    .returning({ codeHash: verificationCodes.codeHash });
  if (!taken) throw codeInvalid();

  if (!codeMatches(taken.codeHash, options.code)) throw codeInvalid();
  await db
    .update(verificationCodes)
    .set({ attempts: sql`greatest(${verificationCodes.attempts} - 1, 0)` })
    .where(eq(verificationCodes.id, live.id));
  return { codeId: live.id };
}

/**
 * Uses up a code that checkCode accepted, inside the caller's transaction, so the code is spent
 * exactly when the change it allows is written. Throws CODE_INVALID if it was used, superseded
 * or expired in between.
 */
export async function consumeCode(db: Db | DbTransaction, options: { codeId: number; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  const [used] = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(verificationCodes.id, options.codeId),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    )
    .returning({ id: verificationCodes.id });
  if (!used) throw codeInvalid();
}
