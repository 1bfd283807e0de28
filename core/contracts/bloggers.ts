import { z } from 'zod';
import { defineEndpoint } from './endpoints';

/**
 * A fan's page in the community (userCenter, issue 25, docs/decisions/145): who they are, their
 * fans and following counts, and whether the reader follows them. An unknown or closed account,
 * or one blocked either way with the reader, answers 404 exactly as a missing one.
 */

export const BloggerParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'community.userId.invalid' })
    .int({ error: 'community.userId.invalid' })
    .min(1, { error: 'community.userId.invalid' })
    .max(2_147_483_647, { error: 'community.userId.invalid' }),
});

export const BloggerProfileSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  /** one of the site's avatar ids */
  avatar: z.string(),
  fans_count: z.number().int(),
  following_count: z.number().int(),
  /** whether the reader follows them (false signed out, and on one's own page) */
  is_followed: z.boolean(),
  /** the reader's own page: the purchased tab and the owner's links show */
  is_own: z.boolean(),
  /** they published a plan in the prediction centre: the page shows their record (warRecord) and plans (predictList) */
  is_tipster: z.boolean(),
});
export type BloggerProfile = z.infer<typeof BloggerProfileSchema>;

export const bloggerEndpoints = {
  bloggerProfile: defineEndpoint({ method: 'GET', path: '/api/community/bloggers/:id', data: BloggerProfileSchema }),
};
