import { z } from 'zod';
import { defineNotificationKind, NOTIFICATION_FIELDS as f, SettledMatchNotificationData } from './notifications';

/** The prediction centre's notifications (decision 133); each points at its plan (`{ type: 'plan', id }`). */

/** A plan the reader published (`role: tipster`) or unlocked (`buyer`) was settled; `points` returned to a buyer by a void, else 0. */
export const planSettledNotification = defineNotificationKind({
  kind: 'plan_settled',
  group: 'system',
  data: SettledMatchNotificationData.extend({ role: z.enum(['tipster', 'buyer']) }),
});

/** A fan unlocked the reader's plan; `points` is the tipster's share of the price. */
export const planSoldNotification = defineNotificationKind({
  kind: 'plan_sold',
  group: 'interaction',
  data: z.object({ match_id: f.matchId, home: f.teamName, away: f.teamName, points: f.points }),
});

/** A tipster the reader follows published a plan. */
export const planPublishedNotification = defineNotificationKind({
  kind: 'plan_published',
  group: 'interaction',
  data: z.object({ match_id: f.matchId, home: f.teamName, away: f.teamName, free: z.boolean() }),
});
