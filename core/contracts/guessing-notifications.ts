import { defineNotificationKind, SettledMatchNotificationData } from './notifications';

/** A bet of the reader's was settled (or its settlement corrected): the match, the outcome and the payout (0 for a lost bet). */
export const betSettledNotification = defineNotificationKind({
  kind: 'bet_settled',
  group: 'system',
  data: SettledMatchNotificationData,
});
