import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TipsterStats } from '../../../core/contracts/forecast';
import { MIN_SETTLED_FOR_RATE, showsRate } from '../../../core/forecast/rate-sample';
import { formatPercent } from './forecast-format';
import { formatNumber } from '../../lib/format';
import { useLocale } from '../../lib/locale';
import { isoOfLocale } from '../../lib/match-time';
import { formatP, formatSigned, formatSignedPercent, luckReading, oneIn } from './record-words';

function Figure({ label, value, note, testId }: { label: string; value: ReactNode; note?: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0 rounded-md bg-surface-muted px-3 py-2.5" data-testid={testId}>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-lg font-bold tabular-nums">{value}</dd>
      {note ? <dd className="text-xs leading-snug text-muted">{note}</dd> : null}
    </div>
  );
}

/**
 * A tipster's record with the honest measures beside every win rate (issue 12): the sample it
 * rests on, the rate shrunk toward the site average (with what it is and why it differs), the
 * Wilson lower bound, and the luck meter (yield, t-statistic and how likely a random tipster
 * would do as well) in plain words. Below MIN_SETTLED_FOR_RATE settled plans no rate is shown,
 * only how many plans settled and won (docs/decisions/119).
 */
export function TipsterStatsPanel({ stats }: { stats: TipsterStats }) {
  const { t } = useTranslation('forecast');
  const locale = useLocale();
  const n = (value: number) => formatNumber(value, locale);
  const pct = (value: number | null) => (value === null ? '–' : formatPercent(value, locale));
  const wins = new Intl.NumberFormat(isoOfLocale(locale), { maximumFractionDigits: 1 }).format(stats.wins);

  return (
    <div className="grid gap-3" data-testid="tipster-stats">
      {stats.settled === 0 || stats.win_rate === null ? (
        <p className="rounded-md bg-surface-muted px-3 py-3 text-sm" data-testid="tipster-no-record">
          {t('stats.noRecord')}
        </p>
      ) : !showsRate(stats.settled) ? (
        <p className="rounded-md bg-surface-muted px-3 py-3 text-sm" data-testid="tipster-few">
          {t('stats.few', { count: stats.settled, wins, settled: n(stats.settled), min: n(MIN_SETTLED_FOR_RATE) })}
        </p>
      ) : (
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <Figure
            testId="stat-win-rate"
            label={t('stats.winRate')}
            value={pct(stats.win_rate)}
            note={t('stats.sample', { count: stats.settled, wins, settled: n(stats.settled) })}
          />
          <Figure testId="stat-shrunk" label={t('stats.shrunk')} value={pct(stats.shrunk_rate)} note={t('stats.shrunkNote')} />
          <Figure testId="stat-wilson" label={t('stats.wilson')} value={pct(stats.wilson_lower)} note={t('stats.wilsonNote')} />
          <Figure
            testId="stat-yield"
            label={t('stats.yield')}
            value={stats.yield === null ? '–' : formatSignedPercent(stats.yield, locale)}
            note={stats.t_stat === null ? t('stats.yieldNote') : t('stats.tStat', { value: formatSigned(stats.t_stat, locale) })}
          />
        </dl>
      )}
      {stats.luck_p !== null && showsRate(stats.settled) ? <LuckMeter p={stats.luck_p} settled={stats.settled} /> : null}
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        <Figure testId="stat-streak" label={t('stats.currentStreak')} value={n(stats.current_streak)} />
        <Figure testId="stat-running-max" label={t('stats.runningNumMax')} value={n(stats.running_num_max)} />
        <Figure testId="stat-total" label={t('stats.myGuessTotal')} value={n(stats.my_guess_total)} />
        <Figure testId="stat-settled" label={t('stats.settled')} value={n(stats.settled)} />
        <Figure testId="stat-sell-count" label={t('stats.sellCount')} value={n(stats.sell_count)} />
        <Figure testId="stat-sell-income" label={t('stats.sellIncome')} value={n(stats.sell_income)} />
      </dl>
    </div>
  );
}

/** The luck meter in words: the p-value, "about 1 in N", and what it means. */
function LuckMeter({ p, settled }: { p: number; settled: number }) {
  const { t } = useTranslation('forecast');
  const locale = useLocale();
  const reading = luckReading(p);
  const odds = oneIn(p);
  return (
    <div className="rounded-md border border-line px-3 py-2.5 text-sm" data-testid="luck-meter" data-reading={reading}>
      <p className="font-semibold">{t('luck.title')}</p>
      <p className="mt-1 leading-relaxed">
        {t('luck.text', { count: settled, p: formatP(p, locale) })}
        {odds !== null ? ` ${t('luck.oneIn', { n: formatNumber(odds, locale) })}` : ''}
      </p>
      <p className="mt-1 font-medium">{t(`luck.reading.${reading}`)}</p>
    </div>
  );
}
