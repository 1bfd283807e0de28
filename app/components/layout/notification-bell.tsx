import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { badgeText, applyUserMessageToBell, refreshUnreadCounts, setUnreadCounts, useUnreadCounts } from '../../live/notification-bell';
import { useUserMessages } from '../../live/live-provider';
import { LocalLink } from '../local-link';
import { BellIcon } from './icons';

/**
 * The signed-in reader's bell in the header: a link to the inbox with the unread count, read
 * after hydration and moved live by `notification` messages of the reader's topic (decision 133).
 */
export function NotificationBell({ userId }: { userId: number }) {
  const { t } = useTranslation('common');
  const counts = useUnreadCounts();

  useEffect(() => {
    void refreshUnreadCounts();
    // Another reader signing in on this tab starts from their own count.
    return () => setUnreadCounts(null);
  }, [userId]);
  useUserMessages(applyUserMessageToBell);

  const total = counts?.total ?? 0;
  const badge = badgeText(total);
  return (
    <LocalLink
      to="/notifications"
      aria-label={total > 0 ? t('layout.notifications.unread', { count: total }) : t('layout.notifications.label')}
      className="relative flex h-10 w-10 items-center justify-center rounded text-header-fg hover:bg-white/15 aria-[current=page]:bg-white/15"
    >
      <BellIcon className="h-5 w-5" />
      {badge !== '' && (
        <span
          aria-hidden="true"
          data-testid="notification-badge"
          className="absolute top-1 right-0.5 min-w-[1.25rem] rounded-full bg-white px-1 text-center text-xs leading-5 font-bold text-header tabular-nums dark:bg-header-fg"
        >
          {badge}
        </span>
      )}
    </LocalLink>
  );
}
