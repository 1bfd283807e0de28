import { useTranslation } from 'react-i18next';
import type { SuccessRateData } from '../../../core/contracts/forecast';
import { MIN_SETTLED_FOR_RATE, showsRate } from '../../../core/forecast/rate-sample';
import { formatNumber, useDateFormat } from '../../lib/format';
import { useLocale } from '../../lib/locale';
import { useApiData } from '../../lib/use-api-data';
import { LocalLink } from '../local-link';
import { formatPercent } from './forecast-format';
import { planApi } from './plan-api';

/**
 * The site's success rate as measured (GET /api/forecast/success-rate): the win rate of every
 * settled plan, with how many plans it rests on and the period they span. The specification
 * claims "up to 76%"; Tribün prints only what its settled plans show, and nothing at all
 * before any plan has settled. Below MIN_SETTLED_FOR_RATE settled plans it says how many settled,
 * without a percentage (docs/decisions/119).
 */
export function SuccessRateFigure({ className = '' }: { className?: string }) {
  const rate = useApiData('forecast-success-rate', () => planApi.successRate());
  if (rate.data === null) return null;
  return <SuccessRateText data={rate.data} className={className} />;
}

export function SuccessRateText({ data, className = '' }: { data: SuccessRateData; className?: string }) {
  const { t } = useTranslation('forecast');
  const locale = useLocale();
  const formatDate = useDateFormat();
  if (data.rate === null || data.settled === 0) return null;
  const day = (iso: string | null) => (iso ? formatDate(iso, { dateStyle: 'medium' }) : '');
  if (!showsRate(data.settled)) {
    return (
      <p className={`text-sm ${className}`} data-testid="success-rate" data-rate="hidden">
        {t('successRate.few', { count: data.settled, formatted: formatNumber(data.settled, locale), from: day(data.from), to: day(data.to), min: formatNumber(MIN_SETTLED_FOR_RATE, locale) })}
      </p>
    );
  }
  return (
    <p className={`text-sm ${className}`} data-testid="success-rate">
      <span className="text-lg font-bold tabular-nums">{formatPercent(data.rate, locale)}</span>{' '}
      {t('successRate.text', {
        count: data.settled,
        formatted: formatNumber(data.settled, locale),
        from: day(data.from),
        to: day(data.to),
      })}
    </p>
  );
}

/**
 * The home page's prediction-centre box: the measured success rate and a way in. Shown only once
 * some plan has settled, so the home page never carries an empty or invented claim.
 */
export function SuccessRateTeaser() {
  const { t } = useTranslation('forecast');
  const rate = useApiData('forecast-success-rate', () => planApi.successRate());
  if (rate.data === null || rate.data.rate === null || rate.data.settled === 0) return null;
  return (
    <section aria-labelledby="home-forecast" className="bg-surface sm:rounded-lg sm:border sm:border-line" data-testid="home-success-rate">
      <h2 id="home-forecast" className="border-b border-line px-3 py-2.5 text-base font-bold">
        {t('teaser.title')}
      </h2>
      <SuccessRateText data={rate.data} className="px-3 py-2.5" />
      <LocalLink to="/forecast" className="block border-t border-line px-3 py-2.5 text-center text-sm font-semibold text-accent hover:bg-surface-muted">
        {t('teaser.link')}
      </LocalLink>
    </section>
  );
}
