import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/locale';
import { formatRelativeTime } from '../../../lib/relative-time';
import { useNowSec } from '../../../lib/use-clock';

/**
 * When a post or comment was written, as section 9's relative label ("just now", "5 minutes ago",
 * "3 days ago"); the exact time in its title. Before the reader's clock is known (a server render
 * without a clock) the date alone.
 */
export function PostTime({ at }: { at: string }) {
  const { t } = useTranslation('community');
  const locale = useLocale();
  const nowSec = useNowSec();
  const fromSec = Date.parse(at) / 1000;
  const exact = new Date(at).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const label = nowSec > 0 && Number.isFinite(fromSec) ? formatRelativeTime({ fromSec, nowSec, locale, justNow: t('feed.justNow') }) : exact;
  return (
    <time dateTime={at} title={exact} suppressHydrationWarning>
      {label}
    </time>
  );
}
