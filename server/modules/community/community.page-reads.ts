import { HotListQuerySchema, PostListQuerySchema, WeeklyQuerySchema } from '../../../core/contracts/community';
import type { CommunityReadServices } from '../../../core/contracts/services';
import type { Db } from '../../db/client';
import { isAppError } from '../../errors';
import { listFollowingPosts, listHotPosts, listWeekly } from './community-feeds';
import { getPost, listPosts, type CommunityConfig } from './community.service';

const readerOf = (readerId: number | null) => (readerId === null ? null : { id: readerId });

/**
 * What the community's pages read on the server (docs/decisions/142): the same service calls,
 * defaults and reader as the API's routes (community.routes.ts), so a page's first list is the
 * API's first page byte for byte. A post the API answers 404 for is null.
 */
export function communityPageReads(db: Db, config: CommunityConfig, now: () => Date = () => new Date()): CommunityReadServices {
  return {
    latest: ({ sport, readerId }) => listPosts(db, { ...PostListQuerySchema.parse({ sport }), reader: readerOf(readerId), now: now(), config }),
    following: ({ sport, readerId }) => listFollowingPosts(db, { ...PostListQuerySchema.parse({ sport, feed: 'following' }), reader: { id: readerId }, now: now(), config }),
    hot: ({ sport, readerId }) => listHotPosts(db, { ...HotListQuerySchema.parse({ sport }), reader: readerOf(readerId), now: now(), config }),
    weekly: ({ sport, readerId }) => listWeekly(db, { ...WeeklyQuerySchema.parse({ sport }), reader: readerOf(readerId), now: now(), config }),
    async post({ id, readerId }) {
      try {
        return await getPost(db, { id, reader: readerOf(readerId), now: now(), config });
      } catch (error) {
        if (isAppError(error) && error.code === 'NOT_FOUND') return null;
        throw error;
      }
    },
  };
}
