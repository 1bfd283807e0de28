import { eq } from 'drizzle-orm';
import {
  COMMUNITY_NOTIFICATION_KINDS,
  communityPostApprovedNotification,
  communityPostRejectedNotification,
} from '../../../core/contracts/community-notifications';
import { readSettings, type RawEnvironment } from '../../settings/module-settings';
import type { TribunModule } from '../definition';
import { notify, publishNotifications } from '../notifications/public';
import { registerReviewKind } from '../review/public';
import { eraseClosedAccountCommunity } from './account-closed';
import { bloggerRoutes } from './bloggers.routes';
import { bloggerPageReads } from './bloggers.service';
import { refreshHotRanks } from './community-feeds';
import { communityPageReads } from './community.page-reads';
import { communityRoutes } from './community.routes';
import { CHANGES_REQUESTED, COMMUNITY_POST_REVIEW_KIND, excerptOf, lockPostForReview, parseReviewWords, type CommunityConfig } from './community.service';
import { communitySettings, NEW_ACCOUNT_MAX_PICTURES } from './community.settings';
import { hidePlanPost, postPlanExcerpt } from './plan-posts';
import { communityPosts } from './schema';

/**
 * Posts waiting for staff: those of accounts younger than NEW_ACCOUNT_DAYS and those holding a
 * review word (docs/decisions/139). A rejection hides the post and tells its author why.
 */
registerReviewKind({
  kind: COMMUNITY_POST_REVIEW_KIND,
  subjectType: 'community_post',
  reasons: [
    { code: 'spam', label: { tr: 'Reklam ya da istenmeyen içerik', en: 'Advertising or spam', zh: '广告或垃圾内容' } },
    { code: 'abuse', label: { tr: 'Hakaret, nefret söylemi ya da taciz', en: 'Insults, hate speech or harassment', zh: '辱骂、仇恨言论或骚扰' } },
    { code: 'personal_data', label: { tr: 'Başkasının kişisel bilgileri', en: 'Someone else’s personal data', zh: '他人的个人信息' } },
    { code: 'off_topic', label: { tr: 'Futbol ya da basketbolla ilgisiz', en: 'Not about football or basketball', zh: '与足球或篮球无关' } },
    { code: 'illegal', label: { tr: 'Yasa dışı içerik', en: 'Illegal content', zh: '违法内容' } },
  ],
});

export function communityConfigOf(environment: RawEnvironment): CommunityConfig {
  const settings = readSettings(communitySettings, environment);
  return {
    reviewWords: parseReviewWords(settings.COMMUNITY_REVIEW_WORDS),
    editWindowMinutes: settings.COMMUNITY_EDIT_WINDOW_MINUTES,
    maxPictures: settings.COMMUNITY_MAX_PICTURES,
    newAccountMaxPictures: NEW_ACCOUNT_MAX_PICTURES,
    pictureMaxMegabytes: settings.COMMUNITY_PICTURE_MAX_MB,
    videoMaxMegabytes: settings.COMMUNITY_VIDEO_MAX_MB,
    videoMaxSeconds: settings.COMMUNITY_VIDEO_MAX_SECONDS,
  };
}

/** The community (issue 25): posts, comments, likes and favourites, and the review of posts. */
export const communityModule: TribunModule = {
  name: 'community',
  notificationKinds: COMMUNITY_NOTIFICATION_KINDS,
  settings: communitySettings,
  // a fan's page header (docs/decisions/145) and the feed, hot list and post (docs/decisions/142) are rendered on the server
  pageReads: (context) => ({ reads: { bloggers: bloggerPageReads(context.db), community: communityPageReads(context.db, communityConfigOf(context.environment)) } }),
  async routes(app, context) {
    await app.register(communityRoutes, {
      db: context.db,
      config: communityConfigOf(context.environment),
      publisher: context.options.publisher,
      log: context.log,
      uploads: context.options.files?.uploads,
    });
    await app.register(bloggerRoutes, { db: context.db });
  },
  jobs(runner, { env, db, publisher, log }) {
    // The hot list's ranks, a generation at a time (docs/decisions/141).
    runner.register({
      name: 'community-hot-ranks',
      everyMs: readSettings(communitySettings, env.raw).COMMUNITY_HOT_REFRESH_SECONDS * 1000,
      async run({ now }) {
        await refreshHotRanks(db, now);
      },
    });
    runner.subscribe('community-account-closed', ['account.closed'], async (event, context) => {
      await eraseClosedAccountCommunity(context.tx, { userId: event.payload.userId, now: event.occurredAt });
    });
    // A long plan description's excerpt becomes its tipster's post, once per plan (docs/decisions/145).
    // One subscriber for both, so a plan hidden right after it was published is handled in order.
    runner.subscribe('community-plan-posts', ['forecast.plan_published', 'forecast.plan_hidden'], async (event, context) => {
      if (event.type === 'forecast.plan_published') await postPlanExcerpt(context.tx, event.payload, event.occurredAt);
      else await hidePlanPost(context.tx, event.payload);
    });
    // In the decision's delivery transaction: the post changes and its author is told once, pushed after commit.
    runner.subscribe('community-post-review', ['review.decided'], async (event, context) => {
      const decided = event.payload;
      if (decided.kind !== COMMUNITY_POST_REVIEW_KIND) return;
      const post = await lockPostForReview(context.tx, decided.subjectId);
      // A post deleted while it waited stays deleted. A hidden one is decided again after its
      // author's appeal; a published one was decided already (a second delivery).
      if (!post || post.status === 'deleted' || post.status === 'published') return;
      const approved = decided.status === 'approved';
      const reason = decided.status === 'changes_requested' ? CHANGES_REQUESTED : (decided.reason ?? decided.status);
      await context.tx
        .update(communityPosts)
        .set(approved ? { status: 'published', statusReason: null, approvedAt: event.occurredAt } : { status: 'hidden', statusReason: reason })
        .where(eq(communityPosts.id, post.id));
      const excerpt = excerptOf(post.bodyText);
      const told = approved
        ? await notify(context.tx, { userId: post.authorId, kind: communityPostApprovedNotification, object: { type: 'community_post', id: post.id }, dedupeKey: `community.review:${post.id}:${event.id}`, data: { post_id: post.id, excerpt } })
        : await notify(context.tx, { userId: post.authorId, kind: communityPostRejectedNotification, object: { type: 'community_post', id: post.id }, dedupeKey: `community.review:${post.id}:${event.id}`, data: { post_id: post.id, excerpt, reason } });
      context.afterCommit(() => publishNotifications({ db, publisher, log }, told));
    });
  },
};
