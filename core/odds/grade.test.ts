import { describe, expect, it } from 'vitest';
import type { Outcome, Selection } from '../contracts/odds';
import { formatMessage, isMessageKey } from '../messages/messages';
import { basketballHalfTime, gradeSelection, isValidLine, outcomeFactor, voidReceipt, type MatchResult } from './grade';

const result = (home: number, away: number, ht: [number, number] | null = null): MatchResult => ({
  home,
  away,
  htHome: ht?.[0] ?? null,
  htAway: ht?.[1] ?? null,
});
const handicap = (pick: 'home' | 'away', line: number, period: 'ft' | 'ht' = 'ft'): Selection => ({ market: 'handicap', period, pick, line });
const total = (pick: 'over' | 'under', line: number, period: 'ft' | 'ht' = 'ft'): Selection => ({ market: 'over_under', period, pick, line });
const oneXTwo = (pick: 'home' | 'draw' | 'away', period: 'ft' | 'ht' = 'ft'): Selection => ({ market: '1x2', period, pick, line: null });

function outcomeOf(selection: Selection, on: MatchResult, sport: 'football' | 'basketball' = 'football'): Outcome {
  return gradeSelection(sport, selection, on).outcome;
}

function receiptText(selection: Selection, on: MatchResult, locale: 'en' | 'tr' | 'zh' = 'en', sport: 'football' | 'basketball' = 'football'): string {
  const { receipt } = gradeSelection(sport, selection, on);
  if (!isMessageKey(receipt.key)) throw new Error(`${receipt.key} is not a message`);
  return formatMessage(locale, receipt.key, receipt.params);
}

describe('1x2', () => {
  it('wins on the right result and loses on the others', () => {
    expect(outcomeOf(oneXTwo('home'), result(2, 1))).toBe('win');
    expect(outcomeOf(oneXTwo('draw'), result(2, 1))).toBe('loss');
    expect(outcomeOf(oneXTwo('away'), result(2, 1))).toBe('loss');
    expect(outcomeOf(oneXTwo('draw'), result(1, 1))).toBe('win');
    expect(outcomeOf(oneXTwo('away'), result(0, 3))).toBe('win');
  });

  it('grades half-time picks on the half-time score', () => {
    expect(outcomeOf(oneXTwo('draw', 'ht'), result(3, 1, [1, 1]))).toBe('win');
    expect(outcomeOf(oneXTwo('home', 'ht'), result(3, 1, [1, 1]))).toBe('loss');
    expect(receiptText(oneXTwo('draw', 'ht'), result(3, 1, [1, 1]))).toBe('Score 1–1: your pick came in → win');
  });
});

