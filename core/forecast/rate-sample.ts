/**
 * When a win rate is worth printing (docs/decisions/119): from MIN_SETTLED_FOR_RATE settled
 * plans. Below it a tipster's record and the site's success figure say how many plans settled
 * (and how many won), without a percentage: 0% or 100% of one plan says nothing, and an adjusted
 * rate of 69% beside "0 of 1" reads as a claim. Ten is the point where a coin-flipper's 100%
 * becomes a 1-in-1,000 event (decision 079's arithmetic) and the monthly ranking's minimum.
 */
export const MIN_SETTLED_FOR_RATE = 10;

/** Whether a rate resting on `settled` plans is shown. */
export function showsRate(settled: number): boolean {
  return settled >= MIN_SETTLED_FOR_RATE;
}
