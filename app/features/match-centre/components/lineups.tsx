import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lineup, LineupPlayer } from '../../../../core/contracts/match-data';
import type { LineupsData } from '../../../../core/contracts/match-centre';
import { pitchPoint, shortName, substitutionsOf } from '../pitch';
import { EmptyNote, Panel, SIDE_COLOUR } from './panel';
import { usePositionName } from './position-name';

type Side = 'home' | 'away';

/** Lines of a pitch 105 × 68, drawn lengthways (wide screens) or upright (phones). */
function PitchLines({ upright }: { upright: boolean }) {
  const [w, h] = upright ? [68, 105] : [105, 68];
  // Drawn in landscape coordinates; the upright version is the same drawing turned a quarter.
  return (
    <svg
      viewBox={`0 0 ${w} ${h}`}
      aria-hidden="true"
      className={`absolute inset-0 size-full ${upright ? 'sm:hidden' : 'hidden sm:block'}`}
      fill="none"
      stroke="rgb(255 255 255 / 0.55)"
      strokeWidth="0.4"
    >
      <g transform={upright ? 'translate(68 0) rotate(90)' : undefined}>
        <rect x="0.5" y="0.5" width="104" height="67" />
        <line x1="52.5" y1="0.5" x2="52.5" y2="67.5" />
        <circle cx="52.5" cy="34" r="9.15" />
        <circle cx="52.5" cy="34" r="0.5" fill="rgb(255 255 255 / 0.55)" />
        <rect x="0.5" y="13.85" width="16.5" height="40.3" />
        <rect x="88" y="13.85" width="16.5" height="40.3" />
        <rect x="0.5" y="24.85" width="5.5" height="18.3" />
        <rect x="99" y="24.85" width="5.5" height="18.3" />
        <circle cx="11" cy="34" r="0.5" fill="rgb(255 255 255 / 0.55)" />
        <circle cx="94" cy="34" r="0.5" fill="rgb(255 255 255 / 0.55)" />
      </g>
    </svg>
  );
}

function PlayerMarker({ player, side }: { player: LineupPlayer; side: Side }) {
  const { px, py } = pitchPoint(side, player.x ?? 0, player.y ?? 0);
  const style = { '--px': px, '--py': py } as CSSProperties;
  return (
    <li
      data-testid="pitch-player"
      data-side={side}
      data-px={px.toFixed(3)}
      data-py={py.toFixed(3)}
      style={style}
      className="absolute top-[calc(var(--px)*100%)] left-[calc((1-var(--py))*100%)] flex w-16 -translate-x-1/2 -translate-y-1/2 flex-col items-center sm:top-[calc(var(--py)*100%)] sm:left-[calc(var(--px)*100%)]"
    >
      <span
        className={`grid size-6 place-items-center rounded-full text-xs font-bold text-white shadow ring-1 ring-white/80 ${SIDE_COLOUR[side]} ${side === 'away' ? 'dark:text-slate-900' : ''}`}
      >
        {player.number ?? ''}
      </span>
      <span className="mt-0.5 max-w-full truncate rounded bg-black/45 px-1 text-xs leading-tight font-medium text-white" title={player.name}>
        {shortName(player.name)}
      </span>
    </li>
  );
}

/** Both sides' starters on one pitch, at the places the feed gives; starters without a place are listed below it. */
function Pitch({ home, away, homeName, awayName }: { home: Lineup | null; away: Lineup | null; homeName: string; awayName: string }) {
  const { t } = useTranslation('matchCentre');
  const placed = (lineup: Lineup | null) => (lineup?.players ?? []).filter((p) => p.starter && p.x !== null && p.y !== null);
  const homePlaced = placed(home);
  const awayPlaced = placed(away);
  if (homePlaced.length + awayPlaced.length === 0) return null;
  return (
    <figure>
      <figcaption className="mb-2 flex justify-between gap-2 text-xs font-semibold">
        <span className="min-w-0 truncate">
          <span className="sm:hidden">▲ </span>
          <span className="hidden sm:inline">◀ </span>
          {homeName} {home?.formation ? <span className="text-muted">({home.formation})</span> : null}
        </span>
        <span className="min-w-0 truncate text-end">
          {awayName} {away?.formation ? <span className="text-muted">({away.formation})</span> : null}
          <span className="sm:hidden"> ▼</span>
          <span className="hidden sm:inline"> ▶</span>
        </span>
      </figcaption>
      <div className="relative mx-auto aspect-[68/105] max-w-sm overflow-hidden rounded-lg bg-green-700 sm:aspect-[105/68] sm:max-w-none dark:bg-green-900">
        <PitchLines upright />
        <PitchLines upright={false} />
        <ul aria-label={t('lineups.pitchLabel')}>
          {homePlaced.map((p, i) => (
            <PlayerMarker key={`h${i}`} player={p} side="home" />
          ))}
          {awayPlaced.map((p, i) => (
            <PlayerMarker key={`a${i}`} player={p} side="away" />
          ))}
        </ul>
      </div>
    </figure>
  );
}

