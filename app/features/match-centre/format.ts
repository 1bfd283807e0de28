import type { HistoryMatch } from '../../../core/contracts/match-centre';
import type { Locale } from '../../../core/locale';
import { dateTimeFormat } from '../../lib/intl';
import { isoOfLocale } from '../../lib/match-time';

/**
 * A date in lists of past and coming matches, e.g. "22.11.2025", in the zone the page is
 * rendered in (decision 115), so the server's text and the hydrating render agree.
 */
export function formatShortDate(epochSec: number, locale: Locale, timeZone: string): string {
  return dateTimeFormat(isoOfLocale(locale), { day: '2-digit', month: '2-digit', year: 'numeric', timeZone }).format(new Date(epochSec * 1000));
}

/** The date and time of a match for page texts (titles, descriptions), in the page's zone and saying which. */
export function formatMatchTime(epochSec: number, locale: Locale, timeZone: string): string {
  return dateTimeFormat(isoOfLocale(locale), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(epochSec * 1000));
}

/** Finished football (8) or basketball (10) matches, and awarded ones, have a result to show. */
export function isPlayedHistory(match: Pick<HistoryMatch, 'status_id' | 'note' | 'outcome'>): boolean {
  return match.note === 'awarded' || match.outcome !== null || match.status_id === 8 || match.status_id === 10;
}
