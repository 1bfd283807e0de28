import { z } from 'zod';
import { defineNotificationKind } from './notifications';

/** Someone started following the reader: once per follower, however often they unfollow and follow again. */
export const socialFollowedNotification = defineNotificationKind({
  kind: 'social.followed',
  group: 'interaction',
  data: z.object({
    user_id: z.number().int().positive(),
    nickname: z.string().max(40),
  }),
});

export const SOCIAL_NOTIFICATION_KINDS = [socialFollowedNotification] as const;
