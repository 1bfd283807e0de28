import { z } from 'zod';
import { defineEndpoint } from './endpoints';

/**
 * The private live channel `users/<userId>` (DESIGN.md "Live publisher", decision 063): the
 * credentials a signed-in browser connects with, and the user messages the server publishes
 * there. Score messages of the public topics stay in the matches contract.
 */

/** POST /api/live/token: MQTT credentials that let this session read `users/<userId>`. */
export const LiveTokenSchema = z.object({
  userId: z.number().int().positive(),
  /** the MQTT CONNECT username and password */
  username: z.string().min(1),
  password: z.string().min(1),
  /** the session's end (ISO 8601): the credentials, and every connection made with them, end with it */
  expiresAt: z.string(),
});
export type LiveToken = z.infer<typeof LiveTokenSchema>;

/** The live channel's endpoint (core/contracts/endpoints.ts). */
export const liveEndpoints = {
  token: defineEndpoint({ method: 'POST', path: '/api/live/token', data: LiveTokenSchema }),
};

/**
 * How a bet (guess) or a prediction plan was settled. Quarter lines split the stake across two
 * lines, so half won and half lost are results of their own, and a push (a whole line landed
 * exactly) returns the stake: the pop-up says which, never rounds them to won or lost.
 */
export const SettlementOutcomeSchema = z.enum(['won', 'half_won', 'push', 'half_lost', 'lost', 'void']);
export type SettlementOutcome = z.infer<typeof SettlementOutcomeSchema>;

/** The match a guess or a plan was about, as the pop-up shows it (section 3 "Pop-up event"). */
const SettledMatchSchema = z.object({
  match_id: z.number().int().optional(),
  home: z.string().max(200),
  away: z.string().max(200),
  home_score: z.number().int().min(0),
  away_score: z.number().int().min(0),
});

const points = z.number().int().min(0).max(1_000_000_000);
const name = z.string().min(1).max(200);

/**
 * A user message (spec section 3: "User message: type {product} with data for the pop-up").
 * `type` names the product the message comes from; the pop-up layer shows the first three
 * when their notification setting is on, and `product` (the points mall) always.
 * Texts are translated in the browser: the message carries data, never a sentence.
 */
export const UserMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('guess_result'),
    data: SettledMatchSchema.extend({ outcome: SettlementOutcomeSchema, points }),
    publish_time: z.number().int(),
  }),
  z.object({
    type: z.literal('pre_result'),
    data: SettledMatchSchema.extend({
      outcome: SettlementOutcomeSchema,
      points,
      plan_id: z.number().int().optional(),
      /** whose plan: the tipster's own, or one the reader unlocked (the pop-up words it so) */
      role: z.enum(['tipster', 'buyer']).optional(),
    }),
    publish_time: z.number().int(),
  }),
  z.object({
    type: z.literal('activity_result'),
    data: z.object({ name, outcome: z.enum(['approved', 'rejected']), points }),
    publish_time: z.number().int(),
  }),
  z.object({
    /**
     * A notification was stored for the reader (decision 133): the bell's unread counts as they
     * stand after the commit. It moves the bell and shows no pop-up.
     */
    type: z.literal('notification'),
    data: z.object({
      unread: z.object({ total: z.number().int().min(0), interaction: z.number().int().min(0), system: z.number().int().min(0) }),
    }),
    publish_time: z.number().int(),
  }),
  z.object({
    type: z.literal('product'),
    data: z.object({ name, status: z.enum(['redeemed', 'shipped', 'cancelled']) }),
    publish_time: z.number().int(),
  }),
]);
export type UserMessage = z.infer<typeof UserMessageSchema>;
export type UserMessageType = UserMessage['type'];

/** A user message as a server module hands it to publishToUser: the publisher stamps the time. */
export type UserMessageInput = UserMessage extends infer M ? (M extends UserMessage ? Omit<M, 'publish_time'> & { publish_time?: number } : never) : never;

/** Reads one payload of `users/<id>`: null for anything that is not JSON of the contract's shape. */
export function parseUserMessage(payload: string): UserMessage | null {
  let json: unknown;
  try {
    json = JSON.parse(payload) as unknown;
  } catch {
    return null;
  }
  const parsed = UserMessageSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
