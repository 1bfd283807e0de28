import { useTranslation } from 'react-i18next';
import type { LineupPlayer } from '../../../../core/contracts/match-data';
import type { PlayersData } from '../../../../core/contracts/match-centre';
import type { Sport } from '../../../../core/contracts/matches';
import { EmptyNote, Panel } from './panel';
import { usePositionName } from './position-name';

/** The statistics a player table shows, in order; a column appears only when some player has the figure. */
export const PLAYER_COLUMNS: Record<Sport, readonly string[]> = {
  football: ['minutes', 'goals', 'assists', 'shots', 'shots_on', 'passes', 'passes_completed', 'tackles', 'yellow', 'red', 'own_goals'],
  basketball: ['minutes', 'points', 'rebounds', 'assists', 'steals', 'blocks', 'turnovers', 'fouls'],
};

export function playerColumns(sport: Sport, players: readonly LineupPlayer[]): string[] {
  return PLAYER_COLUMNS[sport].filter((key) => players.some((p) => p.stats[key] !== undefined));
}

function SideTable({ sport, name, players }: { sport: Sport; name: string; players: readonly LineupPlayer[] }) {
  const { t } = useTranslation('matchCentre');
  const positionName = usePositionName();
  if (players.length === 0) {
    return (
      <div>
        <h3 className="mb-1 text-sm font-bold">{name}</h3>
        <EmptyNote>{t('players.sideMissing')}</EmptyNote>
      </div>
    );
  }
  const columns = playerColumns(sport, players);
  return (
    <div className="min-w-0">
      <div className="-mx-3 overflow-x-auto sm:mx-0">
        <table className="w-full text-center text-sm tabular-nums" data-testid="players-table">
          <caption className="px-3 pb-1 text-start text-sm font-bold sm:px-0">{name}</caption>
          <thead className="border-b border-line text-xs text-muted">
            <tr>
              <th scope="col" className="w-8 px-1.5 py-2 font-medium">
                <abbr title={t('players.numberTitle')} className="no-underline">
                  #
                </abbr>
              </th>
              <th scope="col" className="sticky left-0 bg-surface px-1.5 py-2 text-start font-medium">
                {t('players.player')}
              </th>
              {columns.map((key) => (
                <th key={key} scope="col" className="px-1.5 py-2 font-medium">
                  <abbr title={t(`players.stat.${key}`)} className="no-underline">
                    {t(`players.statShort.${key}`)}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {players.map((p, i) => (
              <tr key={i} className="border-b border-line">
                <td className="px-1.5 py-1.5 text-xs text-muted">{p.number ?? ''}</td>
                <th scope="row" className="sticky left-0 max-w-[10rem] bg-surface px-1.5 py-1.5 text-start font-medium">
                  <span className="block truncate">{p.name}</span>
                  <span className="block text-xs font-normal text-muted">{p.starter ? (p.position === null ? t('players.starter') : positionName(p.position)) : t('players.substitute')}</span>
                </th>
                {columns.map((key) => (
                  <td key={key} className="px-1.5 py-1.5">
                    {p.stats[key] ?? '–'}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Player statistics per side, best first as the service orders them (football: goals, then shots; basketball: points). */
export function PlayersPanel({ data, sport, homeName, awayName }: { data: PlayersData; sport: Sport; homeName: string; awayName: string }) {
  const { t } = useTranslation('matchCentre');
  return (
    <Panel title={t('players.title')} id="players">
      {data.home.length === 0 && data.away.length === 0 ? (
        <EmptyNote>{t('players.missing')}</EmptyNote>
      ) : (
        <div className="grid gap-6">
          <SideTable sport={sport} name={homeName} players={data.home} />
          <SideTable sport={sport} name={awayName} players={data.away} />
        </div>
      )}
    </Panel>
  );
}