describe('Asian handicap, the quarter lines', () => {
  it('−0.25 and a draw: half lost', () => {
    expect(outcomeOf(handicap('home', -0.25), result(1, 1))).toBe('half_loss');
    expect(receiptText(handicap('home', -0.25), result(1, 1))).toBe(
      'Handicap −0.25, score 1–1, your side 0: half the stake returned on 0, half lost on −0.5 → half loss',
    );
  });

  it('writes the receipt’s lines with the reader’s decimal sign: a comma in Turkish, a point in English and Chinese', () => {
    expect(receiptText(handicap('home', -0.25), result(1, 1), 'tr')).toBe(
      'Handikap −0,25, skor 1–1, tarafınız 0: puanın yarısı 0 çizgisinde iade edildi, yarısı −0,5 çizgisinde kaybetti → yarım kaybetti',
    );
    expect(receiptText(total('over', 2.25), result(1, 1), 'tr')).toContain('Çizgi 2,25, toplam 2 (1–1)');
    expect(receiptText(total('over', 2.25), result(1, 1), 'zh')).toContain('盘口 2.25');
    // What is stored keeps the point; only the text shown is written the reader's way.
    expect(gradeSelection('football', handicap('home', -0.25), result(1, 1)).receipt.params).toMatchObject({ line: '\u22120.25', pushedLine: '0', lostLine: '\u22120.5' });
  });

  it('+0.25 and a draw: half won', () => {
    expect(outcomeOf(handicap('away', 0.25), result(0, 0))).toBe('half_win');
    expect(receiptText(handicap('away', 0.25), result(0, 0))).toBe(
      'Handicap +0.25, score 0–0, your side 0: half the stake won on +0.5, half returned on 0 → half win',
    );
  });

  it('−0.75 winning by one: half won', () => {
    expect(outcomeOf(handicap('home', -0.75), result(2, 1))).toBe('half_win');
    expect(receiptText(handicap('home', -0.75), result(2, 1))).toBe(
      'Handicap −0.75, score 2–1, your side +1: half the stake won on −0.5, half returned on −1 → half win',
    );
    expect(outcomeOf(handicap('away', -0.75), result(0, 1))).toBe('half_win');
  });

  it('+0.75 losing by one: half lost', () => {
    expect(outcomeOf(handicap('away', 0.75), result(2, 1))).toBe('half_loss');
    expect(receiptText(handicap('away', 0.75), result(2, 1))).toBe(
      'Handicap +0.75, score 2–1, your side −1: half the stake returned on +1, half lost on +0.5 → half loss',
    );
  });

  it('wins or loses the whole stake when both halves agree', () => {
    expect(outcomeOf(handicap('home', -0.75), result(3, 1))).toBe('win');
    expect(outcomeOf(handicap('home', -0.75), result(1, 1))).toBe('loss');
    expect(outcomeOf(handicap('home', -1.25), result(3, 1))).toBe('win');
    expect(outcomeOf(handicap('home', -1.25), result(2, 1))).toBe('half_loss');
    expect(outcomeOf(handicap('home', -1.25), result(1, 1))).toBe('loss');
    expect(outcomeOf(handicap('away', 1.25), result(1, 1))).toBe('win');
    expect(outcomeOf(handicap('away', 1.25), result(2, 1))).toBe('half_win');
    expect(outcomeOf(handicap('home', -1.75), result(3, 1))).toBe('half_win');
    expect(outcomeOf(handicap('away', 1.75), result(3, 1))).toBe('half_loss');
    expect(outcomeOf(handicap('home', 0.25), result(0, 1))).toBe('loss');
    expect(outcomeOf(handicap('away', -0.25), result(0, 0))).toBe('half_loss');
  });
});

describe('Asian handicap, whole and half lines', () => {
  it('pushes when the handicap levels the score', () => {
    expect(outcomeOf(handicap('home', -1), result(2, 1))).toBe('push');
    expect(outcomeOf(handicap('away', 1), result(2, 1))).toBe('push');
    expect(outcomeOf(handicap('home', 0), result(1, 1))).toBe('push');
    expect(receiptText(handicap('home', -1), result(2, 1))).toBe(
      'Handicap −1, score 2–1, your side +1: level after the handicap, points returned → push',
    );
  });

  it('wins and loses whole on half lines', () => {
    expect(outcomeOf(handicap('home', -0.5), result(1, 0))).toBe('win');
    expect(outcomeOf(handicap('home', -0.5), result(0, 0))).toBe('loss');
    expect(outcomeOf(handicap('away', 1.5), result(2, 1))).toBe('win');
    expect(outcomeOf(handicap('away', 1.5), result(3, 1))).toBe('loss');
    expect(outcomeOf(handicap('home', -1), result(3, 1))).toBe('win');
    expect(receiptText(handicap('away', 1.5), result(3, 1))).toBe('Handicap +1.5, score 3–1, your side −2: behind after the handicap → loss');
  });

  it('grades half-time handicaps on the half-time score', () => {
    expect(outcomeOf(handicap('home', -0.75, 'ht'), result(1, 1, [1, 0]))).toBe('half_win');
    expect(outcomeOf(handicap('home', -0.75, 'ht'), result(4, 0, [0, 0]))).toBe('loss');
  });
});

