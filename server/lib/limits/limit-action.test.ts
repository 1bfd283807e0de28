import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { NEW_ACCOUNT_DAYS } from '../../settings/limits';
import { isNewAccount, limitAction, type ActionLimits } from './limit-action';
import { createRateLimiter, type RateLimiter } from './rate-limiter';

const DAY_MS = 86_400_000;

/** Runs one limited action and says what the client sees: allowed, or 429 with its Retry-After. */
async function attempt(run: () => Promise<void>): Promise<{ allowed: true } | { allowed: false; status: number; retryAfterSec?: number }> {
  try {
    await run();
    return { allowed: true };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { allowed: false, status: error.status, retryAfterSec: error.retryAfterSec };
  }
}

describe('new accounts', () => {
  it('are new for NEW_ACCOUNT_DAYS days from their creation, then standard', () => {
    const created = new Date('2026-03-01T10:00:00Z');
    expect(NEW_ACCOUNT_DAYS).toBe(3);
    expect(isNewAccount(created, created)).toBe(true);
    expect(isNewAccount(created, new Date(created.getTime() + 3 * DAY_MS - 1))).toBe(true);
    expect(isNewAccount(created, new Date(created.getTime() + 3 * DAY_MS))).toBe(false);
    expect(isNewAccount(created, new Date(created.getTime() + DAY_MS), 1)).toBe(false);
  });
});

