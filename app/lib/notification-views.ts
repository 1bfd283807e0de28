import type { TFunction } from 'i18next';
import { asNotificationOf, type Notification, type NotificationKindDefinition, type NotificationOf, type SettledMatchNotification } from '../../core/contracts/notifications';

/**
 * How the browser words a kind of notification (decision 133): the feature that sends the kind
 * says it in its own folder, `app/features/<feature>/notification-views.ts`, exporting
 * `notificationViews`; the inbox and the settings page find every such file
 * (app/lib/notification-registry.ts). A notification carries data, never a sentence.
 */
export interface NotificationView {
  kind: string;
  /** text keys (with their namespace) of the kind's switch in the notification settings */
  switchTexts: { label: string; hint: string };
  /** title and text in the reader's language; null when the item is not of this kind or its data does not fit */
  texts(notification: Notification, t: TFunction): { title: string; body: string } | null;
  /** where the item leads, without the language prefix; null for nowhere */
  path(notification: Notification): string | null;
}

export function defineNotificationView<D extends NotificationKindDefinition>(
  kind: D,
  view: {
    switchTexts: { label: string; hint: string };
    texts(notification: NotificationOf<D>, t: TFunction): { title: string; body: string };
    path?(notification: NotificationOf<D>): string | null;
  },
): NotificationView {
  return {
    kind: kind.kind,
    switchTexts: view.switchTexts,
    texts(notification, t) {
      const typed = asNotificationOf(kind, notification);
      return typed ? view.texts(typed, t) : null;
    },
    path(notification) {
      const typed = asNotificationOf(kind, notification);
      return typed && view.path ? view.path(typed) : null;
    },
  };
}

/**
 * The text of a settlement's notification, in the pop-up's words (namespace `live`): the match,
 * its score and the points it brought, so the inbox and the pop-up say the same thing.
 */
export function settledMatchText(data: SettledMatchNotification, t: TFunction): string {
  return t(data.points > 0 ? 'live:user.matchResultPoints' : 'live:user.matchResult', {
    home: data.home,
    away: data.away,
    homeScore: data.home_score,
    awayScore: data.away_score,
    count: data.points,
  });
}
