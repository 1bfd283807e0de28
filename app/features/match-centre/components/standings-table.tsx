import { useTranslation } from 'react-i18next';
import type { StandingsData } from '../../../../core/contracts/match-centre';
import type { Sport } from '../../../../core/contracts/matches';
import { LocalLink } from '../../../components/local-link';
import { useLocale } from '../../../lib/locale';
import { useTimeZone } from '../../../lib/time-zone';
import { formatShortDate } from '../format';
import { EmptyNote, TeamLink } from './panel';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

function Th({ label, title, className = '' }: { label: string; title: string; className?: string }) {
  return (
    <th scope="col" className={`px-1.5 py-2 font-medium ${className}`}>
      <abbr title={title} className="no-underline">
        {label}
      </abbr>
    </th>
  );
}

/**
 * A league table: position, team, played, won, (drawn,) lost, for, against, difference, points.
 * The match's two teams are highlighted; points taken off are marked and explained below; a
 * season not yet complete says after how many of its matches the table stands.
 * Football shows drawn games; basketball has none and shows the winning percentage instead.
 */
export function StandingsTable({ standings, sport, showCompetitionLink }: { standings: StandingsData; sport: Sport; showCompetitionLink: boolean }) {
  const { t } = useTranslation('matchCentre');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const highlight = new Set(standings.highlight);
  if (standings.rows.length === 0) return <EmptyNote>{t('standings.noRows')}</EmptyNote>;
  const isFootball = sport === 'football';
  const hasTies = standings.rows.some((r) => r.tied);
  const incomplete = standings.total_matches > 0 && standings.played_matches < standings.total_matches;
  const head = (key: string, className?: string) => <Th label={t(`standings.col.${key}`)} title={t(`standings.colTitle.${key}`)} className={className} />;
  return (
    <div>
      <p className="mb-2 text-xs text-muted">
        {t('standings.season', { season: standings.season.name, competition: standings.competition.name })}
        {incomplete && (
          <span data-testid="standings-progress">
            {' · '}
            {t('standings.after', { played: standings.played_matches, total: standings.total_matches })}
          </span>
        )}
        {standings.last_result_time !== null && (
          <span>
            {' · '}
            {t('standings.lastResult', { date: formatShortDate(standings.last_result_time, locale, timeZone) })}
          </span>
        )}
      </p>
      <div className="-mx-3 overflow-x-auto sm:mx-0">
        <table className="w-full text-center text-sm tabular-nums" data-testid="standings-table">
          <caption className="sr-only">{t('standings.caption', { competition: standings.competition.name, season: standings.season.name })}</caption>
          <thead className="border-b border-line text-xs text-muted">
            <tr>
              {head('position', 'w-8')}
              <th scope="col" className="px-1.5 py-2 text-start font-medium">
                {t('standings.col.team')}
              </th>
              {head('played')}
              {head('won')}
              {isFootball && head('drawn')}
              {head('lost')}
              {!isFootball && head('percentage', 'hidden sm:table-cell')}
              {head(isFootball ? 'goalsFor' : 'pointsFor', 'hidden sm:table-cell')}
              {head(isFootball ? 'goalsAgainst' : 'pointsAgainst', 'hidden sm:table-cell')}
              {head('difference')}
              {head('points')}
            </tr>
          </thead>
          <tbody>
            {standings.rows.map((row) => {
              const isHighlighted = highlight.has(row.team_id);
              return (
                <tr
                  key={row.team_id}
                  data-testid="standings-row"
                  data-highlight={isHighlighted}
                  aria-current={isHighlighted ? 'true' : undefined}
                  className={`border-b border-line ${isHighlighted ? 'bg-accent-soft font-semibold' : ''}`}
                >
                  <td className="px-1.5 py-2 text-muted">
                    {row.position}
                    {row.tied && <span title={t('standings.tiedTitle')}>=</span>}
                  </td>
                  <th scope="row" className="max-w-[10rem] px-1.5 py-2 text-start font-medium sm:max-w-none">
                    <TeamLink teamId={row.team_id} name={row.team_name} logo={row.team_logo} className={isHighlighted ? 'font-semibold' : ''} />
                  </th>
                  <td className="px-1.5 py-2">{row.played}</td>
                  <td className="px-1.5 py-2">{row.won}</td>
                  {isFootball && <td className="px-1.5 py-2">{row.drawn}</td>}
                  <td className="px-1.5 py-2">{row.lost}</td>
                  {!isFootball && (
                    <td className="hidden px-1.5 py-2 sm:table-cell">{row.played === 0 ? '–' : (row.won / row.played).toFixed(3).replace(/^0/, '')}</td>
                  )}
                  <td className="hidden px-1.5 py-2 sm:table-cell">{row.goals_for}</td>
                  <td className="hidden px-1.5 py-2 sm:table-cell">{row.goals_against}</td>
                  <td className="px-1.5 py-2">{signed(row.goal_difference)}</td>
                  <td className="px-1.5 py-2 font-bold">
                    {row.points}
                    {row.deducted > 0 && (
                      <sup className="ms-0.5 text-accent" title={t('standings.deductedTitle', { count: row.deducted })}>
                        *
                      </sup>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {(standings.deductions.length > 0 || hasTies) && (
        <ul className="mt-2 space-y-0.5 text-xs text-muted" data-testid="standings-notes">
          {standings.deductions.map((d) => (
            <li key={d.id}>
              <span className="text-accent">* </span>
              {t('standings.deduction', { team: d.team_name, count: d.points, reason: d.reason })}
            </li>
          ))}
          {hasTies && <li>{t('standings.tiedNote')}</li>}
        </ul>
      )}
      {showCompetitionLink && (
        <p className="mt-3 text-sm">
          <LocalLink to={`/competition/${standings.competition.competition_id}`} className="font-semibold text-accent hover:underline">
            {t('standings.competitionLink', { competition: standings.competition.name })}
          </LocalLink>
        </p>
      )}
    </div>
  );
}
