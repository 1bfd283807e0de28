import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TipsterProfileData } from '../../../../core/contracts/forecast';
import { useLocale } from '../../../lib/locale';
import { profitChart } from '../profit-chart';
import { formatUnits } from '../../../components/forecast/record-words';

const BOX = { width: 600, height: 180, pad: 8 };

/**
 * The record over time: cumulative level-stakes profit (1 unit on every plan at its fixed odds)
 * after each settled plan, as an inline SVG line. Above the zero line is profit, below it loss.
 * The picture is described in words for screen readers.
 */
export function ProfitChart({ history }: { history: TipsterProfileData['history'] }) {
  const { t } = useTranslation('forecast');
  const locale = useLocale();
  const titleId = useId();
  const descId = useId();
  if (history.length === 0) {
    return <p className="rounded-md bg-surface-muted px-3 py-4 text-center text-sm text-muted">{t('chart.empty')}</p>;
  }
  const chart = profitChart(
    history.map((point) => point.profit),
    BOX,
  );
  const last = history[history.length - 1]?.profit ?? 0;
  const lastPoint = chart.points[chart.points.length - 1];
  return (
    <figure>
      <svg
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        preserveAspectRatio="none"
        className="block h-44 w-full"
        data-testid="profit-chart"
      >
        <title id={titleId}>{t('chart.title')}</title>
        <rect x="0" y="0" width={BOX.width} height={BOX.height} className="fill-surface-muted" />
        <line x1={BOX.pad} x2={BOX.width - BOX.pad} y1={chart.zeroY} y2={chart.zeroY} className="stroke-line" strokeDasharray="4 4" strokeWidth="1.5" />
        <path d={chart.path} fill="none" className={last >= 0 ? 'stroke-green-700 dark:stroke-live' : 'stroke-accent'} strokeWidth="2.5" vectorEffect="non-scaling-stroke" strokeLinejoin="round" />
        {lastPoint ? <circle cx={lastPoint.x} cy={lastPoint.y} r="4" className={last >= 0 ? 'fill-green-700 dark:fill-live' : 'fill-accent'} /> : null}
      </svg>
      <figcaption id={descId} className="mt-1 flex flex-wrap justify-between gap-2 text-xs text-muted">
        <span>{t('chart.summary', { count: history.length, profit: formatUnits(last, locale), max: formatUnits(chart.max, locale), min: formatUnits(chart.min, locale) })}</span>
        <span>{t('chart.axis')}</span>
      </figcaption>
    </figure>
  );
}
