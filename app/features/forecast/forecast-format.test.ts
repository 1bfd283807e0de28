import { describe, expect, it } from 'vitest';
import { MARKET_PICKS, MARKETS, PERIODS } from '../../../core/contracts/odds';
import {
  formatOdds,
  formatPercent,
  formatSelectionLine,
  marketKey,
  outcomeTone,
  pageCount,
  periodKey,
  pickKey,
  shortFingerprint,
} from '../../components/forecast/forecast-format';
import { toFraction } from '../../../core/odds/format';
import { getI18n } from '../../i18n/i18n';

describe('market, period and pick in words', () => {
  it('names every market, period and pick in all three languages', () => {
    for (const locale of ['tr', 'en', 'zh'] as const) {
      const t = getI18n(locale).getFixedT(locale, 'forecast');
      for (const market of MARKETS) {
        expect(t(marketKey(market))).not.toBe(marketKey(market));
        for (const pick of MARKET_PICKS[market]) {
          const text = t(pickKey(market, pick), { team: 'Galatasaray', line: '2.5' });
          expect(text).not.toContain('pick.');
          expect(text).not.toMatch(/\{\{/);
        }
      }
      for (const period of PERIODS) expect(t(periodKey(period))).not.toBe(periodKey(period));
    }
    const en = getI18n('en').getFixedT('en', 'forecast');
    expect(en(marketKey('1x2'))).toBe('1X2 (home / draw / away)');
    expect(en(marketKey('over_under'))).toBe('Over/under');
    expect(en(periodKey('ht'))).toBe('Half time');
    expect(en(pickKey('handicap', 'home'), { team: 'Galatasaray', line: formatSelectionLine('handicap', -0.75, 'en') })).toBe('Galatasaray −0.75');
    expect(en(pickKey('over_under', 'under'), { line: formatSelectionLine('over_under', 2.5, 'en') })).toBe('Under 2.5');
    const tr = getI18n('tr').getFixedT('tr', 'forecast');
    expect(tr(pickKey('1x2', 'away'), { team: 'Fenerbahçe', line: '' })).toBe('Fenerbahçe kazanır');
  });

  it('names the corner markets and their picks: totals with their line, most corners by team or level', () => {
    const words = (locale: 'tr' | 'en' | 'zh') => {
      const t = getI18n(locale).getFixedT(locale, 'forecast');
      return [
        t(marketKey('corners_over_under')),
        t(pickKey('corners_over_under', 'over'), { line: formatSelectionLine('corners_over_under', 9.5, locale) }),
        t(pickKey('corners_over_under', 'under'), { line: formatSelectionLine('corners_over_under', 10, locale) }),
        t(marketKey('corners_most')),
        t(pickKey('corners_most', 'home'), { team: 'Galatasaray', line: formatSelectionLine('corners_most', null, locale) }),
        t(pickKey('corners_most', 'draw'), { team: '', line: '' }),
        t(pickKey('corners_most', 'away'), { team: 'Fenerbahçe', line: '' }),
      ];
    };
    expect(words('en')).toEqual([
      'Corners over/under',
      'Over 9.5 corners',
      'Under 10 corners',
      'Most corners',
      'Galatasaray takes more corners',
      'Level on corners',
      'Fenerbahçe takes more corners',
    ]);
    expect(words('tr')).toEqual([
      'Korner Alt/Üst',
      '9,5 korner üst',
      '10 korner alt',
      'En çok korner',
      'Galatasaray daha çok korner kullanır',
      'Kornerler eşit',
      'Fenerbahçe daha çok korner kullanır',
    ]);
    expect(words('zh')).toEqual(['角球大小', '角球大于 9.5', '角球小于 10', '角球数较多', 'Galatasaray 角球更多', '角球数相同', 'Fenerbahçe 角球更多']);
  });

  it('writes handicap lines with their sign, totals plainly and 1x2 without a line', () => {
    expect(formatSelectionLine('handicap', -0.75, 'en')).toBe('−0.75');
    expect(formatSelectionLine('handicap', 1.5, 'en')).toBe('+1.5');
    expect(formatSelectionLine('handicap', 0, 'en')).toBe('0');
    expect(formatSelectionLine('over_under', 2.25, 'en')).toBe('2.25');
    expect(formatSelectionLine('1x2', null, 'en')).toBe('');
    // Corners over/under is a total, never signed; most corners has no line.
    expect(formatSelectionLine('corners_over_under', 9.5, 'en')).toBe('9.5');
    expect(formatSelectionLine('corners_over_under', 10, 'en')).toBe('10');
    expect(formatSelectionLine('corners_most', null, 'en')).toBe('');
    // Turkish writes every line with a decimal comma, like its odds (decision 125).
    expect(formatSelectionLine('handicap', -0.75, 'tr')).toBe('−0,75');
    expect(formatSelectionLine('over_under', 2.5, 'tr')).toBe('2,5');
    expect(formatSelectionLine('over_under', 2.5, 'zh')).toBe('2.5');
  });
});

describe('odds formats', () => {
  it('shows decimal odds by default style with two decimals in the reader’s locale', () => {
    expect(formatOdds(1.925, 'decimal', 'en')).toBe('1.93');
    expect(formatOdds(2, 'decimal', 'en')).toBe('2.00');
    expect(formatOdds(1.925, 'decimal', 'tr')).toBe('1,93');
  });

  it('shows Hong Kong odds as decimal minus one', () => {
    expect(formatOdds(1.925, 'hongkong', 'en')).toBe('0.93');
    expect(formatOdds(3.4, 'hongkong', 'en')).toBe('2.40');
  });

  it('shows fractional odds as the nearest readable fraction of the profit', () => {
    expect(formatOdds(2, 'fractional', 'en')).toBe('1/1');
    expect(formatOdds(2.5, 'fractional', 'en')).toBe('3/2');
    expect(formatOdds(1.925, 'fractional', 'en')).toBe('37/40');
    expect(formatOdds(1.833, 'fractional', 'en')).toBe('5/6');
    expect(formatOdds(11, 'fractional', 'en')).toBe('10/1');
  });

  it('never uses a denominator beyond the bound and stays close to the value', () => {
    for (let milli = 1010; milli <= 20_000; milli += 37) {
      const x = milli / 1000 - 1;
      const [p, q] = toFraction(x, 100);
      expect(q).toBeGreaterThanOrEqual(1);
      expect(q).toBeLessThanOrEqual(100);
      expect(Math.abs(p / q - x)).toBeLessThan(0.01);
    }
  });
});

describe('small helpers', () => {
  it('shortens a fingerprint to its first and last eight hex digits', () => {
    const fingerprint = 'ab'.repeat(32);
    expect(shortFingerprint(fingerprint)).toBe('abababab…abababab');
    expect(shortFingerprint('abc')).toBe('abc');
  });

  it('colours outcomes: wins good, losses bad, push and void neutral, open plans open', () => {
    expect(outcomeTone('win', 'settled')).toBe('good');
    expect(outcomeTone('half_win', 'settled')).toBe('good');
    expect(outcomeTone('half_loss', 'settled')).toBe('bad');
    expect(outcomeTone('push', 'settled')).toBe('neutral');
    expect(outcomeTone('void', 'void')).toBe('neutral');
    expect(outcomeTone(null, 'open')).toBe('open');
  });

  it('counts pages and formats percentages', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(21, 10)).toBe(3);
    expect(formatPercent(0.6125, 'en')).toBe('61.3%');
    expect(formatPercent(0.5, 'tr')).toBe('%50');
  });
});
