import * as Toast from '@radix-ui/react-toast';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FOLLOW_ADDED_TEXTS } from '../../i18n/i18n';
import { useLateTexts } from '../../i18n/use-late-texts';
import { Link } from 'react-router';
import { NOTIFICATION_DURATION_MS } from '../../../core/constants';
import { dismissNotice, subscribeNotices, type Notice } from './notice-store';

const NOTICE_NAMESPACES = ['common'] as const;

/** Renders the notices of notice-store as Radix toasts (4500 ms each, section 9). */
export function NoticeToaster() {
  // Mounted only after hydration: the locale's texts may arrive after the first render, and the
  // labels must follow them (bindI18nStore) instead of staying as keys.
  const { t } = useTranslation('common', FOLLOW_ADDED_TEXTS);
  useLateTexts(NOTICE_NAMESPACES);
  const [notices, setNotices] = useState<readonly Notice[]>([]);

  useEffect(() => subscribeNotices(setNotices), []);

  return (
    // Radix's default names ("Notifications (F8)", "Notification") would be English on every page.
    <Toast.Provider duration={NOTIFICATION_DURATION_MS} swipeDirection="right" label={t('layout.notice.label')}>
      {notices.map((notice) => (
        <Toast.Root
          key={notice.id}
          onOpenChange={(open) => {
            if (!open) dismissNotice(notice.id);
          }}
          className="flex items-center gap-3 rounded-md border border-line bg-surface px-4 py-3 text-text shadow-lg data-[state=closed]:opacity-0 data-[swipe=end]:translate-x-full"
        >
          <Toast.Description className="flex-1">{notice.message}</Toast.Description>
          {notice.action ? (
            <Toast.Action altText={notice.action.label} asChild>
              <Link
                to={notice.action.to}
                onClick={() => dismissNotice(notice.id)}
                className="rounded bg-accent px-3 py-1 font-semibold text-accent-contrast hover:bg-accent-strong"
              >
                {notice.action.label}
              </Link>
            </Toast.Action>
          ) : null}
          <Toast.Close aria-label={t('layout.notice.close')} className="rounded px-1 text-muted hover:text-text">
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        label={t('layout.notice.region')}
        className="fixed top-16 left-1/2 z-[var(--z-index-layer)] flex w-[min(92vw,24rem)] -translate-x-1/2 flex-col gap-2 outline-none"
      />
    </Toast.Provider>
  );
}
