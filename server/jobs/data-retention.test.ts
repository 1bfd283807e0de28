import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { CODE_RECORD_DAYS, SIGN_IN_RECORD_DAYS } from '../../core/contracts/account';
import { sessions } from '../db/schema/sessions';
import { mailOutbox, verificationCodes } from '../db/schema/verification-codes';
import { issueCode } from '../modules/account/codes';
import { createSession, findSessionUser, revokeSession } from '../modules/auth/sessions';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../test-support/db';
import { createTestUser } from '../test-support/users';
import { createManualClock } from './clock';
import { dataRetentionJob, deleteExpiredRecords, OUTBOX_RECORD_DAYS } from './data-retention';
import { createJobRunner } from './runner';

const DAY_MS = 86_400_000;
const T0 = new Date('2026-01-05T10:00:00Z');
const at = (days: number) => new Date(T0.getTime() + days * DAY_MS);

describe.each(TEST_DATABASE_KINDS)('keeping personal data no longer than needed, on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.current.db;

  beforeEach(async () => {
    await db().delete(sessions);
    await db().delete(verificationCodes);
    await db().delete(mailOutbox);
  });

  it(`deletes a sign-in record ${SIGN_IN_RECORD_DAYS} days after the sign-in ended, and never a live one`, async () => {
    const fan = await createTestUser(db());
    const signedOut = await createSession(db(), { userId: fan.id, now: T0, userAgent: 'Firefox', ip: '203.0.113.7' });
    await revokeSession(db(), { sessionId: signedOut.sessionId, now: at(1) });
    // Opened long ago and used every day since: live, so kept with its browser and address.
    const live = await createSession(db(), { userId: fan.id, now: at(-200), userAgent: 'Chrome', ip: '198.51.100.4' });
    // Ran out without a logout (sessions last SESSION_DAYS): ended at its expiry.
    const ranOut = await createSession(db(), { userId: fan.id, now: at(-100), userAgent: 'Safari', ip: '192.0.2.9' });
    await db().update(sessions).set({ expiresAt: at(0) }).where(eq(sessions.id, ranOut.sessionId));
    await db().update(sessions).set({ expiresAt: at(400) }).where(eq(sessions.id, live.sessionId));

    // (createTestUser signed the fan in today, a live sign-in of its own: kept throughout)
    const ours = new Set([signedOut.sessionId, live.sessionId, ranOut.sessionId]);
    const ids = async () =>
      (await db().select({ id: sessions.id }).from(sessions))
        .map((row) => row.id)
        .filter((id) => ours.has(id))
        .sort((a, b) => a - b);
    // The one that ran out on day 0 goes on day 90; the one signed out on day 1 waits a day more.
    expect(await deleteExpiredRecords({ db: db(), now: at(SIGN_IN_RECORD_DAYS) })).toMatchObject({ signIns: 1 });
    expect(await ids()).toEqual([signedOut.sessionId, live.sessionId].sort((a, b) => a - b));
    expect(await deleteExpiredRecords({ db: db(), now: at(SIGN_IN_RECORD_DAYS + 1) })).toMatchObject({ signIns: 1 });
    expect(await ids()).toEqual([live.sessionId]);
    // The live sign-in still signs the fan in, and a second run deletes nothing.
    expect(await findSessionUser(db(), { token: live.token, now: at(SIGN_IN_RECORD_DAYS + 1) })).toMatchObject({ id: fan.id });
    expect(await deleteExpiredRecords({ db: db(), now: at(SIGN_IN_RECORD_DAYS + 1) })).toEqual({ signIns: 0, codes: 0, mails: 0, contactMessages: 0 });
  });

  it(`deletes e-mailed codes ${CODE_RECORD_DAYS} day after they expired and outbox mail after ${OUTBOX_RECORD_DAYS} days`, async () => {
    const now = OUTBOX_RECORD_DAYS + 1;
    const old = await issueCode(db(), { email: 'old@example.com', purpose: 'register', now: T0 });
    // Expired (it lives ten minutes), but not yet a day ago.
    const fresh = await issueCode(db(), { email: 'fresh@example.com', purpose: 'register', now: at(now - CODE_RECORD_DAYS + 0.1) });
    await db().insert(mailOutbox).values([
      { to: 'old@example.com', subject: 'Code', text: old.code, createdAt: at(now - OUTBOX_RECORD_DAYS - 0.1) },
      { to: 'fresh@example.com', subject: 'Code', text: fresh.code, createdAt: at(now - OUTBOX_RECORD_DAYS + 0.1) },
    ]);
    const counts = await deleteExpiredRecords({ db: db(), now: at(now) });
    expect(counts).toEqual({ signIns: 0, codes: 1, mails: 1, contactMessages: 0 });
    expect((await db().select({ email: verificationCodes.email }).from(verificationCodes)).map((row) => row.email)).toEqual(['fresh@example.com']);
    expect((await db().select({ to: mailOutbox.to }).from(mailOutbox)).map((row) => row.to)).toEqual(['fresh@example.com']);
  });

  it('runs on the job runner once the process leads, then every interval', async () => {
    const fan = await createTestUser(db());
    const ended = await createSession(db(), { userId: fan.id, now: T0 });
    await revokeSession(db(), { sessionId: ended.sessionId, now: T0 });
    const clock = createManualClock(at(SIGN_IN_RECORD_DAYS - 0.5).getTime());
    const deleted: number[] = [];
    const runner = createJobRunner({
      db: db(),
      leadership: { acquired: Promise.resolve(), release: async () => {} },
      clock,
      onError: (_name, error) => {
        throw error;
      },
    });
    runner.register(dataRetentionJob({ db: db(), everyMs: DAY_MS, onDeleted: (counts) => deleted.push(counts.signIns) }));
    runner.start();
    await runner.completed('data-retention');
    await runner.idle();
    expect(deleted).toEqual([]);
    clock.advance(DAY_MS);
    await runner.idle();
    expect(deleted).toEqual([1]);
    await runner.stop();
  });
});
