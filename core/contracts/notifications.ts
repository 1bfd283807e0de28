import { z } from 'zod';
import { SettlementOutcomeSchema } from './live';
import { defineEndpoint } from './endpoints';

/**
 * Durable notifications (decision 133): the inbox of the personal centre, its unread counts
 * and the per-kind switches. Specification section 1 ("interaction and system messages"):
 * every notification belongs to one of two groups. A notification carries data, never a
 * sentence: the browser words it in the reader's language.
 */

export const NOTIFICATION_GROUPS = ['interaction', 'system'] as const;
export const NotificationGroupSchema = z.enum(NOTIFICATION_GROUPS);
export type NotificationGroup = z.infer<typeof NotificationGroupSchema>;

/**
 * A kind of notification, declared by the feature that sends it, in its own contract file
 * (`betSettledNotification` in core/contracts/guessing.ts, `planSoldNotification` in
 * forecast.ts…): its name, its group and the data it stores, validated before it is written. The
 * server's module definition lists the feature's kinds (`notificationKinds`), which gives them a
 * switch; the feature's app folder words them (`notification-views.ts`). This file never changes
 * for a new kind.
 */
export interface NotificationKindDefinition<K extends string = string, D extends z.ZodType = z.ZodType> {
  kind: K;
  group: NotificationGroup;
  data: D;
}

/** A kind's name: lower case, digits, `_` and `.` (a feature's prefix), at most 40 characters. */
export const NOTIFICATION_KIND_PATTERN = /^[a-z][a-z0-9_.]{0,39}$/;
export const NotificationKindNameSchema = z.string().regex(NOTIFICATION_KIND_PATTERN);

export function defineNotificationKind<const K extends string, D extends z.ZodType>(
  definition: NotificationKindDefinition<K, D>,
): NotificationKindDefinition<K, D> {
  if (!NOTIFICATION_KIND_PATTERN.test(definition.kind)) throw new Error(`notification kind "${definition.kind}": lower case, digits, _ and . only`);
  return definition;
}

/** What a notification points at (a plan, the reader's bets, a message): its type is the sending feature's word. */
export const NotificationObjectSchema = z.object({ type: z.string().regex(NOTIFICATION_KIND_PATTERN), id: z.number().int() });
export type NotificationObject = z.infer<typeof NotificationObjectSchema>;

/** Fields many kinds' data share (a match's teams and score, points), each bounded. */
export const NOTIFICATION_FIELDS = {
  matchId: z.number().int().positive(),
  teamName: z.string().min(1).max(200),
  score: z.number().int().min(0).max(1000),
  points: z.number().int().min(0).max(1_000_000_000),
} as const;

/**
 * A settled match as a settlement's notification keeps it (a bet's, a plan's): the teams, the
 * final score, the outcome and the points it brought (a payout, a refund; 0 for none).
 */
export const SettledMatchNotificationData = z.object({
  match_id: NOTIFICATION_FIELDS.matchId,
  home: NOTIFICATION_FIELDS.teamName,
  away: NOTIFICATION_FIELDS.teamName,
  home_score: NOTIFICATION_FIELDS.score,
  away_score: NOTIFICATION_FIELDS.score,
  outcome: SettlementOutcomeSchema,
  points: NOTIFICATION_FIELDS.points,
});
export type SettledMatchNotification = z.infer<typeof SettledMatchNotificationData>;

const actorSchema = z.object({ id: z.number().int(), nickname: z.string() }).nullable();

/**
 * One notification of the inbox. The data is checked against its kind where the kind is worded
 * (the feature's view in the browser); here it is any object, so a notification of a kind the
 * site no longer sends still lists (with a plain wording) instead of breaking the inbox.
 */
