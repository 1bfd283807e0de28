import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema/verification-codes';
import { TEST_DATABASE_KINDS, useTestDatabase } from '../../test-support/db';
import { createRateLimiter } from './rate-limiter';

describe.each(TEST_DATABASE_KINDS)('fixed-window rate limits on %s', (kind) => {
  const database = useTestDatabase(kind);
  const t0 = new Date('2025-05-01T12:00:00.000Z');
  const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

  it('allows `limit` hits per window, then refuses with the seconds left, then starts a new window', async () => {
    const limiter = createRateLimiter({ db: database.current.db, random: () => 1 });
    const rule = { key: 'test:window', limit: 3, windowSec: 60 };
    for (let i = 0; i < 3; i++) expect(await limiter.hit({ ...rule, now: at(i) })).toEqual({ allowed: true, retryAfterSec: 0 });
    expect(await limiter.hit({ ...rule, now: at(10) })).toEqual({ allowed: false, retryAfterSec: 50 });
    expect(await limiter.hit({ ...rule, now: at(59.5) })).toEqual({ allowed: false, retryAfterSec: 1 });
    // the window that began at t0 ends at t0 + 60 s
    expect(await limiter.hit({ ...rule, now: at(60) })).toEqual({ allowed: true, retryAfterSec: 0 });
    const [row] = await database.current.db.select().from(rateLimits).where(eq(rateLimits.key, rule.key));
    expect(row).toMatchObject({ count: 1, windowStart: at(60) });
  });

  it('keeps keys apart and takes a hit back on release', async () => {
    const limiter = createRateLimiter({ db: database.current.db, random: () => 1 });
    const a = { key: 'test:a', limit: 1, windowSec: 60, now: t0 };
    const b = { key: 'test:b', limit: 1, windowSec: 60, now: t0 };
    expect((await limiter.hit(a)).allowed).toBe(true);
    expect((await limiter.hit(b)).allowed).toBe(true);
    expect((await limiter.hit(a)).allowed).toBe(false);
    // count 2 (one allowed, one refused); two releases bring it back to 0
    await limiter.release({ key: 'test:a' });
    await limiter.release({ key: 'test:a' });
    expect((await limiter.hit(a)).allowed).toBe(true);
    expect((await limiter.hit(a)).allowed).toBe(false);
    // never below zero
    await limiter.release({ key: 'test:b' });
    await limiter.release({ key: 'test:b' });
    const [row] = await database.current.db.select().from(rateLimits).where(eq(rateLimits.key, 'test:b'));
    expect(row?.count).toBe(0);
    await limiter.release({ key: 'test:b' });
    expect((await limiter.hit(b)).allowed).toBe(true);
  });

  it('counts concurrent hits exactly: never more than `limit` are allowed', async () => {
    const limiter = createRateLimiter({ db: database.current.db, random: () => 1 });
    const results = await Promise.all(
      Array.from({ length: 25 }, () => limiter.hit({ key: 'test:concurrent', limit: 10, windowSec: 60, now: t0 })),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    const [row] = await database.current.db.select().from(rateLimits).where(eq(rateLimits.key, 'test:concurrent'));
    expect(row?.count).toBe(25);
  });

  it('prunes counters whose window ended more than a day ago', async () => {
    const limiter = createRateLimiter({ db: database.current.db, random: () => 0 });
    await limiter.hit({ key: 'test:old', limit: 1, windowSec: 60, now: t0 });
    await limiter.hit({ key: 'test:new', limit: 1, windowSec: 60, now: at(2 * 86_400) });
    const keys = (await database.current.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).toContain('test:new');
    expect(keys).not.toContain('test:old');
  });
});
