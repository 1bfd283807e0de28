import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BasketballMatch, Competition, FootballMatch } from '../../../../core/contracts/matches';
import { basketballClock, footballClock } from '../../../../core/match/clock';
import { FOOTBALL_STATUS, footballListKind, isBasketballLive } from '../../../../core/match/status';
import { useLocale } from '../../../lib/locale';
import { formatMatchDate } from '../day';
import { useHydrated, useNowSec } from '../use-clock';
import { Crest, HalfTime, RedCards } from './match-parts';

function MatchDate({ epochSec }: { epochSec: number }) {
  const locale = useLocale();
  const hydrated = useHydrated();
  return (
    <time dateTime={new Date(epochSec * 1000).toISOString()}>{formatMatchDate(epochSec, locale, hydrated ? undefined : 'UTC')}</time>
  );
}

function CompetitionLine({ competition, matchTime }: { competition: Competition; matchTime: number }) {
  return (
    <p className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-xs text-muted">
      <Crest src={competition.logo} size={16} />
      <span className="font-semibold text-text">{competition.name}</span>
      <span aria-hidden="true">·</span>
      <MatchDate epochSec={matchTime} />
    </p>
  );
}

function Team({ name, logo, children }: { name: string; logo: string; children?: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col items-center gap-2 text-center">
      <Crest src={logo} size={56} />
      <span className="flex items-center gap-1.5 text-sm font-semibold sm:text-base">
        <span className="line-clamp-2 break-words">{name}</span>
        {children}
      </span>
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
  const statusText = clock.kind === 'minute' ? `${clock.text}'` : t(clock.key);
  return (
    <header className="border-b border-line px-3 py-4">
      <CompetitionLine competition={competition} matchTime={match.match_time} />
      <h1 className="sr-only">{t('detail.heading', { home: match.home_team_name, away: match.away_team_name })}</h1>
      <div className="mt-4 grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-start gap-3">
        <Team name={match.home_team_name} logo={match.home_team_logo}>
          <RedCards count={match.red[0]} />
        </Team>
        <div className="flex min-w-24 flex-col items-center gap-1 pt-2">
          <span
            className={`rounded-md px-2 text-3xl font-extrabold tabular-nums transition-colors duration-700 sm:text-4xl ${changed ? 'bg-goal-soft text-amber-700 dark:text-goal' : kind === 'live' ? 'text-green-700 dark:text-live' : ''}`}
            aria-live="polite"
          >
            {hasScore ? `${match.a0} - ${match.b0}` : t('row.versus')}
          </span>
          <span
            className={`text-sm font-semibold ${kind === 'live' ? 'text-green-700 dark:text-live' : kind === 'other' ? 'text-accent' : 'text-muted'}`}
          >
            {match.status_id === FOOTBALL_STATUS.NOT_STARTED ? t('status.football.1') : statusText}
          </span>
          <HalfTime ht={match.ht} />
        </div>
        <Team name={match.away_team_name} logo={match.away_team_logo}>
          <RedCards count={match.red[1]} />
        </Team>
      </div>
    </header>
  );
}

const REGULAR_QUARTERS = 4;

/** Points per period: Q1–Q4, then one column per overtime, then the total. */
function QuarterTable({ match }: { match: BasketballMatch }) {
  const { t } = useTranslation('scores');
  const periods = match.periods;
  const columns = Math.max(REGULAR_QUARTERS, periods.length);
  const heads = Array.from({ length: columns }, (_, i) =>
    i < REGULAR_QUARTERS ? t('period.quarter', { n: i + 1 }) : t('period.overtime', { n: i - REGULAR_QUARTERS + 1 }),
  );
  const cell = (value: number | undefined) => (value === undefined ? '–' : value);
  return (
    <div className="mx-auto mt-4 max-w-lg overflow-x-auto">
      <table className="w-full text-center text-sm tabular-nums">
        <caption className="sr-only">{t('period.caption')}</caption>
        <thead className="text-xs text-muted">
          <tr>
            <th scope="col" className="px-2 py-1 text-start font-medium">
              <span className="sr-only">{t('period.team')}</span>
            </th>
            {heads.map((head) => (
              <th key={head} scope="col" className="px-2 py-1 font-medium">
                {head}
              </th>
            ))}
            <th scope="col" className="px-2 py-1 font-semibold text-text">
              {t('period.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {(['home', 'away'] as const).map((side, s) => (
            <tr key={side} className="border-t border-line">
              <th scope="row" className="max-w-32 truncate px-2 py-1.5 text-start font-medium">
                {side === 'home' ? match.home_team_name : match.away_team_name}
              </th>
              {heads.map((head, i) => (
                <td key={head} className="px-2 py-1.5">
                  {cell(periods[i]?.[s])}
                </td>
              ))}
              <td className="px-2 py-1.5 font-bold">{s === 0 ? match.a0 : match.b0}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Basketball game header: competition, teams, score, period and time left, points per quarter. */
export function BasketballMatchHeader({ match, competition, changed }: { match: BasketballMatch; competition: Competition; changed: boolean }) {
  const { t } = useTranslation('scores');
  const clock = basketballClock(match);
  const live = isBasketballLive(match.status_id);
  const started = match.status_id !== 1;
  return (
    <header className="border-b border-line px-3 py-4">
      <CompetitionLine competition={competition} matchTime={match.match_time} />
      <h1 className="sr-only">{t('detail.heading', { home: match.home_team_name, away: match.away_team_name })}</h1>
      <div className="mt-4 grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-start gap-3">
        <Team name={match.home_team_name} logo={match.home_team_logo} />
        <div className="flex min-w-24 flex-col items-center gap-1 pt-2">
          <span
            className={`rounded-md px-2 text-3xl font-extrabold tabular-nums transition-colors duration-700 sm:text-4xl ${changed ? 'bg-goal-soft text-amber-700 dark:text-goal' : live ? 'text-green-700 dark:text-live' : ''}`}
            aria-live="polite"
          >
            {started ? `${match.a0} - ${match.b0}` : t('row.versus')}
          </span>
          <span className={`text-sm font-semibold tabular-nums ${live ? 'text-green-700 dark:text-live' : 'text-muted'}`}>
            {t(clock.periodKey)}
            {clock.time !== null && <span className="ms-1.5">{clock.time}</span>}
          </span>
        </div>
        <Team name={match.away_team_name} logo={match.away_team_logo} />
      </div>
      {started && <QuarterTable match={match} />}
    </header>
  );
}
