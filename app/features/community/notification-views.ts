import {
  communityContentRemovedNotification,
  communityContentRestoredNotification,
  communityPostApprovedNotification,
  communityPostLikedNotification,
  communityPostRejectedNotification,
  communityReplyNotification,
  communityRestrictionNotification,
} from '../../../core/contracts/community-notifications';
import { socialFollowedNotification } from '../../../core/contracts/social-notifications';
import { defineNotificationView } from '../../lib/notification-views';

const postPath = (postId: number) => `/community/community/postDetail/${postId}`;

/** The community's notifications: each leads to its post. */
export const notificationViews = [
  defineNotificationView(communityReplyNotification, {
    switchTexts: { label: 'community:notification.reply.label', hint: 'community:notification.reply.hint' },
    texts: ({ data }, t) => ({
      title: t(data.to === 'post' ? 'community:notification.reply.toPost' : 'community:notification.reply.toComment', { nickname: data.nickname }),
      body: data.excerpt,
    }),
    path: ({ data }) => postPath(data.post_id),
  }),
  defineNotificationView(communityPostLikedNotification, {
    switchTexts: { label: 'community:notification.liked.label', hint: 'community:notification.liked.hint' },
    texts: ({ data }, t) => ({ title: t('community:notification.liked.title', { nickname: data.nickname }), body: data.excerpt }),
    path: ({ data }) => postPath(data.post_id),
  }),
  defineNotificationView(communityPostApprovedNotification, {
    switchTexts: { label: 'community:notification.approved.label', hint: 'community:notification.approved.hint' },
    texts: ({ data }, t) => ({ title: t('community:notification.approved.title'), body: data.excerpt }),
    path: ({ data }) => postPath(data.post_id),
  }),
  defineNotificationView(communityPostRejectedNotification, {
    switchTexts: { label: 'community:notification.rejected.label', hint: 'community:notification.rejected.hint' },
    texts: ({ data }, t) => ({
      title: t('community:notification.rejected.title'),
      body: t('community:notification.rejected.body', { reason: t(`community:reason.${data.reason}`, { defaultValue: t('community:reason.other') }), excerpt: data.excerpt }),
    }),
    path: ({ data }) => postPath(data.post_id),
  }),
  // staff moderation (docs/decisions/143): a removed post leads nowhere, a removed comment to its post
  defineNotificationView(communityContentRemovedNotification, {
    switchTexts: { label: 'community:moderation.notification.removed.label', hint: 'community:moderation.notification.removed.hint' },
    texts: ({ data }, t) => ({
      title: t(`community:moderation.notification.removed.${data.target_type}.${data.action}`),
      body: t('community:moderation.notification.removed.body', { reason: t(`community:reason.${data.reason}`, { defaultValue: t('community:reason.other') }), excerpt: data.excerpt }),
    }),
    path: ({ data }) => (data.target_type === 'comment' && data.action === 'hidden' ? postPath(data.post_id) : null),
  }),
  defineNotificationView(communityContentRestoredNotification, {
    switchTexts: { label: 'community:moderation.notification.restored.label', hint: 'community:moderation.notification.restored.hint' },
    texts: ({ data }, t) => ({ title: t(`community:moderation.notification.restored.${data.target_type}`), body: data.excerpt }),
    path: ({ data }) => postPath(data.post_id),
  }),
  defineNotificationView(communityRestrictionNotification, {
    switchTexts: { label: 'community:moderation.notification.restriction.label', hint: 'community:moderation.notification.restriction.hint' },
    texts: ({ data }, t) => ({
      title: t(`community:moderation.notification.restriction.${data.kind}`, { until: data.until ?? '' }),
      body: data.reason ? t('community:moderation.notification.restriction.reason', { reason: t(`community:reason.${data.reason}`, { defaultValue: t('community:reason.other') }) }) : '',
    }),
  }),
  // a new follower (docs/decisions/140); fans have no profile page yet, so it leads nowhere
  defineNotificationView(socialFollowedNotification, {
    switchTexts: { label: 'community:notification.followed.label', hint: 'community:notification.followed.hint' },
    texts: ({ data }, t) => ({ title: t('community:notification.followed.title'), body: t('community:notification.followed.body', { nickname: data.nickname }) }),
  }),
];
