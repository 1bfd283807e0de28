import { describe, expect, it } from 'vitest';
import { detailAllowed, detailExpiresAt } from './match-centre';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('the three-month detail limit (sections 5 and 9)', () => {
  it('allows a match until the same moment three calendar months later, and not from then on', () => {
    const kickOff = at('2026-08-23T19:00:00Z');
    expect(detailExpiresAt(kickOff)).toBe(at('2026-11-23T19:00:00Z'));
    expect(detailAllowed(kickOff, at('2026-11-23T18:59:59Z'))).toBe(true);
    expect(detailAllowed(kickOff, at('2026-11-23T19:00:00Z'))).toBe(false);
  });

  it('ends on the last day of a shorter month', () => {
    expect(detailExpiresAt(at('2026-11-30T20:45:00Z'))).toBe(at('2027-02-28T20:45:00Z'));
    expect(detailExpiresAt(at('2027-11-30T20:45:00Z'))).toBe(at('2028-02-29T20:45:00Z'));
  });

  it('crosses the year', () => {
    expect(detailExpiresAt(at('2026-10-31T12:00:00Z'))).toBe(at('2027-01-31T12:00:00Z'));
  });

  it('allows matches not played yet', () => {
    expect(detailAllowed(at('2026-12-01T12:00:00Z'), at('2026-11-23T12:00:00Z'))).toBe(true);
  });
});
