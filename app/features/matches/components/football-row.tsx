import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FootballMatch, LastGoal } from '../../../../core/contracts/matches';
import { footballClock } from '../../../../core/match/clock';
import { shownHalfTime } from '../../../../core/match/half-time';
import { formatMinute, minuteOfEvent } from '../../../../core/match/minute';
import { FOOTBALL_STATUS, footballListKind } from '../../../../core/match/status';
import { LocalLink } from '../../../components/local-link';
import { useNowSec } from '../../../lib/use-clock';
import { CollectButton, Crest, HalfTime, KickOffTime, RedCards, useScoreChanged } from '../../../components/match/match-parts';
import { SimulatedMark } from '../../../components/match/simulated-mark';

/** The short status label of a row ('HT', 'FT', …); full labels are in status.*. */
export function shortStatusKey(key: string): string {
  return key.replace(/^status\./, 'statusShort.');
}

// Light theme: the theme's --live and --goal read below 4.5:1 on white at this text size, so
// text uses the darker green-700/amber-700 there; dark theme keeps the theme colours.

/** Minute of a live match (green) or its short status label; nothing before kick-off. */
export function FootballClockText({ match }: { match: Pick<FootballMatch, 'status_id' | 'kick_off_time'> }) {
  const { t } = useTranslation('scores');
  const nowSec = useNowSec();
  const clock = footballClock(match, nowSec);
  if (clock.kind === 'minute') {
    return (
      // One text node, changed in place: a separate (pulsing) tick after the minute was pushed
      // along whenever the minute grew (9' → 10', 45' → 45+1'), a layout shift (decision 083).
      <span className="font-semibold text-green-700 dark:text-live tabular-nums">{`${clock.text}'`}</span>
    );
  }
  if (match.status_id === FOOTBALL_STATUS.NOT_STARTED) return null;
  const kind = footballListKind(match.status_id);
  const tone = kind === 'live' ? 'font-semibold text-green-700 dark:text-live' : kind === 'finished' ? 'text-muted' : 'font-medium text-accent';
  return (
    <span className={tone} title={t(clock.key)}>
      {t(shortStatusKey(clock.key))}
    </span>
  );
}

/**
 * The scorer of a live match's latest goal, under the team that scored (decision 097):
 * "⚽ 67' Lewandowski". Only while the match is played and only when the feed named the
 * scorer; only from the sm breakpoint, where live rows already keep their second line (so a
 * goal moves nothing), while phones leave the scorer to the pop-up and the match page.
 */