export const NotificationSchema = z.object({
  id: z.number().int(),
  kind: NotificationKindNameSchema,
  group: NotificationGroupSchema,
  /** who caused it (the buyer, the tipster); null for the site itself or a closed account */
  actor: actorSchema,
  object: NotificationObjectSchema.nullable(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** A notification of one kind, its data as the kind declares it. */
export type NotificationOf<D extends NotificationKindDefinition> = Omit<Notification, 'kind' | 'data'> & {
  kind: D['kind'];
  data: z.output<D['data']>;
};

/** The notification as its kind, or null when it is of another kind or its data does not fit. */
export function asNotificationOf<D extends NotificationKindDefinition>(definition: D, notification: Notification): NotificationOf<D> | null {
  if (notification.kind !== definition.kind) return null;
  const data = definition.data.safeParse(notification.data);
  return data.success ? { ...notification, kind: definition.kind, data: data.data as z.output<D['data']> } : null;
}

/** A read notification is deleted this many days after it was read (decision 133, the Privacy page). */
export const NOTIFICATION_READ_RECORD_DAYS = 90;
/** Any notification, read or not, is deleted this many days after it was written. */
export const NOTIFICATION_RECORD_DAYS = 365;

export const NOTIFICATION_PAGE_MAX = 50;
const id = z.coerce.number().int().min(1).max(2_147_483_647);

/**
 * GET /api/notifications: one group, newest first. `cursor` is the last id of the page before:
 * pages are keyed by id, so notifications arriving meanwhile never shift or repeat a page.
 */
export const NotificationListQuerySchema = z.object({
  group: NotificationGroupSchema,
  cursor: id.optional(),
  size: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_MAX).optional().default(20),
});
export type NotificationListQuery = z.output<typeof NotificationListQuerySchema>;

export const NotificationListDataSchema = z.object({
  list: z.array(NotificationSchema),
  /** pass as `cursor` for the next page; null when this was the last */
  next_cursor: z.number().int().nullable(),
});
export type NotificationListData = z.infer<typeof NotificationListDataSchema>;

/** The bell's figures: unread notifications, all and per group. */
export const UnreadCountsSchema = z.object({
  total: z.number().int().min(0),
  interaction: z.number().int().min(0),
  system: z.number().int().min(0),
});
export type UnreadCounts = z.infer<typeof UnreadCountsSchema>;

/** POST /api/notifications/read: these notifications (all the reader's, or nothing changes). */
export const MarkReadBodySchema = z.object({
  ids: z.array(z.number().int().min(1).max(2_147_483_647)).min(1).max(NOTIFICATION_PAGE_MAX),
});
/** POST /api/notifications/read-all: every unread notification of one group. */
export const MarkAllReadBodySchema = z.object({ group: NotificationGroupSchema });
export const NotificationParamsSchema = z.object({ id });

/**
 * The per-kind switches: a kind switched off is not written for the reader at all. The server
 * answers one switch per kind the site sends (the kinds its modules list); every kind is on
 * until switched off, and only the kinds switched off are stored.
 */
export const NotificationSwitchesSchema = z.record(NotificationKindNameSchema, z.boolean());
export type NotificationSwitches = z.infer<typeof NotificationSwitchesSchema>;
/** PUT /api/notifications/settings: the switches to change (at least one; the server refuses a kind it does not send). */
export const UpdateNotificationSwitchesSchema = NotificationSwitchesSchema.refine((value) => Object.keys(value).length > 0, {
  error: 'notifications.settings.empty',
});

/** The switches of these kinds from a stored override object: every kind on unless stored as false; anything else ignored. */
export function notificationSwitchesOf(kinds: readonly string[], stored: unknown): NotificationSwitches {
  const switches: NotificationSwitches = Object.fromEntries(kinds.map((kind) => [kind, true]));
  if (typeof stored !== 'object' || stored === null) return switches;
  for (const kind of kinds) {
    if ((stored as Record<string, unknown>)[kind] === false) switches[kind] = false;
  }
  return switches;
}

/** The inbox endpoints (core/contracts/endpoints.ts). */
export const notificationsEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/api/notifications', query: NotificationListQuerySchema, data: NotificationListDataSchema }),
  unread: defineEndpoint({ method: 'GET', path: '/api/notifications/unread', data: UnreadCountsSchema }),
  markRead: defineEndpoint({ method: 'POST', path: '/api/notifications/read', body: MarkReadBodySchema, data: UnreadCountsSchema }),
  markAllRead: defineEndpoint({ method: 'POST', path: '/api/notifications/read-all', body: MarkAllReadBodySchema, data: UnreadCountsSchema }),
  remove: defineEndpoint({ method: 'DELETE', path: '/api/notifications/:id', data: UnreadCountsSchema }),
  switches: defineEndpoint({ method: 'GET', path: '/api/notifications/settings', data: NotificationSwitchesSchema }),
  updateSwitches: defineEndpoint({ method: 'PUT', path: '/api/notifications/settings', body: UpdateNotificationSwitchesSchema, data: NotificationSwitchesSchema }),
};
