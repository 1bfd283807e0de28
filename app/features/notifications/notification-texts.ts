import type { TFunction } from 'i18next';
import type { Notification } from '../../../core/contracts/notifications';

/**
 * Title and text of a notification, in the reader's language (the row stores data, never a
 * sentence). Settlements use the words of their pop-ups (namespace `live`), so the inbox and
 * the pop-up say the same thing.
 */
export function notificationTexts(notification: Notification, t: TFunction): { title: string; body: string } {
  switch (notification.kind) {
    case 'bet_settled':
    case 'plan_settled': {
      const { data } = notification;
      const group = notification.kind === 'bet_settled' ? 'guess_result' : notification.data.role === 'buyer' ? 'pre_result_unlocked' : 'pre_result';
      return {
        title: t(`live:user.${group}.${data.outcome}`),
        body: t(data.points > 0 ? 'live:user.matchResultPoints' : 'live:user.matchResult', {
          home: data.home,
          away: data.away,
          homeScore: data.home_score,
          awayScore: data.away_score,
          count: data.points,
        }),
      };
    }
    case 'plan_sold': {
      const { data, actor } = notification;
      return {
        title: actor ? t('notifications:kind.plan_sold.title', { nickname: actor.nickname }) : t('notifications:kind.plan_sold.titleNoName'),
        body: t('notifications:kind.plan_sold.body', { home: data.home, away: data.away, count: data.points }),
      };
    }
    case 'plan_published': {
      const { data, actor } = notification;
      return {
        title: actor ? t('notifications:kind.plan_published.title', { nickname: actor.nickname }) : t('notifications:kind.plan_published.titleNoName'),
        body: t(data.free ? 'notifications:kind.plan_published.bodyFree' : 'notifications:kind.plan_published.body', { home: data.home, away: data.away }),
      };
    }
    case 'contact_answered':
      return {
        title: t('notifications:kind.contact_answered.title'),
        body: t('notifications:kind.contact_answered.body', { excerpt: notification.data.excerpt }),
      };
  }
}
