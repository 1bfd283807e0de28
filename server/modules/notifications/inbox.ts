import { and, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import {
  NotificationSchema,
  notificationSwitchesOf,
  type Notification,
  type NotificationGroup,
  type NotificationListData,
  type NotificationListQuery,
  type NotificationSwitches,
  type UnreadCounts,
} from '../../../core/contracts/notifications';
import type { Db } from '../../db/client';
import { notifications, notificationSettings } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import { AppError, invalidFields } from '../../errors';
import { publishNotifications, readUnreadCounts, type NoticeDeps } from './notify';

/**
 * The reader's inbox (decision 133). Every read and write is scoped to the reader: a
 * notification of someone else answers exactly as a missing one, 404 NOT_FOUND.
 */

const notFound = () => new AppError('NOT_FOUND', { message: 'notifications.notFound' });

/** One group of the reader's notifications, newest first, `size` after the `cursor` id. */
export async function listNotifications(db: Db, options: { userId: number } & NotificationListQuery): Promise<NotificationListData> {
  const { userId, group, cursor, size } = options;
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      group: notifications.group,
      actorId: notifications.actorId,
      actorNickname: users.nickname,
      actorStatus: users.status,
      objectType: notifications.objectType,
      objectId: notifications.objectId,
      data: notifications.data,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(and(eq(notifications.userId, userId), eq(notifications.group, group), cursor === undefined ? undefined : lt(notifications.id, cursor)))
    .orderBy(desc(notifications.id))
    .limit(size + 1);
  const page = rows.slice(0, size);
  const list: Notification[] = [];
  for (const row of page) {
    // A row whose stored data no longer fits its kind is left out rather than answered broken.
    const parsed = NotificationSchema.safeParse({
      id: row.id,
      kind: row.kind,
      group: row.group,
      actor: row.actorId !== null && row.actorNickname !== null && row.actorStatus !== 'closed' ? { id: row.actorId, nickname: row.actorNickname } : null,
      object: row.objectType !== null && row.objectId !== null ? { type: row.objectType, id: row.objectId } : null,
      data: row.data,
      created_at: row.createdAt.toISOString(),
      read: row.readAt !== null,
    });
    if (parsed.success) list.push(parsed.data);
  }
  return { list, next_cursor: rows.length > size ? (page.at(-1)?.id ?? null) : null };
}

/** The reader's unread counts, all and per group. */
export async function countUnread(db: Db, options: { userId: number }): Promise<UnreadCounts> {
  return (await readUnreadCounts(db, [options.userId])).get(options.userId)!;
}

/**
 * Marks these notifications read. All of them must be the reader's: one that is not (someone
 * else's, deleted, never existed) answers 404 and nothing changes. Marking a read one again
 * changes nothing. Answers the counts after the change and pushes them to the reader's other pages.
 */
export async function markNotificationsRead(deps: NoticeDeps, options: { userId: number; ids: readonly number[]; now: Date }): Promise<UnreadCounts> {
  const ids = [...new Set(options.ids)];
  await deps.db.transaction(async (tx) => {
    const owned = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, options.userId), inArray(notifications.id, ids)));
    if (owned.length !== ids.length) throw notFound();
    await tx
      .update(notifications)
      .set({ readAt: options.now })
      .where(and(eq(notifications.userId, options.userId), inArray(notifications.id, ids), isNull(notifications.readAt)));
  });
  return countsAfterChange(deps, options.userId);
}

/** Marks every unread notification of one group read. */
export async function markAllNotificationsRead(deps: NoticeDeps, options: { userId: number; group: NotificationGroup; now: Date }): Promise<UnreadCounts> {
  await deps.db
    .update(notifications)
    .set({ readAt: options.now })
    .where(and(eq(notifications.userId, options.userId), eq(notifications.group, options.group), isNull(notifications.readAt)));
  return countsAfterChange(deps, options.userId);
}

/** Deletes one of the reader's notifications; 404 for any other id. */
export async function deleteNotification(deps: NoticeDeps, options: { userId: number; id: number }): Promise<UnreadCounts> {
  const deleted = await deps.db
    .delete(notifications)
    .where(and(eq(notifications.id, options.id), eq(notifications.userId, options.userId)))
    .returning({ id: notifications.id });
  if (deleted.length === 0) throw notFound();
  return countsAfterChange(deps, options.userId);
}

async function countsAfterChange(deps: NoticeDeps, userId: number): Promise<UnreadCounts> {
  // The reader's other tabs and devices move their bell too.
  await publishNotifications(deps, [userId]);
  return countUnread(deps.db, { userId });
}

/** The reader's per-kind switches (every kind on until switched off). */
export async function getNotificationSwitches(db: Db, options: { userId: number; kinds: readonly string[] }): Promise<NotificationSwitches> {
  const [row] = await db.select({ switches: notificationSettings.switches }).from(notificationSettings).where(eq(notificationSettings.userId, options.userId));
  return notificationSwitchesOf(options.kinds, row?.switches);
}

/**
 * Changes some switches; the others keep their value. Only the kinds switched off are stored. A
 * kind the site does not send (`kinds`: the kinds the modules list) is refused, 400, and nothing changes.
 */
export async function updateNotificationSwitches(
  db: Db,
  options: { userId: number; kinds: readonly string[]; changes: NotificationSwitches; now: Date },
): Promise<NotificationSwitches> {
  const unknown = Object.keys(options.changes).filter((kind) => !options.kinds.includes(kind));
  if (unknown.length > 0) throw invalidFields(unknown.map((kind) => ({ field: kind, message: 'notifications.settings.unknownKind' })));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ switches: notificationSettings.switches })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, options.userId))
      .for('update');
    const switches = { ...notificationSwitchesOf(options.kinds, row?.switches), ...options.changes };
    const off = Object.fromEntries(Object.entries(switches).filter(([, on]) => !on).map(([kind]) => [kind, false]));
    await tx
      .insert(notificationSettings)
      .values({ userId: options.userId, switches: off, updatedAt: options.now })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { switches: off, updatedAt: options.now } });
    return switches;
  });
}
