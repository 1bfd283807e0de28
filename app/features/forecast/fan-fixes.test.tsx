import { describe, expect, it } from 'vitest';
import type { SuccessRateData } from '../../../core/contracts/forecast';
import type { Locale } from '../../../core/locale';
import { PlanCard } from '../../components/forecast/plan-card';
import { SuccessRateText } from '../../components/forecast/success-rate';
import { render, text } from '../../test-support/render';
import { TipsterStatsPanel } from '../../components/forecast/tipster-stats';
import { makePlan, makeStats } from './test-support/fixtures';

/** What a fan tripped over in the prediction centre on its first day (decisions 119 and 120). */
const FIRST_DAY: SuccessRateData = { rate: 0, settled: 1, from: '2025-10-19T12:00:00.000Z', to: '2025-11-18T12:00:00.000Z' };
const ONE_LOSS = makeStats({ settled: 1, wins: 0, win_rate: 0, shrunk_rate: 0.69, wilson_lower: 0, yield: -1, t_stat: null, luck_p: null });

describe('rates only where their sample means something', () => {
  it('prints how many plans settled, without a percentage, below ten settled plans — in each language', () => {
    for (const [locale, words] of [
      ['tr', 'plan sonuçlandı; başarı oranı 10 sonuçlanmış plandan itibaren gösterilir.'],
      ['en', '1 plan settled from'],
      ['zh', '期间结算了 1 个方案；满 10 个已结算方案后才显示胜率。'],
    ] as const) {
      const visible = text(render(<SuccessRateText data={FIRST_DAY} />, { locale, path: '/forecast' }));
      expect(visible).toContain(words);
      expect(visible).not.toMatch(/%/);
    }
    expect(text(render(<SuccessRateText data={FIRST_DAY} />, { path: '/forecast' }))).toContain('a success rate is shown from 10 settled plans');
  });

  it('prints the rate from ten settled plans', () => {
    const visible = text(render(<SuccessRateText data={{ ...FIRST_DAY, rate: 0.6, settled: 12 }} />, { path: '/forecast' }));
    expect(visible).toContain('60%');
    expect(visible).toContain('12 plans settled');
  });

  it('shows a tipster with 0 of 1 as "0 won of 1", with no win rate, no adjusted rate and no luck meter', () => {
    for (const [locale, words] of [
      ['tr', '1 sonuçlanmış plandan 0 kazanç. Kazanma oranları 10 sonuçlanmış plandan itibaren gösterilir'],
      ['en', '0 won of 1 settled plan. Win rates are shown from 10 settled plans'],
      ['zh', '1 个已结算方案中赢 0 个。满 10 个已结算方案后才显示胜率'],
    ] as const satisfies readonly (readonly [Locale, string])[]) {
      const html = render(<TipsterStatsPanel stats={ONE_LOSS} />, { locale, path: '/forecast/tipster/42' });
      expect(text(html)).toContain(words);
      expect(html).not.toContain('data-testid="stat-shrunk"');
      expect(html).not.toContain('data-testid="luck-meter"');
      expect(text(html)).not.toMatch(/69|%/);
    }
  });

  it('explains the adjusted rate where it shows: what it is and why it differs from the raw rate', () => {
    for (const [locale, words] of [
      ['en', "The win rate with 20 plans at the site's average chance (1/odds) added"],
      ['tr', 'Site ortalamasındaki şansla (1/oran) 20 plan eklenmiş gibi hesaplanan kazanma oranı'],
      ['zh', '相当于加入 20 个按全站平均命中概率（1/赔率）计算的方案后的胜率'],
    ] as const) {
      const visible = text(render(<TipsterStatsPanel stats={makeStats()} />, { locale, path: '/forecast/tipster/42' }));
      expect(visible).toContain(words);
    }
    expect(text(render(<TipsterStatsPanel stats={makeStats()} />, { path: '/forecast/tipster/42' }))).toContain('which is why it differs from the raw rate on a short record');
  });
});

describe("a bought plan's result in the plan's voice", () => {
  const lost = makePlan({
    status: 'settled',
    outcome: 'loss',
    match: { ...makePlan().match, status_id: 8, score: [0, 1], ht_score: [0, 0] },
    receipt: { key: 'odds.receipt.1x2.loss', params: { score: '0–1' }, text: 'Skor 0–1: planın seçimi tutmadı → plan tutmadı' },
  });

  it('says the plan did not win, never that the reader lost a prediction', () => {
    for (const [locale, words] of [
      ['tr', 'Plan tutmadı'],
      ['en', 'Plan did not win'],
      ['zh', '方案未中'],
    ] as const) {
      const visible = text(render(<PlanCard plan={lost} />, { locale, path: '/personal-center/personal-center/buyRecords' }));
      expect(visible).toContain(words);
      expect(visible).not.toMatch(/tahmininiz|your pick|Kaybetti/);
    }
    expect(text(render(<PlanCard plan={{ ...lost, outcome: 'win' }} />, { locale: 'tr' }))).toContain('Plan tuttu');
    expect(text(render(<PlanCard plan={{ ...lost, status: 'void', outcome: 'void' }} />, { locale: 'zh' }))).toContain('方案无效');
  });
});
