import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalPlanContent, planFingerprint } from '../../../core/forecast/fingerprint';
import { canonicalDifferences, readCanonical, verifyPlan } from '../../components/forecast/verify-fingerprint';
import { makePlan } from './test-support/fixtures';

const SALT = '5a'.repeat(32);
const CONTENT = {
  tipsterId: 42,
  matchId: 4242,
  sport: 'football' as const,
  market: 'handicap' as const,
  period: 'ft' as const,
  pick: 'home' as const,
  line: -0.75,
  odds: 1.925,
  description: 'Ev sahibi son 5 maçta 4 galibiyet aldı.',
  price: 80,
  publishedAt: '2025-11-22T10:15:00.000Z',
};
const CANONICAL = canonicalPlanContent(CONTENT);
/** The known vector: SHA-256 of salt, line break, canonical text, computed independently by node:crypto. */
const FINGERPRINT = createHash('sha256').update(`${SALT}\n${CANONICAL}`, 'utf8').digest('hex');

function settledPlan(overrides: Parameters<typeof makePlan>[0] = {}) {
  return makePlan({
    status: 'settled',
    outcome: 'half_win',
    fingerprint: FINGERPRINT,
    unlocked: true,
    can_unlock: false,
    content: { market: 'handicap', period: 'ft', pick: 'home', line: -0.75, odds: 1.925, description: CONTENT.description },
    proof: { salt: SALT, canonical: CANONICAL },
    ...overrides,
  });
}

describe('verifying a settled plan in the browser', () => {
  it('recomputes the known fingerprint with the shared Web Crypto code', async () => {
    expect(await planFingerprint(CANONICAL, SALT)).toBe(FINGERPRINT);
    expect(await verifyPlan(settledPlan())).toEqual({ status: 'verified', computed: FINGERPRINT });
  });

  it('accepts an upper-case fingerprint (hex is hex)', async () => {
    expect((await verifyPlan(settledPlan({ fingerprint: FINGERPRINT.toUpperCase() }))).status).toBe('verified');
  });

  it('warns when the published fingerprint does not match the revealed salt and text', async () => {
    const tampered = settledPlan({ proof: { salt: SALT, canonical: CANONICAL.replace('"pick":"home"', '"pick":"away"') } });
    const outcome = await verifyPlan(tampered);
    expect(outcome.status).toBe('mismatch');
    const otherSalt = await verifyPlan(settledPlan({ proof: { salt: 'b'.repeat(64), canonical: CANONICAL } }));
    expect(otherSalt.status).toBe('mismatch');
  });

  it('warns when the hash matches but the card shows other content than was fingerprinted', async () => {
    const shown = settledPlan({ content: { market: 'handicap', period: 'ft', pick: 'away', line: 0.75, odds: 1.925, description: CONTENT.description } });
    expect(await verifyPlan(shown)).toEqual({ status: 'contentMismatch', computed: FINGERPRINT, fields: ['pick', 'line'] });
  });

  it('has nothing to verify before settlement', async () => {
    expect(await verifyPlan(makePlan())).toEqual({ status: 'unavailable' });
  });

  it('reads the canonical text back, and refuses anything else', () => {
    expect(readCanonical(CANONICAL)).toMatchObject({ pick: 'home', line: -0.75, odds: 1.925, price: 80 });
    expect(readCanonical('tribun-plan-v0\n{}')).toBeNull();
    expect(readCanonical('tribun-plan-v1\nnot json')).toBeNull();
    expect(canonicalDifferences(settledPlan(), 'garbage')).toEqual(['canonical']);
  });

  it('does not compare a description staff hid (the card does not show it)', () => {
    const hidden = settledPlan({ hidden: true, content: { market: 'handicap', period: 'ft', pick: 'home', line: -0.75, odds: 1.925, description: '' } });
    expect(canonicalDifferences(hidden, CANONICAL)).toEqual([]);
  });
});
