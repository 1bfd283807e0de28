import type { Locale } from '../../../core/locale';
import type { getT } from '../../i18n/i18n';
import { formatListDay } from './day';

/** The day a list page's loader read: the list's day and today (both days in the page's zone). */
export interface ListMetaDay {
  daySec: number;
  todaySec: number;
}

/**
 * A sport list's title and description for its day: today's list keeps "live scores today";
 * another day names its date, as results (a past day) or fixtures (a coming one), so no page
 * showing yesterday is titled "today" (every list title names the date it shows).
 */
export function listMetaTexts(
  t: ReturnType<typeof getT>,
  locale: Locale,
  sport: 'football' | 'basketball',
  day: ListMetaDay | undefined,
  timeZone: string,
): { title: string; description: string } {
  if (day === undefined || day.daySec === day.todaySec) {
    return { title: t(`meta.${sport}.title`), description: t(`meta.${sport}.description`) };
  }
  const when = day.daySec < day.todaySec ? 'past' : 'future';
  const values = { day: formatListDay(day.daySec, locale, timeZone) };
  return { title: t(`meta.${sport}.${when}Title`, values), description: t(`meta.${sport}.${when}Description`, values) };
}
