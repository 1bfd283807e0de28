import { planPublishedNotification, planSettledNotification, planSoldNotification } from '../../../core/contracts/forecast-notifications';
import { defineNotificationView, settledMatchText } from '../../lib/notification-views';

const planPath = ({ object }: { object: { id: number } | null }) => (object ? `/forecast/plan/${object.id}` : null);
const switchTexts = (kind: string) => ({ label: `notifications:settings.kinds.${kind}.label`, hint: `notifications:settings.kinds.${kind}.hint` });

/** The prediction centre's notifications; each leads to its plan. Settlements use the pop-up's words (namespace `live`). */
export const notificationViews = [
  defineNotificationView(planSettledNotification, {
    switchTexts: switchTexts('plan_settled'),
    texts: ({ data }, t) => ({
      title: t(`live:user.${data.role === 'buyer' ? 'pre_result_unlocked' : 'pre_result'}.${data.outcome}`),
      body: settledMatchText(data, t),
    }),
    path: planPath,
  }),
  defineNotificationView(planSoldNotification, {
    switchTexts: switchTexts('plan_sold'),
    texts: ({ data, actor }, t) => ({
      title: actor ? t('notifications:kind.plan_sold.title', { nickname: actor.nickname }) : t('notifications:kind.plan_sold.titleNoName'),
      body: t('notifications:kind.plan_sold.body', { home: data.home, away: data.away, count: data.points }),
    }),
    path: planPath,
  }),
  defineNotificationView(planPublishedNotification, {
    switchTexts: switchTexts('plan_published'),
    texts: ({ data, actor }, t) => ({
      title: actor ? t('notifications:kind.plan_published.title', { nickname: actor.nickname }) : t('notifications:kind.plan_published.titleNoName'),
      body: t(data.free ? 'notifications:kind.plan_published.bodyFree' : 'notifications:kind.plan_published.body', { home: data.home, away: data.away }),
    }),
    path: planPath,
  }),
];