describe.each(TEST_DATABASE_KINDS)('per-action limits on %s', (kind) => {
  const database = useTestDatabase(kind);
  const rules: ActionLimits = {
    standard: { perAccount: [{ limit: 5, window: 'utc-day' }], perAddress: [{ limit: 8, window: 'utc-day' }] },
    newAccount: { perAccount: [{ limit: 2, window: 'utc-day' }] },
  };
  const oldAccount = new Date('2026-01-01T00:00:00Z');

  it('counts one account across two app instances on the same database', async () => {
    // On PostgreSQL the second instance has its own connection pool, as a second process would.
    const second = database.current.url ? await openDatabase({ databaseUrl: database.current.url }) : null;
    try {
      const limiters = [
        createRateLimiter({ db: database.current.db, random: () => 1 }),
        createRateLimiter({ db: (second?.db ?? database.current.db) as Db, random: () => 1 }),
      ];
      const now = new Date('2026-03-10T12:00:00Z');
      const hit = (i: number) =>
        attempt(() => limitAction({ limiter: limiters[i % 2] as RateLimiter, action: 'test.two', accountId: 1, accountCreatedAt: oldAccount, now, rules }));
      const results = [];
      for (let i = 0; i < 7; i++) results.push(await hit(i));
      expect(results.filter((r) => r.allowed)).toHaveLength(5);
      // 12:00 UTC: the day's allowance comes back at midnight UTC, 12 hours on
      expect(results[5]).toEqual({ allowed: false, status: 429, retryAfterSec: 12 * 3600 });
    } finally {
      await second?.close();
    }
  });

  it('renews a day rule at midnight UTC, not 24 hours after the first hit', async () => {
    const limiter = createRateLimiter({ db: database.current.db, random: () => 1 });
    const run = (now: Date) => attempt(() => limitAction({ limiter, action: 'test.day', accountId: 2, accountCreatedAt: oldAccount, now, rules }));
    for (let i = 0; i < 5; i++) expect(await run(new Date('2026-03-10T23:59:00Z'))).toEqual({ allowed: true });
    expect(await run(new Date('2026-03-10T23:59:50Z'))).toEqual({ allowed: false, status: 429, retryAfterSec: 10 });
    expect(await run(new Date('2026-03-11T00:00:00Z'))).toEqual({ allowed: true });
    for (let i = 0; i < 4; i++) expect((await run(new Date('2026-03-11T08:00:00Z'))).allowed).toBe(true);
    expect(await run(new Date('2026-03-11T23:00:00Z'))).toEqual({ allowed: false, status: 429, retryAfterSec: 3600 });
  });

  it('gives a new account the tighter rules, and the standard ones once it is NEW_ACCOUNT_DAYS old', async () => {
    const limiter = createRateLimiter({ db: database.current.db, random: () => 1 });
    const created = new Date('2026-03-09T18:00:00Z');
    const run = (now: Date) => attempt(() => limitAction({ limiter, action: 'test.new', accountId: 3, accountCreatedAt: created, now, rules }));
    const day2 = new Date('2026-03-11T10:00:00Z');
    expect((await run(day2)).allowed).toBe(true);
    expect((await run(day2)).allowed).toBe(true);
    expect(await run(day2)).toMatchObject({ allowed: false, status: 429 });
    // on its third day, still new until 18:00 UTC: its 2, then the standard 5 on the same counter
    const lastNewHour = new Date('2026-03-12T17:00:00Z');
    expect((await run(lastNewHour)).allowed).toBe(true);
    expect((await run(lastNewHour)).allowed).toBe(true);
    expect(await run(lastNewHour)).toMatchObject({ allowed: false, status: 429 });
    // a refused hit counts too: 3 of the standard 5 are used, 2 remain
    const grown = new Date('2026-03-12T18:00:00Z');
    expect((await run(grown)).allowed).toBe(true);
    expect((await run(grown)).allowed).toBe(true);
    expect(await run(grown)).toEqual({ allowed: false, status: 429, retryAfterSec: 6 * 3600 });
    // the next day: the standard 5
    const next = new Date('2026-03-13T09:00:00Z');
    for (let i = 0; i < 5; i++) expect((await run(next)).allowed).toBe(true);
    expect((await run(next)).allowed).toBe(false);
  });

  it('refuses on the address first, without using up the account', async () => {
    const limiter = createRateLimiter({ db: database.current.db, random: () => 1 });
    const now = new Date('2026-03-10T12:00:00Z');
    for (let id = 10; id < 18; id++) {
      expect((await attempt(() => limitAction({ limiter, action: 'test.address', address: '203.0.113.7', accountId: id, accountCreatedAt: oldAccount, now, rules }))).allowed).toBe(true);
    }
    // the address has used its 8; account 10 has used 1 of 5 and is not counted now
    for (let i = 0; i < 3; i++) {
      expect(await attempt(() => limitAction({ limiter, action: 'test.address', address: '203.0.113.7', accountId: 10, accountCreatedAt: oldAccount, now, rules }))).toMatchObject({ allowed: false, status: 429 });
    }
    for (let i = 0; i < 4; i++) {
      expect((await attempt(() => limitAction({ limiter, action: 'test.address', address: '198.51.100.1', accountId: 10, accountCreatedAt: oldAccount, now, rules }))).allowed).toBe(true);
    }
    expect((await attempt(() => limitAction({ limiter, action: 'test.address', address: '198.51.100.1', accountId: 10, accountCreatedAt: oldAccount, now, rules }))).allowed).toBe(false);
    // without an account only the address counts; another action has its own counters
    expect((await attempt(() => limitAction({ limiter, action: 'test.address', address: '198.51.100.1', now, rules }))).allowed).toBe(true);
    expect((await attempt(() => limitAction({ limiter, action: 'test.other', address: '203.0.113.7', accountId: 10, accountCreatedAt: oldAccount, now, rules }))).allowed).toBe(true);
  });

  it('keeps windows of seconds apart from day windows of the same action', async () => {
    const limiter = createRateLimiter({ db: database.current.db, random: () => 1 });
    const both: ActionLimits = { standard: { perAccount: [{ limit: 2, window: 60 }, { limit: 3, window: 'utc-day' }] } };
    const t0 = new Date('2026-03-10T12:00:00Z');
    const run = (seconds: number) =>
      attempt(() => limitAction({ limiter, action: 'test.mixed', accountId: 4, accountCreatedAt: oldAccount, now: new Date(t0.getTime() + seconds * 1000), rules: both }));
    expect((await run(0)).allowed).toBe(true);
    expect((await run(1)).allowed).toBe(true);
    expect(await run(2)).toEqual({ allowed: false, status: 429, retryAfterSec: 58 });
    expect((await run(60)).allowed).toBe(true);
    // the minute window allows it, the day has had its 3 (the refused hit is not counted by the day rule)
    expect(await run(61)).toEqual({ allowed: false, status: 429, retryAfterSec: 12 * 3600 - 61 });
  });

  it('lets exactly the limit through when 40 hits arrive at once from two instances', async () => {
    const limiters = [createRateLimiter({ db: database.current.db, random: () => 1 }), createRateLimiter({ db: database.current.db, random: () => 1 })];
    const now = new Date('2026-03-10T12:00:00Z');
    const ten: ActionLimits = { standard: { perAccount: [{ limit: 10, window: 'utc-day' }] } };
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        attempt(() => limitAction({ limiter: limiters[i % 2] as RateLimiter, action: 'test.burst', accountId: 5, accountCreatedAt: oldAccount, now, rules: ten })),
      ),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results.filter((r) => !r.allowed)).toHaveLength(30);
  });
});
