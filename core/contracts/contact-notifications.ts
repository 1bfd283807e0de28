import { z } from 'zod';
import { defineNotificationKind } from './notifications';

/** Staff answered the reader's contact message: its topic and the beginning of the answer (the whole answer went by mail). */
export const contactAnsweredNotification = defineNotificationKind({
  kind: 'contact_answered',
  group: 'system',
  data: z.object({ topic: z.string().min(1).max(40), excerpt: z.string().max(300) }),
});
