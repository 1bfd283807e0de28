import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OUTCOMES, type Selection } from '../contracts/odds';
import { outcomeFactor } from '../odds/grade';
import { betOutcome, betPayout, combinedOddsMilli, decidedOutcome, potentialReturn } from './bets';

const over = (line: number): Selection => ({ market: 'over_under', period: 'ft', pick: 'over', line });
const under = (line: number): Selection => ({ market: 'over_under', period: 'ft', pick: 'under', line });

describe('bet rules', () => {
  it('multiplies the legs into the combined odds, rounded to 3 decimals', () => {
    expect(combinedOddsMilli([1950])).toBe(1950);
    expect(combinedOddsMilli([1950, 2100])).toBe(4095);
    expect(combinedOddsMilli([1333, 1333, 1333])).toBe(2369); // 2.368593…
    expect(combinedOddsMilli([1005, 1005])).toBe(1010); // 1.010025
  });

  it('pays floor(stake × Π outcome factors), exactly', () => {
    expect(betPayout(100, [{ oddsMilli: 1950, outcome: 'win' }])).toBe(195);
    expect(betPayout(100, [{ oddsMilli: 1950, outcome: 'half_win' }])).toBe(147); // (1 + 1.95) / 2 = 1.475
    expect(betPayout(100, [{ oddsMilli: 1950, outcome: 'half_loss' }])).toBe(50);
    expect(betPayout(100, [{ oddsMilli: 1950, outcome: 'loss' }])).toBe(0);
    expect(betPayout(100, [{ oddsMilli: 1950, outcome: 'push' }])).toBe(100);
    // a parlay: 2.0 won × void × half win at 1.9 (1.45) → 100 × 2 × 1.45 = 290
    expect(
      betPayout(100, [
        { oddsMilli: 2000, outcome: 'win' },
        { oddsMilli: 3000, outcome: 'void' },
        { oddsMilli: 1900, outcome: 'half_win' },
      ]),
    ).toBe(290);
    expect(potentialReturn(333, [1100, 1100])).toBe(402); // 333 × 1.21 = 402.93
  });

  it('agrees with outcomeFactor on random legs', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.array(fc.record({ oddsMilli: fc.integer({ min: 1010, max: 20_000 }), outcome: fc.constantFrom(...OUTCOMES) }), { minLength: 1, maxLength: 6 }),
        (stake, legs) => {
          const float = legs.reduce((product, leg) => product * outcomeFactor(leg.outcome, leg.oddsMilli / 1000), stake);
          expect(Math.abs(betPayout(stake, legs) - Math.floor(float))).toBeLessThanOrEqual(1);
          expect(betPayout(stake, legs)).toBeLessThanOrEqual(potentialReturn(stake, legs.map((leg) => leg.oddsMilli)));
        },
      ),
    );
  });

  it('names one outcome per bet', () => {
    expect(betOutcome(100, [{ oddsMilli: 2000, outcome: 'void' }])).toBe('void');
    expect(betOutcome(100, [{ oddsMilli: 2000, outcome: 'win' }, { oddsMilli: 2000, outcome: 'void' }])).toBe('win');
    expect(betOutcome(100, [{ oddsMilli: 2000, outcome: 'win' }, { oddsMilli: 2000, outcome: 'loss' }])).toBe('loss');
    expect(betOutcome(100, [{ oddsMilli: 2000, outcome: 'push' }, { oddsMilli: 2000, outcome: 'void' }])).toBe('push');
    expect(betOutcome(100, [{ oddsMilli: 2000, outcome: 'win' }, { oddsMilli: 2000, outcome: 'half_loss' }])).toBe('push'); // 2 × 0.5
    expect(betOutcome(100, [{ oddsMilli: 2000, outcome: 'half_win' }])).toBe('half_win');
    expect(betOutcome(100, [{ oddsMilli: 2000, outcome: 'half_loss' }])).toBe('half_loss');
  });

  it('keeps a total an abandoned match already decided, and nothing else', () => {
    expect(decidedOutcome('football', over(1.5), [2, 0])?.outcome).toBe('win');
    expect(decidedOutcome('football', under(1.5), [1, 1])?.outcome).toBe('loss');
    expect(decidedOutcome('football', over(2.5), [2, 0])).toBeNull();
    expect(decidedOutcome('football', under(2.5), [2, 0])).toBeNull();
    // over 2.25 with 2 goals is a half loss now, but a third goal would make it a win: not decided
    expect(decidedOutcome('football', over(2.25), [1, 1])).toBeNull();
    expect(decidedOutcome('football', over(1.75), [1, 1])).toBeNull(); // a half win now, a win with one more goal
    expect(decidedOutcome('football', over(1.75), [2, 1])?.outcome).toBe('win');
    expect(decidedOutcome('football', { market: '1x2', period: 'ft', pick: 'home', line: null }, [5, 0])).toBeNull();
    expect(decidedOutcome('football', { market: 'handicap', period: 'ft', pick: 'home', line: -0.5 }, [3, 0])).toBeNull();
    expect(decidedOutcome('football', { ...over(0.5), period: 'ht' }, [1, 0])).toBeNull();
    // corners only add up too: a corner total already passed is decided; most corners never is
    const corners = (pick: 'over' | 'under', line: number) => ({ market: 'corners_over_under' as const, period: 'ft' as const, pick, line });
    expect(decidedOutcome('football', corners('over', 8.5), [0, 0], [6, 3])?.outcome).toBe('win');
    expect(decidedOutcome('football', corners('under', 8.5), [0, 0], [6, 3])?.outcome).toBe('loss');
    expect(decidedOutcome('football', corners('over', 9.5), [0, 0], [6, 3])).toBeNull();
    expect(decidedOutcome('football', corners('over', 8.5), [0, 0], null)).toBeNull();
    expect(decidedOutcome('football', { market: 'corners_most', period: 'ft', pick: 'home', line: null }, [0, 0], [9, 0])).toBeNull();
    expect(decidedOutcome('basketball', over(180.5), [100, 90])?.outcome).toBe('win');
  });
});
