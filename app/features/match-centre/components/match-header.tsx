import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BasketballMatch, Competition, FootballMatch } from '../../../../core/contracts/matches';
import { basketballClock, footballClock } from '../../../../core/match/clock';
import { shownHalfTime } from '../../../../core/match/half-time';
import { FOOTBALL_STATUS, footballListKind, isBasketballLive } from '../../../../core/match/status';
import { LocalLink } from '../../../components/local-link';
import { useLocale } from '../../../lib/locale';
import { formatMatchDate } from '../../../lib/match-time';
import { useTimeZone } from '../../../lib/time-zone';
import { useNowSec } from '../../../lib/use-clock';
import { Crest, HalfTime, RedCards } from '../../../components/match/match-parts';
import { SimulatedMark } from '../../../components/match/simulated-mark';

function MatchDate({ epochSec }: { epochSec: number }) {
  const locale = useLocale();
  const timeZone = useTimeZone();
  return (
    <time dateTime={new Date(epochSec * 1000).toISOString()}>{formatMatchDate(epochSec, locale, timeZone)}</time>
  );
}

function CompetitionLine({ competition, matchTime, isSimulated }: { competition: Competition; matchTime: number; isSimulated: boolean }) {
  return (
    <p className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-xs text-muted">
      <LocalLink to={`/competition/${competition.competition_id}`} className="inline-flex items-center gap-2 font-semibold text-text hover:underline">
        <Crest src={competition.logo} size={16} />
        <span>{competition.name}</span>
      </LocalLink>
      <span aria-hidden="true">·</span>
      <MatchDate epochSec={matchTime} />
      {isSimulated && <SimulatedMark />}
    </p>
  );
}

/** A side of the header: crest and name, both opening the team's page. */
function Team({ teamId, name, logo, children }: { teamId: number; name: string; logo: string; children?: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col items-center gap-2 text-center">
      <LocalLink to={`/team/${teamId}`} className="flex min-w-0 flex-col items-center gap-2 hover:underline">
        <Crest src={logo} size={56} priority />
        <span className="line-clamp-2 text-sm font-semibold break-words sm:text-base">{name}</span>
      </LocalLink>
      {/* Reserved even when empty: a red card appearing must not make the header taller. */}
      {children !== undefined && <span className="flex h-4 items-center">{children}</span>}
    </div>
  );
}

/** Football match header: competition, both teams, score, and the clock or status. */
export function FootballMatchHeader({ match, competition, changed }: { match: FootballMatch; competition: Competition; changed: boolean }) {
  const { t } = useTranslation('scores');
  const nowSec = useNowSec();
  const clock = footballClock(match, nowSec);
  const kind = footballListKind(match.status_id);
  const hasScore = kind === 'live' || kind === 'finished';
  // One text, changed in place: nothing beside it to push when 45' becomes 45+1'.
  const statusText = clock.kind === 'minute' ? `${clock.text}'` : t(clock.key);
  const shownStatus = match.status_id === FOOTBALL_STATUS.NOT_STARTED ? t('status.football.1') : statusText;
  return (
    <header className="border-b border-line px-3 py-4">
      <CompetitionLine competition={competition} matchTime={match.match_time} isSimulated={match.is_simulated === true} />
      <h1 className="sr-only">{t('detail.heading', { home: match.home_team_name, away: match.away_team_name })}</h1>
      <div className="mt-4 grid grid-cols-[minmax(0,1fr)_8rem_minmax(0,1fr)] items-start gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_minmax(0,1fr)]">
        <Team teamId={match.home_team_id} name={match.home_team_name} logo={match.home_team_logo}>
          <RedCards count={match.red[0]} />
        </Team>
        {/* Every line spans the fixed-width column, centred: new text in it (a goal, 9' → 10', half
            time) changes in place and moves nothing (decision 083). */}
        <div className="flex min-w-0 flex-col items-center gap-1 pt-2 text-center">
          <span
            className={`w-full rounded-md px-2 text-3xl font-extrabold whitespace-nowrap tabular-nums transition-colors duration-700 sm:text-4xl ${changed ? 'bg-goal-soft text-amber-700 dark:text-goal' : kind === 'live' ? 'text-green-700 dark:text-live' : ''}`}
            aria-live="polite"
          >
            {hasScore ? `${match.a0} - ${match.b0}` : t('row.versus')}
          </span>
          <span
            className={`w-full text-sm font-semibold tabular-nums ${kind === 'live' ? 'text-green-700 dark:text-live' : kind === 'other' ? 'text-accent' : 'text-muted'}`}
          >
            {/* A new text is a new node: "45'" becoming "Half-time" is new content, not the old
                text sliding sideways in its centred line (a layout shift). */}
            <span key={shownStatus}>{shownStatus}</span>
          </span>
          <span className="min-h-[1lh] w-full text-xs leading-none">
            <HalfTime ht={shownHalfTime(match)} />
          </span>
        </div>
        <Team teamId={match.away_team_id} name={match.away_team_name} logo={match.away_team_logo}>
          <RedCards count={match.red[1]} />
        </Team>
      </div>
    </header>
  );
}

/** Basketball game header: competition, teams, score, period and time left (points per quarter are in the overview tab). */
export function BasketballMatchHeader({ match, competition, changed }: { match: BasketballMatch; competition: Competition; changed: boolean }) {
  const { t } = useTranslation('scores');
  const clock = basketballClock(match);
  const live = isBasketballLive(match.status_id);
  const started = match.status_id !== 1;
  return (
    <header className="border-b border-line px-3 py-4">
      <CompetitionLine competition={competition} matchTime={match.match_time} isSimulated={match.is_simulated === true} />
      <h1 className="sr-only">{t('detail.heading', { home: match.home_team_name, away: match.away_team_name })}</h1>
      <div className="mt-4 grid grid-cols-[minmax(0,1fr)_8rem_minmax(0,1fr)] items-start gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_minmax(0,1fr)]">
        <Team teamId={match.home_team_id} name={match.home_team_name} logo={match.home_team_logo} />
        <div className="flex min-w-0 flex-col items-center gap-1 pt-2 text-center">
          <span
            className={`w-full rounded-md px-2 text-3xl font-extrabold whitespace-nowrap tabular-nums transition-colors duration-700 sm:text-4xl ${changed ? 'bg-goal-soft text-amber-700 dark:text-goal' : live ? 'text-green-700 dark:text-live' : ''}`}
            aria-live="polite"
          >
            {started ? `${match.a0} - ${match.b0}` : t('row.versus')}
          </span>
          <span className={`w-full text-sm font-semibold tabular-nums ${live ? 'text-green-700 dark:text-live' : 'text-muted'}`}>
            {t(clock.periodKey)}
            {clock.time !== null && <span className="ms-1.5">{clock.time}</span>}
          </span>
        </div>
        <Team teamId={match.away_team_id} name={match.away_team_name} logo={match.away_team_logo} />
      </div>
    </header>
  );
}
