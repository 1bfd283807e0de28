import type { HistoryMatch } from '../../../core/contracts/match-centre';
import type { Locale } from '../../../core/locale';
import { isoOfLocale } from '../../lib/match-time';

/**
 * A date in lists of past and coming matches, e.g. "22.11.2025". Printed in UTC so the server's
 * text and the hydrating render agree (the lists are days in UTC too, see app/lib/match-time.ts).
 */
export function formatShortDate(epochSec: number, locale: Locale): string {
  return new Intl.DateTimeFormat(isoOfLocale(locale), { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(epochSec * 1000),
  );
}

/** The date and time of a match for page texts (titles, descriptions), in UTC and saying so. */
export function formatMatchTime(epochSec: number, locale: Locale): string {
  return new Intl.DateTimeFormat(isoOfLocale(locale), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(new Date(epochSec * 1000));
}

/** Finished football (8) or basketball (10) matches, and awarded ones, have a result to show. */
export function isPlayedHistory(match: Pick<HistoryMatch, 'status_id' | 'note' | 'outcome'>): boolean {
  return match.note === 'awarded' || match.outcome !== null || match.status_id === 8 || match.status_id === 10;
}
