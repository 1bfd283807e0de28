import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalPlanContent,
  fingerprintInput,
  newSalt,
  planFingerprint,
  sha256Hex,
  type PlanFingerprintContent,
} from './fingerprint';

const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const CONTENT: PlanFingerprintContent = {
  tipsterId: 42,
  matchId: 4_242,
  sport: 'football',
  market: 'handicap',
  period: 'ft',
  pick: 'home',
  line: -0.75,
  odds: 1.925,
  description: 'Ev sahibi son 5 maçta 4 galibiyet aldı. 主队状态很好 ⚽',
  price: 80,
  publishedAt: '2025-03-14T18:30:00.000Z',
};
const SALT = 'a'.repeat(64);

describe('canonical plan content', () => {
  it('is the version tag and one line of JSON with alphabetical keys and no whitespace', () => {
    expect(canonicalPlanContent(CONTENT)).toBe(
      'tribun-plan-v1\n' +
        '{"description":"Ev sahibi son 5 maçta 4 galibiyet aldı. 主队状态很好 ⚽","line":-0.75,"market":"handicap",' +
        '"matchId":4242,"odds":1.925,"period":"ft","pick":"home","price":80,' +
        '"publishedAt":"2025-03-14T18:30:00.000Z","sport":"football","tipsterId":42}',
    );
  });

  it('writes a 1x2 plan with a null line and a free price of 0', () => {
    const text = canonicalPlanContent({ ...CONTENT, market: '1x2', pick: 'draw', line: null, price: 0, odds: 3.4 });
    expect(text).toContain('"line":null');
    expect(text).toContain('"odds":3.4,');
    expect(text).toContain('"price":0,');
  });

  it('does not depend on the key order of the object it is given', () => {
    const reversed = Object.fromEntries(Object.entries(CONTENT).reverse()) as unknown as PlanFingerprintContent;
    expect(Object.keys(reversed)[0]).toBe('publishedAt');
    expect(canonicalPlanContent(reversed)).toBe(canonicalPlanContent(CONTENT));
  });

  it('ignores fields beyond the fingerprinted content (a whole database row may be passed)', () => {
    const row = { ...CONTENT, status: 'open', sellCount: 12 };
    expect(canonicalPlanContent(row)).toBe(canonicalPlanContent(CONTENT));
  });

  it('NFC-normalises text: a decomposed accent is the same content as the composed one', () => {
    const composed = canonicalPlanContent({ ...CONTENT, description: 'Beşiktaş kazanır, café' });
    const decomposed = canonicalPlanContent({ ...CONTENT, description: 'Bes\u0327iktas\u0327 kazanır, cafe\u0301' });
    expect(decomposed).toBe(composed);
    expect(composed).toContain('Beşiktaş kazanır, café');
  });

  it('escapes quotes, backslashes and line breaks so the JSON stays one line', () => {
    const text = canonicalPlanContent({ ...CONTENT, description: 'say "1"\\\r\nthen\ttab' });
    expect(text.split('\n')).toHaveLength(2);
    expect(text).toContain('"description":"say \\"1\\"\\\\\\r\\nthen\\ttab"');
  });

  it('writes numbers in their shortest exact form', () => {
    const text = canonicalPlanContent({ ...CONTENT, odds: 2, line: 2.25 });
    expect(text).toContain('"odds":2,');
    expect(text).toContain('"line":2.25,');
  });

  it.each([
    ['odds with a 4th decimal', { odds: 1.9251 }],
    ['odds produced by float arithmetic', { odds: 1.1 * 3 }],
    ['a line that is not a quarter', { line: 0.3 }],
    ['a non-finite odds', { odds: Number.NaN }],
    ['a fractional price', { price: 80.5 }],
    ['a fractional tipster id', { tipsterId: 1.5 }],
  ])('refuses %s: it could not be stored as fingerprinted', (_label, change) => {
    expect(() => canonicalPlanContent({ ...CONTENT, ...change })).toThrow(RangeError);
  });
});