function LastGoalLine({ goal, side }: { goal: LastGoal; side: 'home' | 'away' }) {
  const { t } = useTranslation('scores');
  if (goal.player === null) return null;
  const minute = formatMinute(minuteOfEvent(goal));
  const label = t('row.lastGoal', { player: goal.player, minute });
  return (
    <span
      data-testid="last-goal"
      title={label}
      className={`hidden min-w-0 truncate text-xs leading-none text-muted sm:block ${side === 'home' ? 'text-right [grid-area:hg]' : '[grid-area:ag]'}`}
    >
      <span aria-hidden="true">{`⚽ ${minute}' ${goal.player}${goal.own_goal ? ` ${t('row.ownGoalMark')}` : ''}`}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** One football match: time and clock, teams with crests, score, red cards, half-time score, star. */
export const FootballRow = memo(function FootballRow({
  match,
  changedAtMs,
}: {
  match: FootballMatch;
  /** when the score last changed (lists.changedAt), if it did */
  changedAtMs: number | undefined;
}) {
  const { t } = useTranslation('scores');
  const changed = useScoreChanged(changedAtMs, match.match_id);
  const kind = footballListKind(match.status_id);
  const hasScore = kind === 'live' || kind === 'finished';
  // Only once half time is reached: never "(0)" beside a first-half score (decision 112).
  const halfTimeScore = shownHalfTime(match);
  const scoreTone = changed ? 'text-amber-700 dark:text-goal' : kind === 'live' ? 'text-green-700 dark:text-live' : '';
  const score = (area: string, value: number, testId: string) => (
    <span data-testid={testId} className={`${area} min-w-[2ch] text-end text-base leading-none font-bold tabular-nums sm:text-center ${scoreTone}`}>{hasScore ? value : ''}</span>
  );
  // Half-time score per side on phones ("(1)" after each score); "HT 1-0" under the score on wider screens.
  // Scores and half-time scores keep their width whatever the digits (min-w in ch, tabular-nums),
  // and a live row keeps its half-time line before half-time: a live update changes text in place
  // and moves nothing (decision 083). Rows that are not live change only by moving to another
  // section, so they carry no empty line.
  const halfTime = (area: string, value: number | undefined) => (
    <span className={`${area} min-w-[3ch] text-end text-xs leading-none text-muted tabular-nums sm:hidden`}>{value === undefined ? '' : `(${value})`}</span>
  );
  return (
    <div
      data-testid="football-row"
      data-match-id={match.match_id}
      data-list={kind}
      className={`grid min-h-14 grid-cols-[3rem_minmax(0,1fr)_2rem] items-center gap-x-1 border-b border-line px-2 py-1.5 transition-colors duration-700 sm:grid-cols-[3.25rem_3.5rem_minmax(0,1fr)_2.25rem] sm:px-3 ${changed ? 'bg-goal-soft' : kind === 'live' ? 'bg-live-soft/40' : ''}`}
    >
      <div className="flex flex-col items-start gap-0.5 text-xs leading-tight sm:contents">
        <KickOffTime epochSec={match.match_time} className="text-muted tabular-nums" />
        <span className="flex flex-col items-start gap-0.5 text-xs sm:items-center sm:text-center">
          <FootballClockText match={match} />
          {match.is_simulated === true && <SimulatedMark />}
        </span>
      </div>
      {/* Phones stack the teams (home over away, scores on the right); wider screens put them side by side. */}
      <LocalLink
        to={`/football/Details/${match.match_id}`}
        className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)_auto_auto] items-center gap-x-2 gap-y-1 rounded py-1 [grid-template-areas:'hc_hn_hh_hs'_'ac_an_ah_as'] hover:bg-surface-muted sm:grid-cols-[minmax(0,1fr)_auto_auto_auto_auto_auto_minmax(0,1fr)] sm:gap-x-1.5 sm:gap-y-0.5 sm:[grid-template-areas:'hn_hc_hs_sep_as_ac_an'_'hg_._ht_ht_ht_._ag']"
      >
        <span className="flex min-w-0 items-center gap-1.5 [grid-area:hn] sm:justify-end sm:text-right">
          <span className="truncate">{match.home_team_name}</span>
          <RedCards count={match.red[0]} />
        </span>
        <span className="[grid-area:hc]">
          <Crest src={match.home_team_logo} />
        </span>
        {score('[grid-area:hs]', match.a0, 'home-score')}
        {halfTime('[grid-area:hh]', halfTimeScore?.[0])}
        <span className={`hidden w-5 text-center text-base leading-none font-bold [grid-area:sep] sm:inline ${hasScore ? scoreTone : 'text-xs font-normal text-muted'}`}>
          {hasScore ? '-' : t('row.versus')}
        </span>
        {score('[grid-area:as]', match.b0, 'away-score')}
        {halfTime('[grid-area:ah]', halfTimeScore?.[1])}
        <span className="[grid-area:ac]">
          <Crest src={match.away_team_logo} />
        </span>
        <span className="flex min-w-0 items-center gap-1.5 [grid-area:an]">
          <span className="truncate">{match.away_team_name}</span>
          <RedCards count={match.red[1]} />
        </span>
        <span className={`hidden justify-center text-xs leading-none [grid-area:ht] sm:flex ${kind === 'live' ? 'min-h-[1lh]' : ''}`}>
          <HalfTime ht={halfTimeScore} />
        </span>
        {kind === 'live' && match.last_goal && <LastGoalLine goal={match.last_goal} side={match.last_goal.side} />}
      </LocalLink>
      <CollectButton sport="football" match={match} teams={`${match.home_team_name} – ${match.away_team_name}`} />
    </div>
  );
});
