/**
 * What other features may use of the community (docs/decisions/143): its tables and the excerpt
 * rule, for the moderation module that hides, restores and deletes posts and comments.
 */
export { communityComments, communityPosts } from './schema';
export { COMMUNITY_POST_REVIEW_KIND, CHANGES_REQUESTED, excerptOf, parseReviewWords } from './community.service';
export { communitySettings } from './community.settings';
