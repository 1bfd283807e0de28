import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MomentumMinute } from '../../../../core/contracts/match-data';
import { momentumAxisEnd, momentumSummary } from '../momentum';
import { EmptyNote, SIDE_FILL } from './panel';

const WIDTH = 600;
const HALF_HEIGHT = 50;

/**
 * Attack momentum minute by minute: home pressure above the axis, away below, minutes 0 to 90
 * (120 after extra time). The picture is described in words for screen readers.
 */
export function MomentumChart({ minutes, homeName, awayName }: { minutes: readonly MomentumMinute[]; homeName: string; awayName: string }) {
  const { t } = useTranslation('matchCentre');
  const titleId = useId();
  const descId = useId();
  if (minutes.length === 0) return <EmptyNote>{t('momentum.empty')}</EmptyNote>;
  const end = momentumAxisEnd(minutes);
  const peakValue = Math.max(1, ...minutes.map((m) => Math.max(m.home, m.away)));
  const step = WIDTH / end;
  const barWidth = Math.max(1, step - 1.5);
  const x = (minute: number) => Math.max(0, minute - 1) * step;
  const height = (value: number) => (value / peakValue) * (HALF_HEIGHT - 4);
  const summary = momentumSummary(minutes);
  const peakTeam = summary.peak === null ? null : summary.peak.side === 'home' ? homeName : awayName;
  const ticks = end === 90 ? [0, 15, 30, 45, 60, 75, 90] : [0, 15, 30, 45, 60, 75, 90, 105, 120];
  const description = [
    t('momentum.summary', {
      home: homeName,
      away: awayName,
      homeMinutes: summary.homeMinutes,
      awayMinutes: summary.awayMinutes,
      level: summary.level,
      last: summary.lastMinute ?? 0,
    }),
    summary.peak !== null && peakTeam !== null ? t('momentum.peak', { team: peakTeam, from: summary.peak.from, to: summary.peak.to }) : '',
  ]
    .filter((s) => s !== '')
    .join(' ');

  return (
    <figure>
      <p className="truncate text-xs font-semibold">{t('momentum.up', { team: homeName })}</p>
      <svg
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        viewBox={`0 0 ${WIDTH} ${HALF_HEIGHT * 2}`}
        preserveAspectRatio="none"
        className="mt-1 block h-28 w-full"
        data-testid="momentum-chart"
      >
        <title id={titleId}>{t('momentum.title', { home: homeName, away: awayName })}</title>
        <rect x="0" y="0" width={WIDTH} height={HALF_HEIGHT * 2} className="fill-surface-muted" />
        {[45, 90, 105].filter((m) => m < end).map((m) => (
          <line key={m} x1={m * step} x2={m * step} y1="0" y2={HALF_HEIGHT * 2} className="stroke-line" strokeDasharray="3 3" />
        ))}
        {minutes.map((m) => (
          <g key={m.minute}>
            {m.home > 0 && (
              <rect x={x(m.minute)} y={HALF_HEIGHT - height(m.home)} width={barWidth} height={height(m.home)} className={SIDE_FILL.home} />
            )}
            {m.away > 0 && <rect x={x(m.minute)} y={HALF_HEIGHT} width={barWidth} height={height(m.away)} className={SIDE_FILL.away} />}
          </g>
        ))}
        <line x1="0" x2={WIDTH} y1={HALF_HEIGHT} y2={HALF_HEIGHT} className="stroke-muted" strokeWidth="1" />
      </svg>
      {/* Minute labels are HTML so they keep their size however wide the chart is drawn. */}
      <div aria-hidden="true" className="relative mt-0.5 h-4 text-xs leading-4 text-muted tabular-nums">
        {ticks.map((m) => (
          <span
            key={m}
            className={`absolute top-0 ${m === 0 ? '' : m === end ? '-translate-x-full' : '-translate-x-1/2'}`}
            style={{ left: `${(m / end) * 100}%` }}
          >
            {`${m}'`}
          </span>
        ))}
      </div>
      <p className="mt-1 truncate text-xs font-semibold">{t('momentum.down', { team: awayName })}</p>
      <figcaption id={descId} className="sr-only">
        {description}
      </figcaption>
    </figure>
  );
}
