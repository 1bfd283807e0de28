import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/locale';
import { useTimeZone } from '../../../lib/time-zone';
import { useNowSec } from '../../../lib/use-clock';
import { formatListDay, relativeListDay, type RelativeDay } from '../day';

/**
 * Today / yesterday / tomorrow for a list's day, in the zone the page is rendered in. The
 * server and the hydrating render judge it by the loader's clock (ServerNowContext), so the
 * first byte already says "Today" and hydration changes nothing; the ticking clock takes over
 * after (past midnight, today's list becomes yesterday's).
 */
export function useRelativeListDay(daySec: number, loaderNowSec = 0): RelativeDay | null {
  const timeZone = useTimeZone();
  const clock = useNowSec();
  // Outside ServerNowContext (a page calling this above its provider) the loader's clock is passed in.
  const nowSec = clock > 0 ? clock : loaderNowSec;
  return nowSec > 0 ? relativeListDay(daySec, nowSec * 1000, timeZone) : null;
}

/** A list's title for its day: "Monday, November 23", or "Today, Monday, November 23" when it is. */
export function useListDayTitle(daySec: number, loaderNowSec = 0): string {
  const { t } = useTranslation('scores');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const relative = useRelativeListDay(daySec, loaderNowSec);
  const day = formatListDay(daySec, locale, timeZone);
  return relative === null ? t('day.title', { day }) : t('day.relativeTitle', { relative: t(`day.${relative}`), day });
}
