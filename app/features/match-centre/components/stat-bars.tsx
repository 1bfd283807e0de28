import { useTranslation } from 'react-i18next';
import type { BasketballStats, FootballStats } from '../../../../core/contracts/match-data';
import type { Pair } from '../../../../core/contracts/pair';
import { EmptyNote, SIDE_COLOUR } from './panel';

/** Football statistics in the order readers look for them; the key ones lead the overview. */
export const FOOTBALL_KEY_STATS = ['possession', 'shots_on', 'shots_off', 'corners', 'attacks', 'dangerous_attacks'] as const;
export const FOOTBALL_ALL_STATS = [...FOOTBALL_KEY_STATS, 'yellow_cards', 'red_cards', 'fouls', 'offsides', 'passes'] as const;
export const BASKETBALL_STATS = [
  'field_goals_made',
  'field_goals_attempted',
  'three_points_made',
  'three_points_attempted',
  'free_throws_made',
  'free_throws_attempted',
  'rebounds',
  'assists',
  'steals',
  'blocks',
  'turnovers',
  'fouls',
] as const;

type StatKey = (typeof FOOTBALL_ALL_STATS)[number] | (typeof BASKETBALL_STATS)[number];

/** The home share of a pair, 0..1 (half each when both are 0). */
export function homeShare([home, away]: Pair): number {
  return home + away === 0 ? 0.5 : home / (home + away);
}

function StatRow({ label, pair, unit }: { label: string; pair: Pair; unit: string }) {
  const share = homeShare(pair);
  const pct = Math.round(share * 1000) / 10;
  const [home, away] = pair;
  return (
    <li data-testid="stat-row" className="py-1.5">
      <div className="flex items-baseline justify-between gap-2 text-sm tabular-nums">
        <span className={`w-12 font-bold ${home > away ? '' : 'text-muted'}`}>
          {home}
          {unit}
        </span>
        <span className="min-w-0 flex-1 truncate text-center text-xs text-muted">{label}</span>
        <span className={`w-12 text-end font-bold ${away > home ? '' : 'text-muted'}`}>
          {away}
          {unit}
        </span>
      </div>
      {/* The away bar spans the track and is clipped to its share: when the figures move, the bars
          change size without either bar's start moving (no layout shift, decision 083). */}
      <div aria-hidden="true" className="relative mt-1 flex h-1.5 overflow-hidden rounded-full bg-line">
        <span className={`${SIDE_COLOUR.home} h-full rounded-s-full`} style={{ width: `${pct}%` }} />
        <span className={`${SIDE_COLOUR.away} absolute inset-0 rounded-e-full`} style={{ clipPath: `inset(0 0 0 calc(${pct}% + 0.125rem))` }} />
      </div>
    </li>
  );
}

/**
 * Statistics as paired bars, both values printed: only the figures the feed gave (a missing
 * figure is left out, never shown as 0).
 */
export function StatBars({
  stats,
  keys,
  homeName,
  awayName,
  empty,
}: {
  stats: FootballStats | BasketballStats | null;
  keys: readonly StatKey[];
  homeName: string;
  awayName: string;
  empty: string;
}) {
  const { t } = useTranslation('matchCentre');
  const rows = stats === null ? [] : keys.flatMap((key) => {
    const pair = (stats as Partial<Record<StatKey, Pair>>)[key];
    return pair === undefined ? [] : [{ key, pair }];
  });
  if (rows.length === 0) return <EmptyNote>{empty}</EmptyNote>;
  return (
    <>
      <div className="flex justify-between gap-2 text-xs font-semibold">
        <span className="flex min-w-0 items-center gap-1.5">
          <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${SIDE_COLOUR.home}`} />
          <span className="truncate">{homeName}</span>
        </span>
        <span className="flex min-w-0 items-center gap-1.5">
          <span className="truncate">{awayName}</span>
          <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${SIDE_COLOUR.away}`} />
        </span>
      </div>
      <ul aria-label={t('stats.label', { home: homeName, away: awayName })}>
        {rows.map(({ key, pair }) => (
          <StatRow key={key} label={t(`stats.${key}`)} pair={pair} unit={key === 'possession' ? '%' : ''} />
        ))}
      </ul>
    </>
  );
}
