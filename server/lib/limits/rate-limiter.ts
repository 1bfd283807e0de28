import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema/verification-codes';

export interface RateLimitRule {
  /** what is counted, e.g. `login:account:ayse@example.com` */
  key: string;
  /** how many hits a window allows */
  limit: number;
  windowSec: number;
  /**
   * The window is the calendar day in UTC (windowSec must then be 86 400): it starts at
   * midnight UTC whatever the time of the first hit, so a daily allowance renews for everyone
   * at the same moment (docs/decisions/134).
   */
  utcDay?: boolean;
}

export interface RateLimitResult {
  allowed: boolean;
  /** seconds until the window ends (0 when allowed) — the Retry-After of a 429 */
  retryAfterSec: number;
}

/** Counters whose window ended more than this long ago are deleted now and then. */
const PRUNE_AFTER_MS = 86_400_000;
/** About one hit in this many prunes stale counters, so the table stays small without a job. */
const PRUNE_EVERY = 200;

export interface RateLimiter {
  /**
   * Counts one hit of `key` in its fixed window and says whether it is within `limit`. One
   * atomic upsert (INSERT … ON CONFLICT DO UPDATE) starts a new window when the stored one has
   * ended, so every server process shares the same counters and concurrent hits never both
   * slip under the limit.
   */
  hit(options: RateLimitRule & { now?: Date }): Promise<RateLimitResult>;
  /** Takes one hit back (a sign-in that turned out right is not an attack). */
  release(options: { key: string }): Promise<void>;
}

const DAY_MS = 86_400_000;

/** Midnight UTC of the day `now` falls in. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
}

/**
 * Fixed-window rate limits stored in the rate_limits table (docs/decisions/030-rate-limits.md;
 * shared by every feature through limitAction, decision 134).
 */
export function createRateLimiter(options: { db: Db; random?: () => number }): RateLimiter {
  const { db } = options;
  const random = options.random ?? Math.random;

  return {
    async hit({ key, limit, windowSec, utcDay = false, now = new Date() }) {
      if (utcDay && windowSec !== DAY_MS / 1000) throw new Error('a UTC-day window is 86 400 seconds long');
      // A new window starts at the hit, or at midnight UTC for a day window. Either way a stored
      // window has ended once its start lies a whole window in the past.
      const newWindowStart = utcDay ? startOfUtcDay(now) : now;
      const windowEndedBefore = new Date(now.getTime() - windowSec * 1000);
      const expired = sql`${rateLimits.windowStart} <= ${windowEndedBefore.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, windowStart: newWindowStart, count: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            windowStart: sql`CASE WHEN ${expired} THEN ${newWindowStart.toISOString()}::timestamptz ELSE ${rateLimits.windowStart} END`,
            count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
          },
        })
        .returning({ windowStart: rateLimits.windowStart, count: rateLimits.count });
      if (!row) throw new Error('rate limit upsert returned nothing');

      if (random() < 1 / PRUNE_EVERY) {
        await db
          .delete(rateLimits)
          .where(lt(rateLimits.windowStart, new Date(now.getTime() - PRUNE_AFTER_MS)))
          .catch(() => undefined);
      }

      if (row.count <= limit) return { allowed: true, retryAfterSec: 0 };
      const windowEndMs = row.windowStart.getTime() + windowSec * 1000;
      return { allowed: false, retryAfterSec: Math.max(1, Math.ceil((windowEndMs - now.getTime()) / 1000)) };
    },

    async release({ key }) {
      await db
        .update(rateLimits)
        .set({ count: sql`${rateLimits.count} - 1` })
        .where(and(eq(rateLimits.key, key), gt(rateLimits.count, 0)));
    },
  };
}
