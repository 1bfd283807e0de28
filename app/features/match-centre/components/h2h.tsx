import { useTranslation } from 'react-i18next';
import type { H2hData } from '../../../../core/contracts/match-centre';
import type { Sport } from '../../../../core/contracts/matches';
import { FormBadges, HistoryList } from './history';
import { Panel, SIDE_COLOUR } from './panel';

interface Teams {
  homeName: string;
  awayName: string;
}

/** Wins of each side and draws in their meetings, as a split bar with the numbers. */
export function H2hSummary({ summary, homeName, awayName }: { summary: H2hData['summary'] } & Teams) {
  const { t } = useTranslation('matchCentre');
  const total = summary.home_wins + summary.draws + summary.away_wins;
  const parts = [
    { key: 'home', count: summary.home_wins, label: t('h2h.wins', { team: homeName, count: summary.home_wins }), tone: SIDE_COLOUR.home },
    { key: 'draw', count: summary.draws, label: t('h2h.draws', { count: summary.draws }), tone: 'bg-slate-400' },
    { key: 'away', count: summary.away_wins, label: t('h2h.wins', { team: awayName, count: summary.away_wins }), tone: SIDE_COLOUR.away },
  ];
  return (
    <div data-testid="h2h-summary">
      <p className="sr-only">{t('h2h.summaryText', { count: total, home: homeName, away: awayName, homeWins: summary.home_wins, draws: summary.draws, awayWins: summary.away_wins })}</p>
      <div aria-hidden="true" className="grid grid-cols-3 text-center">
        {parts.map((part) => (
          <div key={part.key}>
            <div className="text-2xl font-extrabold tabular-nums">{part.count}</div>
            <div className="truncate text-xs text-muted">{part.key === 'draw' ? t('h2h.drawsLabel') : t('h2h.winsLabel', { team: part.key === 'home' ? homeName : awayName })}</div>
          </div>
        ))}
      </div>
      {total > 0 && (
        <div aria-hidden="true" className="mt-2 flex h-2 gap-0.5 overflow-hidden rounded-full">
          {parts.map((part) => (part.count > 0 ? <span key={part.key} className={`h-full ${part.tone}`} style={{ width: `${(part.count / total) * 100}%` }} /> : null))}
        </div>
      )}
    </div>
  );
}

/** Head to head (football "h2h", basketball "analysis"): meetings, their summary, both teams' form. */
export function H2hPanels({ data, sport, nowSec, homeName, awayName, homeTeamId, awayTeamId }: { data: H2hData; sport: Sport; nowSec: number; homeTeamId: number; awayTeamId: number } & Teams) {
  const { t } = useTranslation('matchCentre');
  return (
    <>
      <Panel title={t('h2h.title')} id="h2h-meetings">
        {data.meetings.length > 0 && <H2hSummary summary={data.summary} homeName={homeName} awayName={awayName} />}
        <div className="mt-3">
          <HistoryList matches={data.meetings} sport={sport} nowSec={nowSec} empty={t('h2h.noMeetings', { home: homeName, away: awayName })} />
        </div>
      </Panel>
      <Panel title={t('form.title')} id="h2h-form">
        <div className="grid gap-6 sm:grid-cols-2">
          {[
            { name: homeName, teamId: homeTeamId, matches: data.home_form },
            { name: awayName, teamId: awayTeamId, matches: data.away_form },
          ].map((side) => (
            <div key={side.teamId} className="min-w-0">
              <h3 className="mb-2 text-sm font-bold">{side.name}</h3>
              <FormBadges matches={side.matches} label={t('form.label', { team: side.name })} />
              <div className="mt-2">
                <HistoryList matches={side.matches} sport={sport} nowSec={nowSec} empty={t('form.noMatches')} highlightTeamId={side.teamId} />
              </div>
            </div>
          ))}
        </div>
      </Panel>
    </>
  );
}