function PlayerItem({ player }: { player: LineupPlayer }) {
  const positionName = usePositionName();
  return (
    <li className="flex items-baseline gap-2 py-1 text-sm">
      <span className="w-6 shrink-0 text-end text-xs font-bold text-muted tabular-nums">{player.number ?? ''}</span>
      <span className="min-w-0 flex-1 truncate">{player.name}</span>
      {player.position !== null && <span className="max-w-[45%] shrink-0 truncate text-xs text-muted">{positionName(player.position)}</span>}
    </li>
  );
}

function SideLists({ lineup, name }: { lineup: Lineup | null; name: string }) {
  const { t } = useTranslation('matchCentre');
  if (lineup === null) {
    return (
      <div>
        <h3 className="mb-1 text-sm font-bold">{name}</h3>
        <EmptyNote>{t('lineups.sideMissing')}</EmptyNote>
      </div>
    );
  }
  const starters = lineup.players.filter((p) => p.starter);
  const bench = lineup.players.filter((p) => !p.starter);
  const subs = substitutionsOf(lineup.players);
  return (
    <div className="min-w-0">
      <h3 className="mb-1 text-sm font-bold">
        {name}
        {lineup.formation !== null && <span className="ms-1.5 font-normal text-muted">{t('lineups.formation', { formation: lineup.formation })}</span>}
      </h3>
      <h4 className="mt-2 text-xs font-semibold text-muted uppercase">{t('lineups.starters')}</h4>
      {starters.length === 0 ? <p className="text-sm text-muted">{t('lineups.noStarters')}</p> : <ul>{starters.map((p, i) => <PlayerItem key={i} player={p} />)}</ul>}
      <h4 className="mt-3 text-xs font-semibold text-muted uppercase">{t('lineups.bench')}</h4>
      {bench.length === 0 ? <p className="text-sm text-muted">{t('lineups.noBench')}</p> : <ul>{bench.map((p, i) => <PlayerItem key={i} player={p} />)}</ul>}
      <h4 className="mt-3 text-xs font-semibold text-muted uppercase">{t('lineups.substitutions')}</h4>
      {subs.length === 0 ? (
        <p className="text-sm text-muted">{t('lineups.noSubstitutions')}</p>
      ) : (
        <ul data-testid="substitutions">
          {subs.map((sub, i) => (
            <li key={i} className="flex items-baseline gap-2 py-1 text-sm">
              <span className="w-8 shrink-0 text-end text-xs font-bold text-muted tabular-nums">{`${sub.minute}'`}</span>
              <span className="min-w-0">
                {sub.on !== null && <span className="block text-green-700 dark:text-live">{t('lineups.on', { name: sub.on.name })}</span>}
                {sub.off !== null && <span className="block text-muted">{t('lineups.off', { name: sub.off.name })}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The lineups tab ("sequence"): the pitch, then each side's starters, bench and substitutions. */
export function LineupsPanel({ lineups, homeName, awayName }: { lineups: LineupsData; homeName: string; awayName: string }) {
  const { t } = useTranslation('matchCentre');
  if (lineups.home === null && lineups.away === null) {
    return (
      <Panel title={t('lineups.title')} id="lineups">
        <EmptyNote>{t('lineups.missing')}</EmptyNote>
      </Panel>
    );
  }
  return (
    <Panel title={t('lineups.title')} id="lineups">
      <Pitch home={lineups.home} away={lineups.away} homeName={homeName} awayName={awayName} />
      <div className="mt-4 grid gap-6 sm:grid-cols-2">
        <SideLists lineup={lineups.home} name={homeName} />
        <SideLists lineup={lineups.away} name={awayName} />
      </div>
    </Panel>
  );
}