describe('fingerprint input and hash', () => {
  it('joins the salt and the canonical text with one line break, salt first', () => {
    expect(fingerprintInput('tribun-plan-v1\n{}', 'beef')).toBe('beef\ntribun-plan-v1\n{}');
  });

  it('refuses an empty salt or one holding a line break (the join would be ambiguous)', () => {
    expect(() => fingerprintInput('x', '')).toThrow(RangeError);
    expect(() => fingerprintInput('x', 'ab\ncd')).toThrow(RangeError);
  });

  it('hashes the published SHA-256 test vectors', async () => {
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('hashes UTF-8 bytes exactly as node:crypto does, for Turkish, Chinese and emoji text', async () => {
    for (const text of ['İstanbul ığüşöç', '主队让球 ⚽🏀', '👨‍👩‍👧 family', canonicalPlanContent(CONTENT)]) {
      expect(await sha256Hex(text)).toBe(nodeSha256(text));
    }
  });

  it('is the hash of salt, line break, canonical text', async () => {
    const canonical = canonicalPlanContent(CONTENT);
    const fingerprint = await planFingerprint(canonical, SALT);
    expect(fingerprint).toBe(nodeSha256(`${SALT}\n${canonical}`));
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives a different fingerprint for a different salt (the pick cannot be guessed by hashing candidates)', async () => {
    const canonical = canonicalPlanContent(CONTENT);
    expect(await planFingerprint(canonical, 'b'.repeat(64))).not.toBe(await planFingerprint(canonical, SALT));
  });

  const changes: [keyof PlanFingerprintContent, Partial<PlanFingerprintContent>][] = [
    ['tipsterId', { tipsterId: 43 }],
    ['matchId', { matchId: 4_243 }],
    ['sport', { sport: 'basketball' }],
    ['market', { market: 'over_under' }],
    ['period', { period: 'ht' }],
    ['pick', { pick: 'away' }],
    ['line', { line: -0.5 }],
    ['line', { line: null }],
    ['odds', { odds: 1.926 }],
    ['description', { description: `${CONTENT.description}.` }],
    ['price', { price: 81 }],
    ['publishedAt', { publishedAt: '2025-03-14T18:30:00.001Z' }],
  ];
  it.each(changes)('changes when %s changes', async (_field, change) => {
    const before = await planFingerprint(canonicalPlanContent(CONTENT), SALT);
    const after = await planFingerprint(canonicalPlanContent({ ...CONTENT, ...change }), SALT);
    expect(after).not.toBe(before);
  });

  it('changes exactly when one field of generated content changes (property)', async () => {
    const content = fc.record({
      tipsterId: fc.integer({ min: 1, max: 2_147_483_647 }),
      matchId: fc.integer({ min: 1, max: 2_147_483_647 }),
      sport: fc.constantFrom('football' as const, 'basketball' as const),
      market: fc.constantFrom('1x2' as const, 'handicap' as const, 'over_under' as const),
      period: fc.constantFrom('ft' as const, 'ht' as const),
      pick: fc.constantFrom('home' as const, 'draw' as const, 'away' as const, 'over' as const, 'under' as const),
      line: fc.option(fc.integer({ min: -1600, max: 1600 }).map((quarters) => quarters / 4)),
      odds: fc.integer({ min: 1010, max: 50_000 }).map((thousandths) => thousandths / 1000),
      description: fc.string({ unit: 'grapheme', maxLength: 60 }),
      price: fc.integer({ min: 0, max: 200 }),
      publishedAt: fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
    });
    const keys = Object.keys(CONTENT) as Exclude<keyof PlanFingerprintContent, 'planId'>[];
    await fc.assert(
      fc.asyncProperty(content, content, fc.constantFrom(...keys), async (original, other, key) => {
        const changed = { ...original, [key]: other[key] };
        const x = original[key];
        const y = other[key];
        const isSame = typeof x === 'string' && typeof y === 'string' ? x.normalize('NFC') === y.normalize('NFC') : x === y;
        const before = await planFingerprint(canonicalPlanContent(original), SALT);
        const after = await planFingerprint(canonicalPlanContent(changed), SALT);
        expect(after === before).toBe(isSame);
      }),
      { numRuns: 200, seed: 20_250_314 },
    );
  });
});

describe('salt', () => {
  it('is 32 random bytes as 64 lower-case hex characters, fresh every time', () => {
    const salts = new Set(Array.from({ length: 50 }, () => newSalt()));
    expect(salts.size).toBe(50);
    for (const salt of salts) expect(salt).toMatch(/^[0-9a-f]{64}$/);
  });
});
