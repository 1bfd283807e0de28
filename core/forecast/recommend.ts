import { DEFAULT_PRIOR_STRENGTH, shrunkRate } from './record';

/** Fewest settled plans (win-rate rule) a tipster needs before their open plans are recommended. */
export const RECOMMEND_MIN_SETTLED = 10;

/** An open plan with its tipster's whole record under the win-rate rule (record.ts). */
export interface RecommendRow {
  planId: number;
  publishedAt: Date;
  sellCount: number;
  tipsterSettled: number;
  tipsterWins: number;
}

/**
 * The "recommended" plan list, one documented rule: open plans of tipsters with at least
 * `minSettled` settled plans, ordered by their tipster's shrunk win rate (Beta-binomial toward
 * `priorMean`, the site's average win rate, with `priorStrength` pseudo-plans), then by how
 * many fans unlocked the plan (sell count), then newest first, then plan id descending so equal
 * rows keep one order. Shrinking toward one common prior is what lets a tipster with 40 of 60
 * rank above one with 8 of 10, though the raw rate says otherwise. Plans of tipsters below the
 * minimum are left out: with a handful of settled plans there is nothing to recommend them on.
 */
export function recommendOrder<T extends RecommendRow>(
  rows: readonly T[],
  options: { priorMean: number; minSettled?: number; priorStrength?: number },
): T[] {
  const minSettled = options.minSettled ?? RECOMMEND_MIN_SETTLED;
  const strength = options.priorStrength ?? DEFAULT_PRIOR_STRENGTH;
  return rows
    .filter((row) => row.tipsterSettled >= minSettled && row.tipsterSettled > 0)
    .map((row) => ({ row, rate: shrunkRate(row.tipsterWins, row.tipsterSettled, options.priorMean, strength) ?? 0 }))
    .sort(
      (a, b) =>
        b.rate - a.rate ||
        b.row.sellCount - a.row.sellCount ||
        b.row.publishedAt.getTime() - a.row.publishedAt.getTime() ||
        b.row.planId - a.row.planId,
    )
    .map(({ row }) => row);
}
