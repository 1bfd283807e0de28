import { useTranslation } from 'react-i18next';
import type { SuccessRateData } from '../../../core/contracts/forecast';
import { formatNumber, useDateFormat } from '../../lib/format';
import { useLocale } from '../../lib/locale';
import { useApiData } from '../../lib/use-api-data';
import { formatPercent } from './forecast-format';
import { planApi } from './plan-api';

/**
 * The site's success rate as measured (GET /api/forecast/success-rate): the win rate of every
 * settled plan, with how many plans it rests on and the period they span. The specification
 * claims "up to 76%"; Tribün prints only what its settled plans show, and nothing at all
 * before any plan has settled.
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
