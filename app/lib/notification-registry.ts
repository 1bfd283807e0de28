import type { TFunction } from 'i18next';
import type { Notification } from '../../core/contracts/notifications';
import type { NotificationView } from './notification-views';

/**
 * Every feature's notification views (app/features/<feature>/notification-views.ts), found by
 * their file name: a new kind is worded in its feature's folder, and no list here changes.
 * Loaded with the inbox and the settings page only (both lazy routes).
 */
const files = import.meta.glob<{ notificationViews: readonly NotificationView[] }>('../features/*/notification-views.ts', { eager: true });

const VIEWS = new Map<string, NotificationView>();
for (const [file, module] of Object.entries(files)) {
  for (const view of module.notificationViews) {
    if (VIEWS.has(view.kind)) throw new Error(`notification kind "${view.kind}" is worded twice (${file})`);
    VIEWS.set(view.kind, view);
  }
}

export function findNotificationView(kind: string): NotificationView | null {
  return VIEWS.get(kind) ?? null;
}

/**
 * Title, text and destination of an inbox item. A kind the site no longer words (a retired
 * feature's old rows), or data that does not fit its kind, gets a plain wording and no link
 * rather than breaking the inbox.
 */
export function wordNotification(notification: Notification, t: TFunction): { title: string; body: string; path: string | null } {
  const view = findNotificationView(notification.kind);
  const texts = view?.texts(notification, t) ?? null;
  if (!view || !texts) return { title: t('notifications:kind.other.title'), body: t('notifications:kind.other.body'), path: null };
  return { ...texts, path: view.path(notification) };
}
