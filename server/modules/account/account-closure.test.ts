import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { competitionCollections, matchCollections, teamCollections } from '../../db/schema/collections';
import { oauthAccounts, sessions } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { isAppError } from '../../errors';
import { findSessionUser } from '../auth/sessions';
import { grantPoints } from '../points/ledger';
import { balanceOf, expectLedgerBalanced, ledgerOf, rejectionOf } from '../points/points-test-support';
import { requestCancellation, revokeCancellation } from '../profile/profile.service';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createTestUser } from '../../test-support/users';
import { accountClosureJob, closeDueAccounts, closedAccountNickname } from './account-closure';
import { createManualClock } from '../../jobs/clock';
import { createJobRunner } from '../../jobs/runner';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const T0 = new Date('2025-10-01T08:00:00Z');
const after = (ms: number) => new Date(T0.getTime() + ms);

describe.each(TEST_DATABASE_KINDS)('account closure on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.current.db;

  afterEach(async () => {
    await expectLedgerBalanced(db());
  });

  /** A user with points, contacts, collections, a Google sign-in and a session, who asked to close at T0. */
  async function pendingUser() {
    const user = await createTestUser(db());
    await grantPoints(db(), { userId: user.id, amount: 120, reason: 'welcome', idempotencyKey: 'welcome' });
    await db()
      .update(users)
      .set({ phone: '+90 555 000 00 00', telegram: '@fan', gender: 'male', address: 'İzmir', passwordHash: 'argon2-hash', locale: 'en', theme: 'dark', oddsFormat: 'hongkong' })
      .where(eq(users.id, user.id));
    await db().insert(oauthAccounts).values({ provider: 'google', subject: `google-${user.id}`, userId: user.id });
    await db().insert(matchCollections).values({ userId: user.id, sport: 'football', matchId: 123 });
    await db().insert(competitionCollections).values({ userId: user.id, competitionId: 1 });
    await db().insert(teamCollections).values({ userId: user.id, teamId: 1 });
    await requestCancellation(db(), { userId: user.id, now: T0 });
    return user;
  }

  it('leaves an account pending at 14 days 23 hours and closes it at 15 days, erasing its personal data', async () => {
    const user = await pendingUser();
    const [before] = await db().select().from(users).where(eq(users.id, user.id));

    expect(await closeDueAccounts({ db: db(), now: after(14 * DAY_MS + 23 * HOUR_MS) })).not.toContain(user.id);
    expect(await findSessionUser(db(), { token: user.token, now: after(14 * DAY_MS + 23 * HOUR_MS) })).toMatchObject({
      id: user.id,
      status: 'pending_cancellation',
    });

    const closedAt = after(15 * DAY_MS);
    expect(await closeDueAccounts({ db: db(), now: closedAt })).toContain(user.id);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      status: 'closed',
      closedAt,
      email: null,
      emailVerifiedAt: null,
      nickname: closedAccountNickname(user.id),
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
      // kept: other rows point at them
      inviteCode: before?.inviteCode,
      pointsBalance: 120,
    });
    expect(await findSessionUser(db(), { token: user.token, now: closedAt })).toBeNull();
    const [session] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session?.revokedAt).toEqual(closedAt);
    expect(await db().select().from(oauthAccounts).where(eq(oauthAccounts.userId, user.id))).toEqual([]);
    expect(await db().select().from(matchCollections).where(eq(matchCollections.userId, user.id))).toEqual([]);
    expect(await db().select().from(competitionCollections).where(eq(competitionCollections.userId, user.id))).toEqual([]);
    expect(await db().select().from(teamCollections).where(eq(teamCollections.userId, user.id))).toEqual([]);
    // the ledger stays, and a closed account can be neither credited nor debited
    expect(await ledgerOf(db(), user.id)).toHaveLength(1);
    const refused = await rejectionOf(grantPoints(db(), { userId: user.id, amount: 1, reason: 'checkin', idempotencyKey: 'late' }));
    expect(isAppError(refused) && refused.code).toBe('ACCOUNT_CLOSED');
    expect(await balanceOf(db(), user.id)).toBe(120);
  });

  it('is idempotent: a second run closes nothing and changes nothing', async () => {
    const user = await pendingUser();
    const now = after(20 * DAY_MS);
    expect(await closeDueAccounts({ db: db(), now })).toContain(user.id);
    const [first] = await db().select().from(users).where(eq(users.id, user.id));
    expect(await closeDueAccounts({ db: db(), now: after(21 * DAY_MS) })).toEqual([]);
    const [second] = await db().select().from(users).where(eq(users.id, user.id));
    expect(second).toEqual(first);
  });

  it('leaves a revoked cancellation and active accounts alone, and frees the email and nickname of a closed one', async () => {
    const revoked = await pendingUser();
    await revokeCancellation(db(), { userId: revoked.id, now: after(3 * DAY_MS) });
    const active = await createTestUser(db());
    const closing = await pendingUser();
    const closed = await closeDueAccounts({ db: db(), now: after(30 * DAY_MS) });
    expect(closed).toContain(closing.id);
    expect(closed).not.toContain(revoked.id);
    expect(closed).not.toContain(active.id);
    const [stillActive] = await db().select({ status: users.status, email: users.email }).from(users).where(eq(users.id, revoked.id));
    expect(stillActive).toEqual({ status: 'active', email: revoked.email });
    // someone new may take the closed account's address and nickname
    const newcomer = await createTestUser(db(), { nickname: closing.nickname, email: closing.email });
    expect(newcomer.id).toBeGreaterThan(closing.id);
  });

  it('runs on the job runner once the process leads, then every interval by the runner\'s clock, and never on a follower', async () => {
    const user = await pendingUser();
    const closedIds: number[] = [];
    const clock = createManualClock(after(16 * DAY_MS).getTime());
    const runner = createJobRunner({
      db: db(),
      leadership: { acquired: Promise.resolve(), release: async () => {} },
      clock,
      onError: (name, error) => {
        throw error;
      },
    });
    runner.register(accountClosureJob({ db: db(), everyMs: 60_000, onClosed: (ids) => closedIds.push(...ids) }));
    runner.start();
    await runner.completed('account-closure');
    expect(closedIds).toEqual([user.id]);

    // One more account due: the runner closes it at its next tick, not a second earlier.
    const next = await pendingUser();
    clock.advance(59_000);
    await runner.idle();
    expect(closedIds).toEqual([user.id]);
    clock.advance(1_000);
    await runner.idle();
    expect(closedIds).toEqual([user.id, next.id]);
    await runner.stop();

    const follower = await pendingUser();
    let rejectLeading!: (error: Error) => void;
    const neverLeads = createJobRunner({
      db: db(),
      leadership: { acquired: new Promise<void>((_resolve, reject) => (rejectLeading = reject)), release: async () => {} },
      clock,
    });
    neverLeads.register(accountClosureJob({ db: db() }));
    neverLeads.start();
    clock.advance(2 * 3_600_000);
    rejectLeading(new Error('stopped before leading'));
    await neverLeads.stop();
    const [row] = await db().select({ status: users.status }).from(users).where(eq(users.id, follower.id));
    expect(row?.status).toBe('pending_cancellation');
  });
});
