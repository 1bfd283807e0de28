import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/locale';
import { useHydrated } from '../../../lib/use-clock';
import { formatListDay, relativeListDay, type RelativeDay } from '../day';

/**
 * Today / yesterday / tomorrow for a list's day, in the reader's own zone. The server does not
 * know that zone, so it (and the hydrating render) says nothing relative; the browser adds it.
 */
export function useRelativeListDay(daySec: number): RelativeDay | null {
  const hydrated = useHydrated();
  return hydrated ? relativeListDay(daySec, Date.now()) : null;
}

/** A list's title for its day: "Monday, November 23", or "Today, Monday, November 23" when it is. */
export function useListDayTitle(daySec: number): string {
  const { t } = useTranslation('scores');
  const locale = useLocale();
  const relative = useRelativeListDay(daySec);
  const day = formatListDay(daySec, locale);
  return relative === null ? t('day.title', { day }) : t('day.relativeTitle', { relative: t(`day.${relative}`), day });
}
