import { z } from 'zod';
import { defineEndpoint } from './endpoints';

/**
 * The social graph's HTTP contract (issue 25, docs/decisions/140): following a fan or a tipster
 * (one relation) and blocking. Lists page by an opaque cursor, newest first.
 */

const INT_MAX = 2_147_483_647;
const id = (message: string) => z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(INT_MAX, { error: message });

export const SocialUserParamsSchema = z.object({
  id: id('social.userId.invalid'),
});

/** `<created_at ms>.<user id>` of the last row of the page before. */
const CursorSchema = z
  .string()
  .regex(/^\d{1,15}\.\d{1,10}$/, { error: 'social.cursorInvalid' })
  .refine((value) => Number(value.split('.')[1]) <= INT_MAX, {
    error: 'social.cursorInvalid',
  });
export const SocialListQuerySchema = z.object({
  cursor: CursorSchema.optional(),
  size: z.coerce.number().int().min(1).max(50).optional().default(20),
});
export type SocialListQuery = z.infer<typeof SocialListQuerySchema>;

/** A fan in a followers, following or block list. */
export const SocialPersonSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  /** whether the reader follows them (false for a reader not signed in) */
  is_followed: z.boolean(),
  /** when they followed, were followed or were blocked */
  since: z.string(),
});
export type SocialPerson = z.infer<typeof SocialPersonSchema>;
export const SocialListDataSchema = z.object({
  list: z.array(SocialPersonSchema),
  next_cursor: z.string().nullable(),
});
export type SocialListData = z.infer<typeof SocialListDataSchema>;

export const FollowStateSchema = z.object({
  user_id: z.number().int(),
  is_followed: z.boolean(),
  fans_count: z.number().int(),
});
export type FollowState = z.infer<typeof FollowStateSchema>;
export const BlockStateSchema = z.object({
  user_id: z.number().int(),
  is_blocked: z.boolean(),
});
export type BlockState = z.infer<typeof BlockStateSchema>;

export const socialEndpoints = {
  follow: defineEndpoint({
    method: 'PUT',
    path: '/api/social/follows/:id',
    data: FollowStateSchema,
  }),
  unfollow: defineEndpoint({
    method: 'DELETE',
    path: '/api/social/follows/:id',
    data: FollowStateSchema,
  }),
  listFollowers: defineEndpoint({
    method: 'GET',
    path: '/api/social/users/:id/followers',
    query: SocialListQuerySchema,
    data: SocialListDataSchema,
  }),
  listFollowing: defineEndpoint({
    method: 'GET',
    path: '/api/social/users/:id/following',
    query: SocialListQuerySchema,
    data: SocialListDataSchema,
  }),
  block: defineEndpoint({
    method: 'PUT',
    path: '/api/social/blocks/:id',
    data: BlockStateSchema,
  }),
  unblock: defineEndpoint({
    method: 'DELETE',
    path: '/api/social/blocks/:id',
    data: BlockStateSchema,
  }),
  listBlocks: defineEndpoint({
    method: 'GET',
    path: '/api/social/users/:id/blocks',
    query: SocialListQuerySchema,
    data: SocialListDataSchema,
  }),
};
