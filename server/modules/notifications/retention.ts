import { and, inArray, isNotNull, lte, or } from 'drizzle-orm';
import { NOTIFICATION_READ_RECORD_DAYS, NOTIFICATION_RECORD_DAYS } from '../../../core/contracts/notifications';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import type { JobDefinition } from '../../jobs/runner';

const DAY_MS = 86_400_000;
/** Rows per statement: one run never holds many rows at once. */
const BATCH = 1000;

/**
 * The inbox keeps what a reader may still look for (decision 133, the Privacy page): a read
 * notification NOTIFICATION_READ_RECORD_DAYS after it was read, any notification
 * NOTIFICATION_RECORD_DAYS after it was written. Batch by batch; a second run at the same moment
 * deletes nothing. Returns how many it deleted.
 */
export async function deleteOldNotifications(options: { db: Db; now: Date }): Promise<number> {
  const { db, now } = options;
  const readCutoff = new Date(now.getTime() - NOTIFICATION_READ_RECORD_DAYS * DAY_MS);
  const cutoff = new Date(now.getTime() - NOTIFICATION_RECORD_DAYS * DAY_MS);
  const old = or(and(isNotNull(notifications.readAt), lte(notifications.readAt, readCutoff)), lte(notifications.createdAt, cutoff));
  let deleted = 0;
  for (;;) {
    const ids = (await db.select({ id: notifications.id }).from(notifications).where(old).limit(BATCH)).map((row) => row.id);
    if (ids.length === 0) return deleted;
    await db.delete(notifications).where(and(inArray(notifications.id, ids), old));
    deleted += ids.length;
    if (ids.length < BATCH) return deleted;
  }
}

/** deleteOldNotifications as a job of the runner: on the leading process, at once and then hourly. */
export function notificationRetentionJob(options: { db: Db; onDeleted?: (count: number) => void }): JobDefinition {
  return {
    name: 'notification-retention',
    everyMs: 60 * 60 * 1000,
    async run({ now }) {
      const count = await deleteOldNotifications({ db: options.db, now });
      if (count > 0) options.onDeleted?.(count);
    },
  };
}
