import { useTranslation } from 'react-i18next';
import type { BasketballStats } from '../../../../core/contracts/match-data';
import type { BasketballMatch, Competition, Pair } from '../../../../core/contracts/matches';
import { BASKETBALL_STATUS } from '../../../../core/match/status';
import { LocalLink } from '../../../components/local-link';
import { Crest } from '../../../components/match/match-parts';
import { EmptyNote, Panel } from './panel';

const REGULAR_QUARTERS = 4;

function periodHeads(match: BasketballMatch, t: (key: string, values?: Record<string, unknown>) => string): string[] {
  const columns = Math.max(REGULAR_QUARTERS, match.periods.length);
  return Array.from({ length: columns }, (_, i) =>
    i < REGULAR_QUARTERS ? t('period.quarter', { n: i + 1 }) : t('period.overtime', { n: i - REGULAR_QUARTERS + 1 }),
  );
}

/** Points per quarter (Q1–Q4, one column per overtime) and the total; quarters not played yet show a dash. */
export function QuarterTable({ match, running = false }: { match: BasketballMatch; running?: boolean }) {
  const { t } = useTranslation('matchCentre');
  const heads = periodHeads(match, t);
  const cumulative = (side: 0 | 1, i: number) => match.periods.slice(0, i + 1).reduce((n, p) => n + p[side], 0);
  const cell = (side: 0 | 1, i: number) => {
    const period = match.periods[i];
    if (period === undefined) return '–';
    return running ? cumulative(side, i) : period[side];
  };
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-center text-sm tabular-nums" data-testid={running ? 'running-table' : 'quarter-table'}>
        <caption className="sr-only">{running ? t('quarters.runningCaption') : t('quarters.caption')}</caption>
        <thead className="text-xs text-muted">
          <tr>
            <th scope="col" className="px-2 py-1.5 text-start font-medium">
              {t('table.team')}
            </th>
            {heads.map((head) => (
              <th key={head} scope="col" className="px-2 py-1.5 font-medium">
                {head}
              </th>
            ))}
            {!running && (
              <th scope="col" className="px-2 py-1.5 font-semibold text-text">
                {t('period.total')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {([0, 1] as const).map((side) => (
            <tr key={side} className="border-t border-line">
              <th scope="row" className="max-w-36 truncate px-2 py-2 text-start font-medium">
                {side === 0 ? match.home_team_name : match.away_team_name}
              </th>
              {heads.map((head, i) => (
                <td key={head} className="px-2 py-2">
                  {cell(side, i)}
                </td>
              ))}
              {!running && <td className="px-2 py-2 font-bold">{side === 0 ? match.a0 : match.b0}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const percent = ([made, attempted]: [number, number]) => (attempted === 0 ? '–' : `${Math.round((made / attempted) * 100)}%`);

/** Rows of the team box score: shooting as made/attempted with the percentage, then the counts. */
export function boxScoreRows(stats: BasketballStats): { key: string; values: [string, string] }[] {
  const rows: { key: string; values: [string, string] }[] = [];
  const shooting = [
    ['fieldGoals', stats.field_goals_made, stats.field_goals_attempted],
    ['threePoints', stats.three_points_made, stats.three_points_attempted],
    ['freeThrows', stats.free_throws_made, stats.free_throws_attempted],
  ] as const;
  for (const [key, made, attempted] of shooting) {
    if (made === undefined || attempted === undefined) continue;
    const side = (i: 0 | 1) => `${made[i]}/${attempted[i]} (${percent([made[i], attempted[i]])})`;
    rows.push({ key, values: [side(0), side(1)] });
  }
  const counts = ['rebounds', 'assists', 'steals', 'blocks', 'turnovers', 'fouls'] as const;
  for (const key of counts) {
    const pair: Pair | undefined = stats[key];
    if (pair !== undefined) rows.push({ key, values: [String(pair[0]), String(pair[1])] });
  }
  return rows;
}

export function TeamBoxScore({ stats, match }: { stats: BasketballStats | null; match: BasketballMatch }) {
  const { t } = useTranslation('matchCentre');
  const rows = stats === null ? [] : boxScoreRows(stats);
  if (rows.length === 0) {
    return <EmptyNote>{match.status_id === BASKETBALL_STATUS.NOT_STARTED ? t('box.emptyNotStarted') : t('box.empty')}</EmptyNote>;
  }
  return (
    <table className="w-full text-sm tabular-nums" data-testid="team-box-score">
      <caption className="sr-only">{t('box.caption', { home: match.home_team_name, away: match.away_team_name })}</caption>
      <thead className="text-xs text-muted">
        <tr>
          <th scope="col" className="w-1/3 px-2 py-1.5 text-start font-semibold text-text">
            {match.home_team_name}
          </th>
          <th scope="col" className="px-2 py-1.5 text-center font-medium">
            <span className="sr-only">{t('box.stat')}</span>
          </th>
          <th scope="col" className="w-1/3 px-2 py-1.5 text-end font-semibold text-text">
            {match.away_team_name}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-t border-line">
            <td className="px-2 py-1.5 text-start font-semibold">{row.values[0]}</td>
            <th scope="row" className="px-2 py-1.5 text-center text-xs font-normal text-muted">
              {t(`box.${row.key}`)}
            </th>
            <td className="px-2 py-1.5 text-end font-semibold">{row.values[1]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The basketball overview: points per quarter and the team box score. */
export function BasketballOverviewPanels({ match, stats, round }: { match: BasketballMatch; stats: BasketballStats | null; round: string | null }) {
  const { t } = useTranslation('matchCentre');
  const started = match.status_id !== BASKETBALL_STATUS.NOT_STARTED;
  return (
    <>
      <Panel title={t('quarters.title')} id="quarters">
        {round !== null && <p className="mb-2 text-xs text-muted">{t('overview.round', { round })}</p>}
        {started ? <QuarterTable match={match} /> : <EmptyNote>{t('quarters.notStarted')}</EmptyNote>}
      </Panel>
      <Panel title={t('box.title')} id="box">
        <TeamBoxScore stats={stats} match={match} />
      </Panel>
    </>
  );
}

/** The basketball score details: points per quarter and the score after each quarter. */
export function BasketballScoreDetailsPanels({ match }: { match: BasketballMatch }) {
  const { t } = useTranslation('matchCentre');
  if (match.periods.length === 0) {
    return (
      <Panel title={t('quarters.title')} id="quarters">
        <EmptyNote>{t('quarters.notStarted')}</EmptyNote>
      </Panel>
    );
  }
  return (
    <>
      <Panel title={t('quarters.title')} id="quarters">
        <QuarterTable match={match} />
      </Panel>
      <Panel title={t('quarters.runningTitle')} id="running">
        <QuarterTable match={match} running />
      </Panel>
    </>
  );
}

/** Links to the popular (hot) basketball competitions' pages. */
export function PopularLeaguesPanel({ competitions, isHotList }: { competitions: readonly Competition[]; isHotList: boolean }) {
  const { t } = useTranslation('matchCentre');
  return (
    <Panel title={t('popular.title')} id="popular">
      {competitions.length === 0 ? (
        <EmptyNote>{t('popular.empty')}</EmptyNote>
      ) : (
        <>
          {!isHotList && <p className="mb-2 text-xs text-muted">{t('popular.todayOnly')}</p>}
          <ul className="grid gap-2 sm:grid-cols-2">
            {competitions.map((c) => (
              <li key={c.competition_id}>
                <LocalLink
                  to={`/competition/${c.competition_id}`}
                  className="flex items-center gap-3 rounded-md border border-line px-3 py-2.5 hover:bg-surface-muted"
                >
                  <Crest src={c.logo} size={28} />
                  <span className="min-w-0">
                    <span className="block truncate font-semibold">{c.name}</span>
                    {c.country !== '' && <span className="block truncate text-xs text-muted">{c.country}</span>}
                  </span>
                </LocalLink>
              </li>
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}
