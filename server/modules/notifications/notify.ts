import { sql } from 'drizzle-orm';
import type { UserMessageInput } from '../../../core/contracts/live';
import type { z } from 'zod';
import type { NotificationKindDefinition, NotificationObject, UnreadCounts } from '../../../core/contracts/notifications';
import type { Db, DbTransaction } from '../../db/client';
import { notifications, notificationSettings } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';

/**
 * Writing and pushing notifications (decision 133). A producer calls `notify` inside the
 * transaction that causes the notification — the settlement's, the unlock's — so a rollback
 * leaves none; it answers the readers to tell, and after commit `publishNotifications` sends
 * each of them a `notification` message with their unread counts on `users/<id>`.
 * `withNotifications` runs a transaction and does both.
 */

/** One notification to write: its kind's definition (the sending feature's contract) and that kind's data. */
export interface NotificationInput<D extends NotificationKindDefinition = NotificationKindDefinition> {
  userId: number;
  kind: D;
  data: z.input<D['data']>;
  actorId?: number | null;
  object?: NotificationObject | null;
  /** names the cause: one notification per reader and key, however often the cause runs */
  dedupeKey: string;
}

/** A notification input whose data is checked against its kind at compile time (`notifyMany` takes a mix of kinds). */
export function notification<D extends NotificationKindDefinition>(kind: D, input: Omit<NotificationInput<D>, 'kind'>): NotificationInput {
  return { ...input, kind } as NotificationInput;
}

/** The live publisher's per-user face (server/live/publisher.ts). */
export interface NoticePublisher {
  publishToUser(userId: number, message: UserMessageInput): Promise<unknown> | unknown;
}

/** Where failures of the after-commit push go (the server's pino logger fits). */
export interface NoticeLog {
  error(data: Record<string, unknown>, message: string): void;
}

export interface NoticeDeps {
  db: Db;
  publisher?: NoticePublisher;
  log?: NoticeLog;
}

/** Rows per insert statement: a plan of a tipster with many followers is a few statements, never one per follower. */
const INSERT_SLICE = 2000;

/**
 * Writes the notifications inside the caller's transaction, one multi-row statement per
 * INSERT_SLICE rows. Skipped for a reader who switched the kind off, for a closed account, and
 * when the reader already has a notification with the same dedupe key. Each input's data is
 * checked against its kind's schema first (a producer's mistake throws and rolls back).
 * Returns the ids of the readers who got a new notification, each once.
 */
export async function notifyMany(tx: DbTransaction | Db, inputs: readonly NotificationInput[]): Promise<number[]> {
  if (inputs.length === 0) return [];
  const rows = inputs.map((input) => ({
    user_id: input.userId,
    kind: input.kind.kind,
    group_name: input.kind.group,
    actor_id: input.actorId ?? null,
    object_type: input.object?.type ?? null,
    object_id: input.object?.id ?? null,
    data: input.kind.data.parse(input.data) as unknown,
    dedupe_key: input.dedupeKey,
  }));
  const told = new Set<number>();
  for (let start = 0; start < rows.length; start += INSERT_SLICE) {
    const slice = JSON.stringify(rows.slice(start, start + INSERT_SLICE));
    const result = (await tx.execute(sql`
      insert into ${notifications} (user_id, kind, group_name, actor_id, object_type, object_id, data, dedupe_key)
      select v.user_id, v.kind, v.group_name, v.actor_id, v.object_type, v.object_id, v.data, v.dedupe_key
      from rows from (
        jsonb_to_recordset(${slice}::jsonb)
          as (user_id int, kind text, group_name text, actor_id int, object_type text, object_id int, data jsonb, dedupe_key text)
      ) with ordinality as v(user_id, kind, group_name, actor_id, object_type, object_id, data, dedupe_key, ord)
      join ${users} u on u.id = v.user_id and u.status <> 'closed'
      left join ${notificationSettings} s on s.user_id = v.user_id
      where coalesce((s.switches ->> v.kind)::boolean, true)
      -- ids in the producer's order, so a batch reads newest-last as it was written
      order by v.ord
      on conflict (user_id, dedupe_key) do nothing
      returning user_id`)) as unknown as { rows: { user_id: number }[] };
    for (const row of result.rows) told.add(Number(row.user_id));
  }
  return [...told];
}

