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
 * The kinds, each in one group:
 * - bet_settled (system): a bet of the reader's was settled (or corrected);
 * - plan_settled (system): a plan the reader published or unlocked was settled;
 * - contact_answered (system): staff answered the reader's contact message;
 * - plan_sold (interaction): a fan unlocked the reader's plan;
 * - plan_published (interaction): a tipster the reader follows published a plan.
 */
export const NOTIFICATION_KINDS = ['bet_settled', 'plan_settled', 'contact_answered', 'plan_sold', 'plan_published'] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

export const NOTIFICATION_GROUP_OF: Readonly<Record<NotificationKind, NotificationGroup>> = {
  bet_settled: 'system',
  plan_settled: 'system',
  contact_answered: 'system',
  plan_sold: 'interaction',
  plan_published: 'interaction',
};

/** What a notification points at: a plan's page, the reader's bets, the contact page. */
export const NOTIFICATION_OBJECT_TYPES = ['plan', 'bet', 'contact_message'] as const;
export const NotificationObjectTypeSchema = z.enum(NOTIFICATION_OBJECT_TYPES);
export type NotificationObjectType = z.infer<typeof NotificationObjectTypeSchema>;

const teamName = z.string().min(1).max(200);
const score = z.number().int().min(0).max(1000);
const points = z.number().int().min(0).max(1_000_000_000);
const matchId = z.number().int().positive();

/** The data each kind stores (small: what the inbox row shows, validated before it is written). */
export const NOTIFICATION_DATA_SCHEMAS = {
  bet_settled: z.object({
    match_id: matchId,
    home: teamName,
    away: teamName,
    home_score: score,
    away_score: score,
    outcome: SettlementOutcomeSchema,
    /** the payout (0 for a lost bet) */
    points,
  }),
  plan_settled: z.object({
    match_id: matchId,
    home: teamName,
    away: teamName,
    home_score: score,
    away_score: score,
    outcome: SettlementOutcomeSchema,
    /** points returned to a buyer by a void (0 otherwise) */
    points,
    role: z.enum(['tipster', 'buyer']),
  }),
  contact_answered: z.object({
    topic: z.string().min(1).max(40),
    /** the beginning of the answer (the whole answer went by mail) */
    excerpt: z.string().max(300),
  }),
  plan_sold: z.object({
    match_id: matchId,
    home: teamName,
    away: teamName,
    /** the tipster's share of the price */
    points,
  }),
  plan_published: z.object({
    match_id: matchId,
    home: teamName,
    away: teamName,
    free: z.boolean(),
  }),
} as const satisfies Record<NotificationKind, z.ZodType>;
export type NotificationData<K extends NotificationKind> = z.infer<(typeof NOTIFICATION_DATA_SCHEMAS)[K]>;

const actorSchema = z.object({ id: z.number().int(), nickname: z.string() }).nullable();
const objectSchema = z.object({ type: NotificationObjectTypeSchema, id: z.number().int() }).nullable();

function item<K extends NotificationKind>(kind: K) {
  return z.object({
    id: z.number().int(),
    kind: z.literal(kind),
    group: z.literal(NOTIFICATION_GROUP_OF[kind]),
    /** who caused it (the buyer, the tipster); null for the site itself or a closed account */
    actor: actorSchema,
    object: objectSchema,
    data: NOTIFICATION_DATA_SCHEMAS[kind],
    created_at: z.string(),
    read: z.boolean(),
  });
}

/** One notification of the inbox. */
export const NotificationSchema = z.discriminatedUnion('kind', [
  item('bet_settled'),
  item('plan_settled'),
  item('contact_answered'),
  item('plan_sold'),
  item('plan_published'),
]);
export type Notification = z.infer<typeof NotificationSchema>;

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

/** The per-kind switches: a kind switched off is not written for the reader at all. */
export const NotificationSwitchesSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])) as Record<NotificationKind, z.ZodBoolean>,
);
export type NotificationSwitches = z.infer<typeof NotificationSwitchesSchema>;
/** PUT /api/notifications/settings: the switches to change (at least one). */
export const UpdateNotificationSwitchesSchema = NotificationSwitchesSchema.partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, { error: 'notifications.settings.empty' });

export const DEFAULT_NOTIFICATION_SWITCHES: NotificationSwitches = Object.fromEntries(
  NOTIFICATION_KINDS.map((kind) => [kind, true]),
) as NotificationSwitches;

/** The switches of a stored override object: every kind on unless stored as false; anything else ignored. */
export function notificationSwitchesOf(stored: unknown): NotificationSwitches {
  const switches = { ...DEFAULT_NOTIFICATION_SWITCHES };
  if (typeof stored !== 'object' || stored === null) return switches;
  for (const kind of NOTIFICATION_KINDS) {
    if ((stored as Record<string, unknown>)[kind] === false) switches[kind] = false;
  }
  return switches;
}

/** Where a notification leads, without the language prefix: the plan, the reader's bets, the contact page. */
export function notificationPath(notification: Pick<Notification, 'object'>): string | null {
  const { object } = notification;
  if (!object) return null;
  switch (object.type) {
    case 'plan':
      return `/forecast/plan/${object.id}`;
    case 'bet':
      return '/guessing/myBet';
    case 'contact_message':
      return '/contact';
  }
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