describe('over/under', () => {
  it('over 2.25 with two goals: half lost', () => {
    expect(outcomeOf(total('over', 2.25), result(1, 1))).toBe('half_loss');
    expect(receiptText(total('over', 2.25), result(1, 1))).toBe(
      'Line 2.25, 2 in total (1–1): half the stake returned on 2, half lost on 2.5 → half loss',
    );
  });

  it('under 2.75 with three goals: half lost', () => {
    expect(outcomeOf(total('under', 2.75), result(2, 1))).toBe('half_loss');
    expect(receiptText(total('under', 2.75), result(2, 1))).toBe(
      'Line 2.75, 3 in total (2–1): half the stake returned on 3, half lost on 2.5 → half loss',
    );
  });

  it('the other quarter-line cases', () => {
    expect(outcomeOf(total('under', 2.25), result(1, 1))).toBe('half_win');
    expect(outcomeOf(total('over', 2.75), result(2, 1))).toBe('half_win');
    expect(outcomeOf(total('over', 2.75), result(2, 2))).toBe('win');
    expect(outcomeOf(total('under', 2.75), result(1, 1))).toBe('win');
    expect(outcomeOf(total('over', 2.25), result(1, 0))).toBe('loss');
  });

  it('pushes exactly on a whole line, wins and loses on half lines', () => {
    expect(outcomeOf(total('over', 3), result(2, 1))).toBe('push');
    expect(outcomeOf(total('under', 3), result(2, 1))).toBe('push');
    expect(receiptText(total('over', 3), result(2, 1))).toBe('Line 3, 3 in total (2–1): exactly on the line, points returned → push');
    expect(outcomeOf(total('over', 2.5), result(2, 1))).toBe('win');
    expect(outcomeOf(total('under', 2.5), result(2, 1))).toBe('loss');
    expect(receiptText(total('over', 2.5), result(2, 1))).toBe('Line 2.5, 3 in total (2–1) → win');
  });

  it('grades half-time totals on the half-time score', () => {
    expect(outcomeOf(total('over', 0.75, 'ht'), result(3, 0, [1, 0]))).toBe('half_win');
    expect(outcomeOf(total('under', 1, 'ht'), result(3, 0, [1, 0]))).toBe('push');
    expect(outcomeOf(total('over', 1.5, 'ht'), result(3, 0, [1, 0]))).toBe('loss');
  });
});

describe('basketball', () => {
  it('grades spreads, totals and the winner on the score with overtime', () => {
    const game = result(112, 105, [50, 58]);
    expect(outcomeOf(handicap('home', -6.5), game, 'basketball')).toBe('win');
    expect(outcomeOf(handicap('home', -7.5), game, 'basketball')).toBe('loss');
    expect(outcomeOf(handicap('away', 7), game, 'basketball')).toBe('push');
    expect(outcomeOf(total('over', 216.5), game, 'basketball')).toBe('win');
    expect(outcomeOf(total('under', 217), game, 'basketball')).toBe('push');
    expect(outcomeOf(oneXTwo('home'), game, 'basketball')).toBe('win');
    expect(receiptText(handicap('home', -6.5), game, 'en', 'basketball')).toBe(
      'Handicap −6.5, score 112–105, your side +7: ahead after the handicap → win',
    );
  });

  it('grades half-time markets on the first two periods', () => {
    const periods: [number, number][] = [
      [25, 30],
      [25, 28],
      [30, 20],
      [32, 27],
    ];
    const ht = basketballHalfTime(periods);
    expect(ht).toEqual([50, 58]);
    const game = result(112, 105, ht);
    expect(outcomeOf(oneXTwo('away', 'ht'), game, 'basketball')).toBe('win');
    expect(outcomeOf(handicap('home', 8, 'ht'), game, 'basketball')).toBe('push');
    expect(outcomeOf(total('under', 108.5, 'ht'), game, 'basketball')).toBe('win');
  });

  it('has no half-time score before the second period', () => {
    expect(basketballHalfTime([])).toBeNull();
    expect(basketballHalfTime([[20, 18]])).toBeNull();
  });
});

describe('void', () => {
  it('voids half-time markets without a half-time score, with a receipt saying so', () => {
    const graded = gradeSelection('football', total('over', 1.5, 'ht'), result(2, 1));
    expect(graded).toEqual({ outcome: 'void', receipt: { key: 'odds.receipt.void.noHalfTime', params: { reason: 'no_half_time' } } });
    expect(receiptText(handicap('home', -0.5, 'ht'), result(2, 1), 'tr')).toBe('İlk yarı skoru kaydedilmedi: puan iade edildi → geçersiz');
    // full-time markets do not need it
    expect(outcomeOf(total('over', 1.5), result(2, 1))).toBe('win');
  });

  it('has a receipt for matches that were not played, in every language', () => {
    for (const reason of ['postponed', 'cancelled', 'abandoned'] as const) {
      const receipt = voidReceipt(reason);
      expect(receipt.params).toEqual({ reason });
      expect(isMessageKey(receipt.key)).toBe(true);
    }
    const postponed = voidReceipt('postponed');
    if (!isMessageKey(postponed.key)) throw new Error('not a message');
    expect(formatMessage('en', postponed.key, postponed.params)).toBe('The match was postponed: points returned → void');
    expect(formatMessage('zh', postponed.key, postponed.params)).toBe('比赛延期：退还积分 → 无效');
  });
});

