import type { RankingPeriod, TipsterStats } from '../contracts/forecast';
import { winTally, type OutcomeCounts } from './record';

/**
 * The prediction centre's rankings (specification: by winning rate weekly, monthly and
 * all-time, and by winning streak), and the home page's success-rate figure.
 */

/**
 * Fewest settled plans (win-rate rule, record.ts) to appear in a win-rate ranking. A rate
 * ranking rewards small samples: a coin-flipping tipster goes 3 for 3 one time in 8, so with a
 * few dozen tipsters a 3-plan minimum fills the top of every week with lucky 100%s. At 5 that
 * chance is 1 in 32, at 10 about 1 in 1000, at 20 about 1 in a million. The minimums stay low
 * enough for a regular tipster: a plan on 5 of the week's 7 days, on a third of the month's days;
 * and the list shows the sample size and the Wilson bound beside every rate.
 */
export const MIN_SETTLED_FOR_RANKING = { week: 5, month: 10, all: 20 } as const satisfies Record<RankingPeriod, number>;

/**
 * Rankings follow the site's home market: Europe/Istanbul, which has been UTC+3 all year round
 * since 2016 (no daylight saving), so a fixed offset is exact for every period we can rank.
 */
const ISTANBUL_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Start of the ranking period containing `now`, as a UTC instant: a week starts on Monday
 * 00:00 and a month on the 1st at 00:00, Istanbul time (so Monday 00:00 Istanbul is Sunday
 * 21:00 UTC). null for all-time.
 */
export function periodStart(period: RankingPeriod, now: Date): Date | null {
  if (period === 'all') return null;
  // Shift so the UTC fields read Istanbul's wall clock, compute there, shift back.
  const local = new Date(now.getTime() + ISTANBUL_OFFSET_MS);
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  if (period === 'month') {
    return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - ISTANBUL_OFFSET_MS);
  }
  const daysSinceMonday = (local.getUTCDay() + 6) % 7;
  return new Date(midnight - daysSinceMonday * DAY_MS - ISTANBUL_OFFSET_MS);
}

interface RankableRow {
  stats: TipsterStats;
  tipsterId: number;
}

/**
 * The win-rate ranking: rows with at least `minSettled` settled plans (and a rate), ordered by
 * win rate, then shrunk rate (the same rate over more plans is more convincing), then settled
 * plans (more first), then tipster id ascending, so the order is deterministic and a page
 * boundary never shuffles equal rows between requests. A missing shrunk rate sorts last.
 */
export function rankByRate<T extends RankableRow>(rows: readonly T[], minSettled: number): T[] {
  return rows
    .filter((row) => row.stats.win_rate !== null && row.stats.settled >= minSettled)
    .sort(
      (a, b) =>
        descending(a.stats.win_rate, b.stats.win_rate) ||
        descending(a.stats.shrunk_rate, b.stats.shrunk_rate) ||
        b.stats.settled - a.stats.settled ||
        a.tipsterId - b.tipsterId,
    );
}

/**
 * The winning-streak ranking: longest streak (running_num_max), then the streak still running,
 * then settled plans (more first), then tipster id ascending. Tipsters who never won are left out.
 */
export function rankByStreak<T extends RankableRow>(rows: readonly T[]): T[] {
  return rows
    .filter((row) => row.stats.running_num_max > 0)
    .sort(
      (a, b) =>
        b.stats.running_num_max - a.stats.running_num_max ||
        b.stats.current_streak - a.stats.current_streak ||
        b.stats.settled - a.stats.settled ||
        a.tipsterId - b.tipsterId,
    );
}

/**
 * The home page's success rate from per-outcome counts of settled plans (e.g. a SQL GROUP BY
 * outcome), by the same win-rate rule as every tipster's record: computed, never a fixed
 * claim, and always shown with its sample size. null with no settled plan.
 */
export function siteSuccessRate(counts: OutcomeCounts): { rate: number | null; settled: number } {
  const { wins, settled } = winTally(counts);
  return { rate: settled > 0 ? wins / settled : null, settled };
}

/** Comparator part: larger first, null after any number. */
function descending(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return b - a;
}
