import { describe, expect, it } from 'vitest';
import { createRandom, deriveSeed } from './random';

function draw(seed: number, count: number): number[] {
  const random = createRandom(seed);
  return Array.from({ length: count }, () => random.next());
}

describe('seeded random numbers', () => {
  it('repeats the same sequence for the same seed and differs for another', () => {
    expect(draw(7, 50)).toEqual(draw(7, 50));
    expect(draw(7, 50)).not.toEqual(draw(8, 50));
  });

  it('derives distinct, stable seeds from their parts', () => {
    expect(deriveSeed(1, 'match', 42)).toBe(deriveSeed(1, 'match', 42));
    const seeds = new Set(Array.from({ length: 1000 }, (_, index) => deriveSeed(1, 'match', index)));
    expect(seeds.size).toBe(1000);
    expect(deriveSeed(1, 'match', 42)).not.toBe(deriveSeed(2, 'match', 42));
    expect(deriveSeed('1', 2)).not.toBe(deriveSeed(1, '2'));
  });

  it('keeps int() within its bounds and reaches both ends', () => {
    const random = createRandom(3);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const value = random.int(-2, 3);
      expect(value).toBeGreaterThanOrEqual(-2);
      expect(value).toBeLessThanOrEqual(3);
      seen.add(value);
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([-2, -1, 0, 1, 2, 3]);
  });

  it('draws Poisson counts with the requested mean', () => {
    const random = createRandom(11);
    for (const mean of [0.3, 1.5, 12, 80]) {
      let sum = 0;
      for (let i = 0; i < 20_000; i++) sum += random.poisson(mean);
      expect(sum / 20_000).toBeGreaterThan(mean * 0.95);
      expect(sum / 20_000).toBeLessThan(mean * 1.05);
    }
    expect(random.poisson(0)).toBe(0);
  });

  it('shuffles into a permutation without touching the input', () => {
    const input = Array.from({ length: 30 }, (_, index) => index);
    const shuffled = createRandom(5).shuffle(input);
    expect(input).toEqual(Array.from({ length: 30 }, (_, index) => index));
    expect(shuffled).not.toEqual(input);
    expect([...shuffled].sort((a, b) => a - b)).toEqual(input);
  });
});