describe('receipts', () => {
  it('are message keys with every placeholder filled, in every language', () => {
    const cases: [Selection, MatchResult][] = [
      [oneXTwo('home'), result(1, 0)],
      [oneXTwo('away'), result(1, 0)],
      [handicap('home', -0.75), result(2, 1)],
      [handicap('home', -0.75), result(3, 1)],
      [handicap('home', -1), result(2, 1)],
      [handicap('away', 0.75), result(2, 1)],
      [handicap('away', 0.75), result(3, 1)],
      [total('over', 2.75), result(2, 1)],
      [total('over', 2.75), result(2, 2)],
      [total('over', 3), result(2, 1)],
      [total('under', 2.75), result(2, 1)],
      [total('under', 2.75), result(2, 2)],
    ];
    const keys = new Set<string>();
    for (const [selection, on] of cases) {
      keys.add(gradeSelection('football', selection, on).receipt.key);
      for (const locale of ['en', 'tr', 'zh'] as const) expect(receiptText(selection, on, locale)).not.toMatch(/\{\{/);
    }
    expect(keys.size).toBe(cases.length);
  });
});

describe('outcomeFactor', () => {
  it('pays what a stake of one returns', () => {
    expect(outcomeFactor('win', 1.9)).toBe(1.9);
    expect(outcomeFactor('half_win', 1.9)).toBeCloseTo(1.45, 12);
    expect(outcomeFactor('push', 1.9)).toBe(1);
    expect(outcomeFactor('void', 1.9)).toBe(1);
    expect(outcomeFactor('half_loss', 1.9)).toBe(0.5);
    expect(outcomeFactor('loss', 1.9)).toBe(0);
  });
});

describe('isValidLine', () => {
  it('accepts 1x2 without a line, with a draw except in basketball full time', () => {
    expect(isValidLine('football', oneXTwo('draw'))).toBe(true);
    expect(isValidLine('basketball', oneXTwo('draw'))).toBe(false);
    expect(isValidLine('basketball', oneXTwo('draw', 'ht'))).toBe(true);
    expect(isValidLine('basketball', oneXTwo('home'))).toBe(true);
    expect(isValidLine('football', { market: '1x2', period: 'ft', pick: 'home', line: 0.5 })).toBe(false);
  });

  it('refuses picks of another market', () => {
    expect(isValidLine('football', { market: '1x2', period: 'ft', pick: 'over', line: null })).toBe(false);
    expect(isValidLine('football', { market: 'handicap', period: 'ft', pick: 'draw', line: 0 })).toBe(false);
    expect(isValidLine('football', { market: 'over_under', period: 'ft', pick: 'home', line: 2.5 })).toBe(false);
  });

  it('takes quarter lines in football and half points in basketball, within sane limits', () => {
    expect(isValidLine('football', handicap('home', -0.75))).toBe(true);
    expect(isValidLine('football', handicap('away', 0))).toBe(true);
    expect(isValidLine('football', handicap('home', -0.3))).toBe(false);
    expect(isValidLine('football', handicap('home', -12))).toBe(false);
    expect(isValidLine('football', { market: 'handicap', period: 'ft', pick: 'home', line: null })).toBe(false);
    expect(isValidLine('football', total('over', 2.25))).toBe(true);
    expect(isValidLine('football', total('over', 0))).toBe(false);
    expect(isValidLine('football', total('under', -1.5))).toBe(false);
    expect(isValidLine('football', total('under', 25.5))).toBe(false);
    expect(isValidLine('basketball', handicap('home', -6.5))).toBe(true);
    expect(isValidLine('basketball', handicap('home', -6))).toBe(true);
    expect(isValidLine('basketball', handicap('home', -6.25))).toBe(false);
    expect(isValidLine('basketball', total('over', 221.5))).toBe(true);
    expect(isValidLine('basketball', total('over', 221.75))).toBe(false);
    expect(isValidLine('basketball', total('over', Number.NaN))).toBe(false);
  });
});

