import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from '../../../core/contracts/account';
import type { Db, DbTransaction } from '../../db/client';
import { users } from '../../db/schema/users';

/** A random invitation code: 8 characters of the unambiguous alphabet (31⁸ ≈ 8.5 × 10¹¹ codes). */
export function generateInviteCode(random: (max: number) => number = randomInt): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) code += INVITE_CODE_ALPHABET[random(INVITE_CODE_ALPHABET.length)];
  return code;
}

/** An invitation code no user holds yet (a clash is astronomically rare; it is still checked). */
export async function generateFreeInviteCode(db: Db | DbTransaction): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = generateInviteCode();
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, code)).limit(1);
    if (!taken) return code;
  }
  throw new Error('no free invitation code after 10 attempts');
}
