import { describe, expect, it } from 'vitest';
import { RECOMMEND_MIN_SETTLED, recommendOrder, type RecommendRow } from './recommend';

const at = (hour: number) => new Date(Date.UTC(2025, 2, 10, hour));
const row = (planId: number, fields: Partial<RecommendRow>): RecommendRow => ({
  planId,
  publishedAt: at(12),
  sellCount: 0,
  tipsterSettled: 20,
  tipsterWins: 10,
  ...fields,
});

describe('recommended plans', () => {
  it('ranks a long good record above a short better-looking one (shrunk toward the site average)', () => {
    // toward 0.5 with the weight of 20: 40 of 60 → 50/80 = 0.625; 8 of 10 → 18/30 = 0.6
    const rows = [row(1, { tipsterSettled: 10, tipsterWins: 8 }), row(2, { tipsterSettled: 60, tipsterWins: 40 })];
    expect(recommendOrder(rows, { priorMean: 0.5 }).map((r) => r.planId)).toEqual([2, 1]);
  });

  it('then orders by sell count, then newest, then plan id', () => {
    const rows = [
      row(1, { sellCount: 3, publishedAt: at(9) }),
      row(2, { sellCount: 7, publishedAt: at(8) }),
      row(3, { sellCount: 3, publishedAt: at(11) }),
      row(4, { sellCount: 3, publishedAt: at(11) }),
    ];
    expect(recommendOrder(rows, { priorMean: 0.5 }).map((r) => r.planId)).toEqual([2, 4, 3, 1]);
  });

  it('leaves out tipsters below the minimum of settled plans', () => {
    const rows = [
      row(1, { tipsterSettled: RECOMMEND_MIN_SETTLED - 1, tipsterWins: RECOMMEND_MIN_SETTLED - 1 }),
      row(2, { tipsterSettled: RECOMMEND_MIN_SETTLED, tipsterWins: 1 }),
    ];
    expect(recommendOrder(rows, { priorMean: 0.5 }).map((r) => r.planId)).toEqual([2]);
    expect(recommendOrder(rows, { priorMean: 0.5, minSettled: 1 }).map((r) => r.planId)).toEqual([1, 2]);
  });

  it('with no prior weight orders by the raw rate', () => {
    const rows = [row(1, { tipsterSettled: 60, tipsterWins: 40 }), row(2, { tipsterSettled: 10, tipsterWins: 8 })];
    expect(recommendOrder(rows, { priorMean: 0.5, priorStrength: 0 }).map((r) => r.planId)).toEqual([2, 1]);
  });

  it('returns the given rows, not copies, and leaves the input order alone', () => {
    const rows = [row(1, { tipsterWins: 5 }), row(2, { tipsterWins: 15 })];
    const ordered = recommendOrder(rows, { priorMean: 0.5 });
    expect(ordered[0]).toBe(rows[1]);
    expect(rows.map((r) => r.planId)).toEqual([1, 2]);
  });
});
