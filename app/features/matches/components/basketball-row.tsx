import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BasketballMatch } from '../../../../core/contracts/matches';
import { basketballClock } from '../../../../core/match/clock';
import { BASKETBALL_STATUS, isBasketballLive, isBasketballTreatedFinished } from '../../../../core/match/status';
import { LocalLink } from '../../../components/local-link';
import { shortStatusKey } from './football-row';
import { CollectButton, Crest, KickOffTime, useScoreChanged } from '../../../components/match/match-parts';
import { SimulatedMark } from '../../../components/match/simulated-mark';

/** Period and time left ("Q3 05:12"), or the status label. */
export function BasketballClockText({ match }: { match: Pick<BasketballMatch, 'status_id' | 'clock'> }) {
  const { t } = useTranslation('scores');
  if (match.status_id === BASKETBALL_STATUS.NOT_STARTED) return null;
  const clock = basketballClock(match);
  const live = isBasketballLive(match.status_id);
  const tone = live ? 'font-semibold text-green-700 dark:text-live' : isBasketballTreatedFinished(match.status_id) && match.status_id !== BASKETBALL_STATUS.ENDED ? 'font-medium text-accent' : 'text-muted';
  return (
    <span className={`${tone} tabular-nums`} title={t(clock.periodKey)}>
      {t(shortStatusKey(clock.periodKey))}
      {clock.time !== null && <span className="ms-1">{clock.time}</span>}
    </span>
  );
}

/** One basketball game: teams stacked with their scores, as basketball boards show them. */
export const BasketballRow = memo(function BasketballRow({
  match,
  changedAtMs,
}: {
  match: BasketballMatch;
  /** when the score last changed (lists.changedAt), if it did */
  changedAtMs: number | undefined;
}) {
  const changed = useScoreChanged(changedAtMs, match.match_id);
  const live = isBasketballLive(match.status_id);
  const hasScore = match.status_id !== BASKETBALL_STATUS.NOT_STARTED && (match.a0 > 0 || match.b0 > 0 || live);
  const scoreTone = changed ? 'text-amber-700 dark:text-goal' : live ? 'text-green-700 dark:text-live' : '';
  const team = (name: string, logo: string, score: number, leads: boolean, testId: string) => (
    <span className="flex min-w-0 items-center gap-2">
      <Crest src={logo} />
      <span className={`min-w-0 flex-1 truncate ${leads ? 'font-semibold' : ''}`}>{name}</span>
      <span data-testid={testId} className={`w-9 text-right text-base leading-none font-bold tabular-nums ${scoreTone}`}>{hasScore ? score : ''}</span>
    </span>
  );
  return (
    <div
      data-testid="basketball-row"
      data-match-id={match.match_id}
      data-list={live ? 'live' : isBasketballTreatedFinished(match.status_id) ? 'finished' : 'waiting'}
      className={`grid min-h-16 grid-cols-[4.25rem_minmax(0,1fr)_2rem] items-center gap-x-2 border-b border-line px-2 py-1.5 transition-colors duration-700 sm:px-3 ${changed ? 'bg-goal-soft' : live ? 'bg-live-soft/40' : ''}`}
    >
      <div className="flex flex-col gap-0.5 text-xs leading-tight">
        <KickOffTime epochSec={match.match_time} className="text-muted tabular-nums" />
        <BasketballClockText match={match} />
        {match.is_simulated === true && <SimulatedMark className="self-start" />}
      </div>
      <LocalLink to={`/basketball/Details/${match.match_id}`} className="flex min-w-0 flex-col gap-1.5 rounded py-1 hover:bg-surface-muted">
        {team(match.home_team_name, match.home_team_logo, match.a0, hasScore && match.a0 > match.b0, 'home-score')}
        {team(match.away_team_name, match.away_team_logo, match.b0, hasScore && match.b0 > match.a0, 'away-score')}
      </LocalLink>
      <CollectButton sport="basketball" match={match} teams={`${match.home_team_name} – ${match.away_team_name}`} />
    </div>
  );
});
