import { betSettledNotification } from '../../../core/contracts/guessing-notifications';
import { defineNotificationView, settledMatchText } from '../../lib/notification-views';

/** The contest's notifications, worded with the settlement pop-up's words (namespace `live`) so both say the same. */
export const notificationViews = [
  defineNotificationView(betSettledNotification, {
    switchTexts: { label: 'notifications:settings.kinds.bet_settled.label', hint: 'notifications:settings.kinds.bet_settled.hint' },
    texts: ({ data }, t) => ({
      title: t(`live:user.guess_result.${data.outcome}`),
      body: settledMatchText(data, t),
    }),
    path: () => '/guessing/myBet',
  }),
];
