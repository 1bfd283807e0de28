import { z } from 'zod';
import { defineNotificationKind } from './notifications';

/** The community's notifications (docs/decisions/139), written in the transaction of their cause. */

const excerpt = z.string().max(120);
const postId = z.number().int().positive();

/** Someone replied to the reader's post (a top-level comment) or to the reader's comment. */
export const communityReplyNotification = defineNotificationKind({
  kind: 'community.reply',
  group: 'interaction',
  data: z.object({ post_id: postId, comment_id: z.number().int().positive(), to: z.enum(['post', 'comment']), nickname: z.string().max(40), excerpt }),
});

/** Someone liked the reader's post: once per post and liker, however often they unlike and like again. */
export const communityPostLikedNotification = defineNotificationKind({
  kind: 'community.post_liked',
  group: 'interaction',
  data: z.object({ post_id: postId, nickname: z.string().max(40), excerpt }),
});

/** Staff approved the reader's post, waiting for review: it is published now. */
export const communityPostApprovedNotification = defineNotificationKind({
  kind: 'community.post_approved',
  group: 'system',
  data: z.object({ post_id: postId, excerpt }),
});

/** Staff rejected the reader's post: it is hidden, for this reason (a code of the community_post review kind). */
export const communityPostRejectedNotification = defineNotificationKind({
  kind: 'community.post_rejected',
  group: 'system',
  data: z.object({ post_id: postId, excerpt, reason: z.string().max(40) }),
});

export const COMMUNITY_NOTIFICATION_KINDS = [
  communityReplyNotification,
  communityPostLikedNotification,
  communityPostApprovedNotification,
  communityPostRejectedNotification,
] as const;

/* Staff moderation (docs/decisions/143): the author of hidden, deleted or restored content, and a fan suspended or banned, are told. */

/** Staff hid or deleted the reader's post or comment, for this reason (a report reason code). */
export const communityContentRemovedNotification = defineNotificationKind({
  kind: 'community.content_removed',
  group: 'system',
  data: z.object({ target_type: z.enum(['post', 'comment']), post_id: postId, action: z.enum(['hidden', 'deleted']), excerpt, reason: z.string().max(40) }),
});

/** Staff restored the reader's hidden post or comment: everyone sees it again. */
export const communityContentRestoredNotification = defineNotificationKind({
  kind: 'community.content_restored',
  group: 'system',
  data: z.object({ target_type: z.enum(['post', 'comment']), post_id: postId, excerpt }),
});

/** Staff suspended (until `until`) or banned (`until` null) the reader from writing in the community, or lifted it (`kind` lifted). */
export const communityRestrictionNotification = defineNotificationKind({
  kind: 'community.restriction',
  group: 'system',
  data: z.object({ kind: z.enum(['suspension', 'ban', 'lifted']), until: z.string().max(40).nullable(), reason: z.string().max(40).nullable() }),
});

export const COMMUNITY_MODERATION_NOTIFICATION_KINDS = [
  communityContentRemovedNotification,
  communityContentRestoredNotification,
  communityRestrictionNotification,
] as const;
