import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { ACCOUNT_CANCELLATION_DAYS } from '../../../core/contracts/account';
import type { Db } from '../../db/client';
import { competitionCollections, matchCollections, teamCollections } from '../../db/schema/collections';
import { contactMessages } from '../../db/schema/contact-messages';
import { notificationSettings, notifications } from '../../db/schema/notifications';
import { oauthAccounts } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { revokeUserSessions, type SessionsRevokedListener } from '../auth/public';
import { recordDomainEvents } from '../../jobs/outbox';
import type { JobDefinition } from '../../jobs/runner';
import './account-events';

const DAY_MS = 86_400_000;
/** How often the leading process looks for accounts to close. */
export const ACCOUNT_CLOSURE_INTERVAL_MS = 60 * 60 * 1000;
/** At most this many accounts per transaction, so one run never holds many rows at once. */
const BATCH = 100;

/** The neutral name a closed account shows wherever its old posts or records still appear. */
export function closedAccountNickname(userId: number): string {
  return `Closed account #${userId}`;
}

/**
 * Closes every account whose cancellation has been pending for ACCOUNT_CANCELLATION_DAYS (15)
 * days or more at `now` (section 4: "account closes if nothing is done for 15 days"). Closing
 * erases the personal data — email, nickname key, password, gender, contacts, language, theme, odds format,
 * collections, sign-ins through Google/Apple/Facebook, the messages it sent through the contact form, its notifications — renames the account to a neutral label,
 * and ends every session. It records `account.closed`, from which the community erases the fan's
 * posts, comments, likes and saved posts and the social graph their follows and blocks. The row itself stays, with its invitation code and points ledger,
 * because ledger rows and invitations point at it.
 *
 * Idempotent, and safe beside a user revoking at the same moment: each account is closed by a
 * conditional update that still requires it to be pending and due, so a revoked account is left
 * alone and a second run finds nothing to do. Returns the ids it closed.
 */
export async function closeDueAccounts(options: {
  db: Db;
  now?: Date;
  /** told after each batch commits which sessions it revoked (the live channel drops them) */
  onSessionsRevoked?: SessionsRevokedListener;
}): Promise<number[]> {
  const { db } = options;
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - ACCOUNT_CANCELLATION_DAYS * DAY_MS);
  const due = and(
    eq(users.status, 'pending_cancellation'),
    isNotNull(users.cancellationRequestedAt),
    lte(users.cancellationRequestedAt, cutoff),
  );
  const closed: number[] = [];
  for (;;) {
    const batch = await db.select({ id: users.id }).from(users).where(due).orderBy(users.id).limit(BATCH);
    if (batch.length === 0) return closed;
    const revokedSessions: number[] = [];
    const ids = await db.transaction(async (tx) => {
      const rows = await tx
        .update(users)
        .set({
          status: 'closed',
          closedAt: now,
          updatedAt: now,
          email: null,
          emailVerifiedAt: null,
          nickname: sql`'Closed account #' || ${users.id}`,
          nicknameKey: null,
          passwordHash: null,
          gender: null,
          phone: null,
          address: null,
          telegram: null,
          whatsapp: null,
          instagram: null,
          facebook: null,
          locale: null,
          theme: null,
          oddsFormat: null,
        })
        .where(
          and(
            inArray(
              users.id,
              batch.map((row) => row.id),
            ),
            due,
          ),
        )
        .returning({ id: users.id });
      const closedIds = rows.map((row) => row.id);
      if (closedIds.length === 0) return closedIds;
      for (const id of closedIds) revokedSessions.push(...(await revokeUserSessions(tx, { userId: id, now })));
      await tx.delete(oauthAccounts).where(inArray(oauthAccounts.userId, closedIds));
      await tx.delete(matchCollections).where(inArray(matchCollections.userId, closedIds));
      await tx.delete(competitionCollections).where(inArray(competitionCollections.userId, closedIds));
      await tx.delete(teamCollections).where(inArray(teamCollections.userId, closedIds));
      await tx.delete(contactMessages).where(inArray(contactMessages.userId, closedIds));
      await tx.delete(notifications).where(inArray(notifications.userId, closedIds));
      await tx.delete(notificationSettings).where(inArray(notificationSettings.userId, closedIds));
      // The features that keep the fan's words and relations erase them from these events,
      // delivered once each to their subscribers (community, social).
      await recordDomainEvents(tx, closedIds.map((userId) => ({ type: 'account.closed' as const, payload: { userId } })), now);
      return closedIds;
    });
    closed.push(...ids);
    if (revokedSessions.length > 0) await options.onSessionsRevoked?.(revokedSessions);
    // Rows that stopped being due between the read and the update are not read again.
    if (batch.length < BATCH) return closed;
  }
}

/**
 * The account closure as a job of the runner (server/jobs/runner.ts): on the leading process,
 * at once when it leads and then every `everyMs`. A failed run is retried with back-off; it is
 * idempotent (closeDueAccounts), so a retry never closes anything twice.
 */
export function accountClosureJob(options: {
  db: Db;
  everyMs?: number;
  onSessionsRevoked?: SessionsRevokedListener;
  onClosed?: (ids: number[]) => void;
}): JobDefinition {
  return {
    name: 'account-closure',
    everyMs: options.everyMs ?? ACCOUNT_CLOSURE_INTERVAL_MS,
    async run({ now }) {
      const ids = await closeDueAccounts({ db: options.db, now, onSessionsRevoked: options.onSessionsRevoked });
      if (ids.length > 0) options.onClosed?.(ids);
    },
  };
}
