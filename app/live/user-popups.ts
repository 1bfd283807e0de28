import type { TFunction } from 'i18next';
import type { AlertSettings } from '../../core/alerts';
import type { UserMessage } from '../../core/contracts/live';
import { getAlertSettings } from './alert-settings';
import { pushPopup } from './popup-queue';
import { showResultPopup } from './result-popups';

/** A user message that shows as a pop-up: every kind but `notification`, which moves the bell (decision 133). */
export type PopupUserMessage = Exclude<UserMessage, { type: 'notification' }>;

/** Title and text of a user message's pop-up, in the reader's language. */
export function userMessageTexts(message: PopupUserMessage, t: TFunction<'live'>): { title: string; body: string } {
  switch (message.type) {
    case 'guess_result':
    case 'pre_result': {
      const { data } = message;
      // A fan who unlocked someone else's plan is told about "a plan you unlocked", not "your plan".
      const group = message.type === 'pre_result' && message.data.role === 'buyer' ? 'pre_result_unlocked' : message.type;
      return {
        title: t(`user.${group}.${data.outcome}`),
        body: t(data.points > 0 ? 'user.matchResultPoints' : 'user.matchResult', {
          home: data.home,
          away: data.away,
          homeScore: data.home_score,
          awayScore: data.away_score,
          count: data.points,
        }),
      };
    }
    case 'activity_result':
      return {
        title: t(`user.activity_result.${message.data.outcome}`),
        body: t(message.data.points > 0 ? 'user.activityResultPoints' : 'user.activityResult', {
          name: message.data.name,
          count: message.data.points,
        }),
      };
    case 'product':
      return { title: t(`user.product.${message.data.status}`), body: message.data.name };
  }
}

/**
 * Shows the pop-up of a message from the reader's own topic. Guessing, prediction and activity
 * results follow their notification settings (all on by default); points-mall orders have no
 * setting and always show. A `notification` message is no pop-up: the header's bell shows it.
 * Returns whether a pop-up was shown.
 */
export function showUserMessage(message: UserMessage, t: TFunction<'live'>, settings: AlertSettings = getAlertSettings()): boolean {
  if (message.type === 'notification') return false;
  const texts = userMessageTexts(message, t);
  if (message.type === 'product') {
    pushPopup({ kind: 'message', ...texts });
    return true;
  }
  return showResultPopup({ kind: message.type, ...texts }, settings);
}