/** One notification: `notifyMany` of one input. */
export function notify<D extends NotificationKindDefinition>(tx: DbTransaction | Db, input: NotificationInput<D>): Promise<number[]> {
  return notifyMany(tx, [input as NotificationInput]);
}

/** The unread counts of these readers (zeros for a reader without unread notifications). */
export async function readUnreadCounts(db: Db | DbTransaction, userIds: readonly number[]): Promise<Map<number, UnreadCounts>> {
  const counts = new Map<number, UnreadCounts>();
  for (const id of userIds) counts.set(id, { total: 0, interaction: 0, system: 0 });
  if (userIds.length === 0) return counts;
  const ids = `{${userIds.join(',')}}`;
  const result = (await db.execute(sql`
    select user_id, group_name, count(*)::int as n
    from ${notifications}
    where user_id = any(${ids}::int[]) and read_at is null
    group by user_id, group_name`)) as unknown as { rows: { user_id: number; group_name: 'interaction' | 'system'; n: number }[] };
  for (const row of result.rows) {
    const entry = counts.get(Number(row.user_id));
    if (!entry) continue;
    entry[row.group_name] = Number(row.n);
    entry.total += Number(row.n);
  }
  return counts;
}

/**
 * After commit only: tells each reader's open pages their unread counts as they stand now (a
 * `notification` message on `users/<id>`). QoS 0, like the pop-ups: a failure is logged, never
 * retried — the inbox is the record, and the bell reads it again on the next page.
 */
export async function publishNotifications(deps: NoticeDeps, userIds: readonly number[]): Promise<void> {
  const { publisher } = deps;
  if (!publisher || userIds.length === 0) return;
  const unique = [...new Set(userIds)];
  for (let start = 0; start < unique.length; start += 500) {
    const slice = unique.slice(start, start + 500);
    let counts: Map<number, UnreadCounts>;
    try {
      counts = await readUnreadCounts(deps.db, slice);
    } catch (error) {
      deps.log?.error({ err: error }, 'notifications: unread counts could not be read for the push');
      return;
    }
    for (let at = 0; at < slice.length; at += 100) {
      const batch = slice.slice(at, at + 100);
      const results = await Promise.allSettled(
        batch.map(async (userId) => publisher.publishToUser(userId, { type: 'notification', data: { unread: counts.get(userId)! } })),
      );
      results.forEach((result, index) => {
        if (result.status === 'rejected') deps.log?.error({ err: result.reason, userId: batch[index] }, 'notifications: a notification message could not be published');
      });
    }
  }
}

/** What a producer inside `withNotifications` hands its notifications to. */
export interface Notices {
  notify<D extends NotificationKindDefinition>(input: NotificationInput<D>): Promise<void>;
  notifyMany(inputs: readonly NotificationInput[]): Promise<void>;
}

/**
 * Runs `work` in one transaction with a `Notices` bound to it, and once it has committed
 * publishes to every reader it notified. A rollback (a thrown error) publishes nothing.
 */
export async function withNotifications<T>(deps: NoticeDeps, work: (tx: DbTransaction, notices: Notices) => Promise<T>): Promise<T> {
  const told = new Set<number>();
  const result = await deps.db.transaction(async (tx) =>
    work(tx, {
      async notify(input) {
        for (const id of await notifyMany(tx, [input as NotificationInput])) told.add(id);
      },
      async notifyMany(inputs) {
        for (const id of await notifyMany(tx, inputs)) told.add(id);
      },
    }),
  );
  await publishNotifications(deps, [...told]);
  return result;
}
