import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../core/locale';
import { en } from '../../../core/messages/en';
import { planReceiptKey, planReceiptText } from './plan-receipt';

const GRADE_KEYS = Object.keys(en).filter((key) => key.startsWith('odds.receipt.'));

describe("a plan's receipt, read by a fan who did not pick", () => {
  it("reads the grader's receipts in the plan's voice: no 'your pick', 'your side', 'tahmininiz', 'tarafınız'", () => {
    expect(GRADE_KEYS.length).toBeGreaterThan(15);
    for (const locale of ['tr', 'en', 'zh'] as const satisfies readonly Locale[]) {
      for (const key of GRADE_KEYS) {
        const text = planReceiptText(locale, { key, params: { score: '0–1', line: '−0.5', margin: '−1', total: 1, corners: '4–6', wonLine: '−0.5', pushedLine: '0', lostLine: '−1' } });
        expect(text, `${locale} ${key}`).not.toMatch(/\byour\b|tahmininiz|tarafınız/i);
        expect(text, `${locale} ${key}`).not.toContain('{{');
      }
    }
  });

  it('says the plan did not win / Plan tutmadı / 方案未中 where a bet would say "loss"', () => {
    const loss = { key: 'odds.receipt.1x2.loss', params: { score: '0–1' } };
    expect(planReceiptText('en', loss)).toBe("Score 0–1: the plan's pick did not come in → the plan did not win");
    expect(planReceiptText('tr', loss)).toBe('Skor 0–1: planın seçimi tutmadı → plan tutmadı');
    expect(planReceiptText('zh', loss)).toBe('比分 0–1：方案所选未中 → 方案未中');
    expect(planReceiptText('tr', { key: 'odds.receipt.1x2.win', params: { score: '2–0' } })).toContain('plan tuttu');
  });

  it("keeps the grader's own words where they do not address the reader, and an unknown key as stored", () => {
    expect(planReceiptKey('odds.receipt.overUnder.win')).toBe('odds.receipt.overUnder.win');
    expect(planReceiptKey('forecast.receipt.void.noRegularTime')).toBe('forecast.receipt.void.noRegularTime');
    expect(planReceiptText('en', { key: 'not.a.key', params: {} })).toBe('not.a.key');
  });
});
