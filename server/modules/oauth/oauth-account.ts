import { randomInt } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { DEFAULT_EVENT_MSG_STATUS, toNicknameKey } from '../../../core/contracts/account';
import type { Db } from '../../db/client';
import { oauthAccounts } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import { generateFreeInviteCode } from '../account/public';
import { grantPoints } from '../points/public';
import type { OAuthIdentity } from './oauth-client';

const NICKNAME_MAX = 20;
const NICKNAME_MIN = 2;

/** A nickname from the provider's name: letters, digits, spaces, `_`, `-` and `.`, 2–20 characters. */
export function nicknameFromName(name: string | null, email: string | null): string {
  const source = name?.trim() || email?.split('@')[0] || '';
  const cleaned = source
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{Nd} _.-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, NICKNAME_MAX)
    .trim();
  return cleaned.length >= NICKNAME_MIN ? cleaned : 'Tribün fan';
}

/**
 * The account behind a provider sign-in, found or made:
 * 1. the account already tied to this provider's subject;
 * 2. else, when the provider vouches for the email, the account with that email (it gets tied);
 * 3. else a new account: nickname from the provider's name (made unique), no password, the
 *    welcome points, email kept only when verified and free.
 * A closed account stays closed: 403 OAUTH_ACCOUNT_CLOSED.
 */
export async function signInWithIdentity(
  db: Db,
  options: { identity: OAuthIdentity; welcomePoints: number; now?: Date },
): Promise<{ userId: number; created: boolean }> {
  const { identity } = options;
  const now = options.now ?? new Date();
  const email = identity.email?.trim().toLowerCase() || null;

  return db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ userId: oauthAccounts.userId, status: users.status })
      .from(oauthAccounts)
      .innerJoin(users, eq(users.id, oauthAccounts.userId))
      .where(and(eq(oauthAccounts.provider, identity.provider), eq(oauthAccounts.subject, identity.subject)))
      .limit(1);
    if (linked) {
      if (linked.status === 'closed') throw closed();
      return { userId: linked.userId, created: false };
    }

    if (email && identity.emailVerified) {
      const [owner] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.status, 'closed')))
        .limit(1);
      if (owner) {
        await tx.insert(oauthAccounts).values({ provider: identity.provider, subject: identity.subject, userId: owner.id, createdAt: now });
        return { userId: owner.id, created: false };
      }
    }

    const base = nicknameFromName(identity.name, email);
    let nickname = base;
    for (let attempt = 0; ; attempt += 1) {
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.nicknameKey, toNicknameKey(nickname))).limit(1);
      if (!taken) break;
      if (attempt >= 20) throw new Error('no free nickname found');
      const suffix = String(randomInt(1000, 10_000));
      nickname = `${base.slice(0, NICKNAME_MAX - suffix.length)}${suffix}`;
    }
    const [created] = await tx
      .insert(users)
      .values({
        email: email && identity.emailVerified ? email : null,
        emailVerifiedAt: email && identity.emailVerified ? now : null,
        nickname,
        nicknameKey: toNicknameKey(nickname),
        passwordHash: null,
        inviteCode: await generateFreeInviteCode(tx),
        eventMsgStatus: { ...DEFAULT_EVENT_MSG_STATUS },
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id });
    if (!created) throw new Error('user insert returned nothing');
    await tx.insert(oauthAccounts).values({ provider: identity.provider, subject: identity.subject, userId: created.id, createdAt: now });
    if (options.welcomePoints > 0) {
      await grantPoints(tx, { userId: created.id, amount: options.welcomePoints, reason: 'welcome', idempotencyKey: 'welcome', now });
    }
    return { userId: created.id, created: true };
  });
}

function closed(): AppError {
  return new AppError('OAUTH_ACCOUNT_CLOSED');
}
