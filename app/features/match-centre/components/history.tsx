import { useTranslation } from 'react-i18next';
import { detailAllowed, type HistoryMatch } from '../../../../core/contracts/match-centre';
import type { Sport } from '../../../../core/contracts/matches';
import { LocalLink } from '../../../components/local-link';
import { useLocale } from '../../../lib/locale';
import { useTimeZone } from '../../../lib/time-zone';
import { SimulatedMark } from '../../../components/match/simulated-mark';
import { formatShortDate, isPlayedHistory } from '../format';
import { isHistoryMatchLive } from '../match-state';
import { EmptyNote } from './panel';

const OUTCOME_TONE = {
  W: 'bg-green-600 text-white',
  D: 'bg-slate-400 text-slate-950',
  L: 'bg-red-600 text-white',
} as const;

/** One W / D / L badge, its meaning in the title and for screen readers. */
export function OutcomeBadge({ outcome, title }: { outcome: 'W' | 'D' | 'L'; title: string }) {
  const { t } = useTranslation('matchCentre');
  return (
    <span title={title} className={`inline-grid size-6 place-items-center rounded text-xs font-bold ${OUTCOME_TONE[outcome]}`}>
      <span aria-hidden="true">{t(`form.short.${outcome}`)}</span>
      <span className="sr-only">{title}</span>
    </span>
  );
}

/** A team's recent form, newest first, as W / D / L badges. */
export function FormBadges({ matches, label }: { matches: readonly HistoryMatch[]; label: string }) {
  const { t } = useTranslation('matchCentre');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const withOutcome = matches.filter((m): m is HistoryMatch & { outcome: 'W' | 'D' | 'L' } => m.outcome !== null);
  if (withOutcome.length === 0) return <p className="text-sm text-muted">{t('form.empty')}</p>;
  return (
    <ol aria-label={label} className="flex flex-wrap gap-1" data-testid="form-badges">
      {withOutcome.map((m) => (
        <li key={m.match_id}>
          <OutcomeBadge
            outcome={m.outcome}
            title={t('form.badgeTitle', {
              outcome: t(`form.long.${m.outcome}`),
              home: m.home_team_name,
              away: m.away_team_name,
              score: `${m.a0}-${m.b0}`,
              date: formatShortDate(m.match_time, locale, timeZone),
            })}
          />
        </li>
      ))}
    </ol>
  );
}

/**
 * Matches as a list: date, competition, teams and score (or kick-off time when not played).
 * Matches whose detail is still kept link to their page; older ones are plain text, because
 * their page would only say that matches older than three months have no detail.
 */
export function HistoryList({
  matches,
  sport,
  nowSec,
  empty,
  highlightTeamId,
}: {
  matches: readonly HistoryMatch[];
  sport: Sport;
  nowSec: number;
  empty: string;
  highlightTeamId?: number;
}) {
  const { t } = useTranslation('matchCentre');
  const locale = useLocale();
  const timeZone = useTimeZone();
  if (matches.length === 0) return <EmptyNote>{empty}</EmptyNote>;
  return (
    <ul className="divide-y divide-line" data-testid="history-list">
      {matches.map((m) => {
        const played = isPlayedHistory(m);
        const live = isHistoryMatchLive(sport, m.status_id);
        const linked = detailAllowed(m.match_time, nowSec);
        const bold = (teamId: number, won: boolean) => (teamId === highlightTeamId || won ? 'font-semibold' : '');
        const extra =
          m.note !== null ? t(`history.note.${m.note}`) : m.ht !== null && played ? t('history.halfTime', { home: m.ht[0], away: m.ht[1] }) : '';
        const body = (
          <>
            <span className="flex flex-col text-xs text-muted">
              <time dateTime={new Date(m.match_time * 1000).toISOString()} className="tabular-nums">
                {formatShortDate(m.match_time, locale, timeZone)}
              </time>
              <span className="truncate">{m.competition_name}</span>
              {m.is_simulated === true && <SimulatedMark className="self-start" />}
            </span>
            <span className={`truncate text-end ${bold(m.home_team_id, played && m.a0 > m.b0)}`}>{m.home_team_name}</span>
            <span className="flex flex-col items-center">
              <span className={`rounded bg-surface-muted px-1.5 py-0.5 font-bold tabular-nums ${live ? 'text-green-700 dark:text-live' : ''}`}>
                {played || live ? `${m.a0}-${m.b0}` : t('history.versus')}
              </span>
              {live ? (
                <span className="text-xs leading-tight font-semibold text-green-700 dark:text-live" data-testid="history-live">
                  {t('history.live')}
                </span>
              ) : (
                extra !== '' && <span className="text-xs leading-tight text-muted">{extra}</span>
              )}
            </span>
            <span className={`truncate ${bold(m.away_team_id, played && m.b0 > m.a0)}`}>{m.away_team_name}</span>
          </>
        );
        const grid = 'grid grid-cols-[5.25rem_minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-x-2 py-2 text-sm sm:grid-cols-[8rem_minmax(0,1fr)_auto_minmax(0,1fr)]';
        return (
          <li key={m.match_id} data-testid="history-match" data-linked={linked} data-live={live}>
            {linked ? (
              <LocalLink to={`/${sport}/Details/${m.match_id}`} className={`${grid} rounded hover:bg-surface-muted`}>
                {body}
              </LocalLink>
            ) : (
              <div className={grid} title={t('messages:api.match.detailExpired')}>
                {body}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
