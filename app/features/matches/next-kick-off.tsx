import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FootballListData, LiveMessage, Sport } from '../../../core/contracts/matches';
import type { MatchReadServices } from '../../../core/contracts/services';
import type { Locale } from '../../../core/locale';
import { isFootballLive } from '../../../core/match/status';
import { LocalLink } from '../../components/local-link';
import { useLiveMessages } from '../../live/live-provider';
import { useLocale } from '../../lib/locale';
import { formatKickOffTime } from '../../lib/match-time';
import { useTimeZone } from '../../lib/time-zone';
import { useNowSec } from '../../lib/use-clock';

/**
 * "No match is live. Next: Galatasaray – Fenerbahçe at 19:00 (in 2 h 15 min)": what the home
 * page says when nothing is live (the believable calendar has quiet hours, decision 091),
 * with a link to that match (docs/decisions/096-popups-on-every-page.md).
 */
export interface NextKickOffView {
  sport: Sport;
  matchId: number;
  /** scheduled start, unix seconds */
  kickOffSec: number;
  home: string;
  away: string;
}

/** The next match of either sport with its teams (in the reader's language), or null. */
export async function loadNextKickOff(matches: MatchReadServices, locale: Locale): Promise<NextKickOffView | null> {
  const next = await matches.findNextKickOff({});
  if (next === null) return null;
  const found =
    next.sport === 'football'
      ? await matches.findFootballMatch({ matchId: next.match_id, locale })
      : await matches.findBasketballMatch({ matchId: next.match_id, locale });
  if (found === null) return null;
  return {
    sport: next.sport,
    matchId: next.match_id,
    kickOffSec: next.kick_off_time,
    home: found.match.home_team_name,
    away: found.match.away_team_name,
  };
}

/** The ids of the day's live football matches, all competitions (the home list shows only the hot ones). */
export function liveFootballIds(data: FootballListData): number[] {
  return data.liveGlobal.flatMap((group) => group.matches.map((match) => match.match_id));
}

/** The live ids after one football message: a match enters at a live status and leaves at any other. */
export function applyLiveIdMessage(ids: ReadonlySet<number>, message: LiveMessage): ReadonlySet<number> {
  const id = message.data.match_id;
  const live = isFootballLive(message.data.status);
  if (live === ids.has(id)) return ids;
  const next = new Set(ids);
  if (live) next.add(id);
  else next.delete(id);
  return next;
}

/** How many football matches are live now: the loader's answer, moved by the live channel. */
export function useLiveFootballCount(initialIds: readonly number[]): number {
  const [state, setState] = useState(() => ({ source: initialIds, ids: new Set(initialIds) as ReadonlySet<number> }));
  let current = state;
  if (state.source !== initialIds) {
    // New loader data replaces what the page had, as the lists do.
    current = { source: initialIds, ids: new Set(initialIds) };
    setState(current);
  }
  useLiveMessages('football', (message) => {
    setState((s) => {
      const ids = applyLiveIdMessage(s.ids, message);
      return ids === s.ids ? s : { ...s, ids };
    });
  });
  return current.ids.size;
}

/** Hours and minutes until the kick-off, rounded up to the minute; null once it is due. */
export function timeUntil(kickOffSec: number, nowSec: number): { hours: number; minutes: number } | null {
  const total = Math.ceil((kickOffSec - nowSec) / 60);
  if (total <= 0) return null;
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

export function NextKickOffLine({ next }: { next: NextKickOffView }) {
  const { t } = useTranslation('scores');
  const locale = useLocale();
  // The page's zone throughout (decision 115); the server and the hydrating render use the loader's clock.
  const timeZone = useTimeZone();
  const nowSec = useNowSec();
  const time = formatKickOffTime(next.kickOffSec, locale, timeZone);
  const until = timeUntil(next.kickOffSec, nowSec);
  const duration =
    until === null ? null : until.hours > 0 ? t('home.durationHm', { hours: until.hours, minutes: until.minutes }) : t('home.durationM', { minutes: until.minutes });
  return (
    <p data-testid="next-kick-off" className="border-b border-line px-3 py-2.5 text-sm">
      <span className="text-muted">{t('home.noLive')}</span>{' '}
      <LocalLink to={`/${next.sport}/Details/${next.matchId}`} className="font-semibold text-accent hover:underline">
        {t('home.nextKickOff', { home: next.home, away: next.away, time })}
      </LocalLink>
      {duration !== null && <span className="text-muted"> {t('home.nextIn', { duration })}</span>}
    </p>
  );
}
