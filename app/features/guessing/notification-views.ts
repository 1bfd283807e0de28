import { betSettledNotification } from '../../../core/contracts/guessing-notifications';
import { defineNotificationView } from '../../lib/notification-views';

/** The contest's notifications, worded with the settlement pop-up's words (namespace `live`) so both say the same. */
export const notificationViews = [
  defineNotificationView(betSettledNotification, {
    switchTexts: { label: 'notifications:settings.kinds.bet_settled.label', hint: 'notifications:settings.kinds.bet_settled.hint' },
    texts: ({ data }, t) => ({
      title: t(`live:user.guess_result.${data.outcome}`),
      body: t(data.points > 0 ? 'live:user.matchResultPoints' : 'live:user.matchResult', {
        home: data.home,
        away: data.away,
        homeScore: data.home_score,
        awayScore: data.away_score,
        count: data.points,
      }),
    }),
    path: () => '/guessing/myBet',
  }),
];
