import { z } from 'zod';
import type { ActionLimits } from '../../lib/limits/limit-action';
import { defineSettings, integerSetting, withDefault } from '../../settings/module-settings';

/**
 * The community's settings and limits (docs/decisions/139), each default with its reason. The
 * limits are modelled on Discourse's site settings (config/site_settings.yml), the forum whose
 * defaults have met the most spam: a fan writes a post a match, not a post a second.
 */

export const communitySettings = defineSettings({
  /**
   * Words that send a post to review, comma-separated, matched case-insensitively in its text;
   * empty by default (a list staff edit on a page is a later step). Posts of new accounts go to
   * review whatever the words.
   */
  COMMUNITY_REVIEW_WORDS: withDefault(z.string().max(10_000), ''),
  /**
   * Minutes its author may edit a post after posting: 1440 (a day). Long enough to fix a typo
   * the morning after a late match; short enough that a post liked and answered for days is not
   * rewritten under its replies (Discourse lets trust level 0–1 edit for 60 days and keeps
   * revisions; we keep none, so the window is short).
   */
  COMMUNITY_EDIT_WINDOW_MINUTES: integerSetting(1, 525_600, 1440),
  /**
   * Pictures one post may carry: 9, the grid social apps show. A new account may attach one
   * (Discourse's newuser_max_images: 1): a fresh account's pictures are the usual spam.
   */
  COMMUNITY_MAX_PICTURES: integerSetting(1, 20, 9),
  /**
   * Seconds between two refreshes of the hot list's ranks (docs/decisions/141): 300. Lemmy
   * refreshes its hot ranks every 10 minutes; a post's rank changes slowly after its first hours
   * (the decay is a power of its age), and a new post enters within five minutes.
   */
  COMMUNITY_HOT_REFRESH_SECONDS: integerSetting(10, 3600, 300),
  /** Megabytes one picture may have as uploaded: 10, a phone's full-size photo with room (it is stored re-encoded, much smaller). */
  COMMUNITY_PICTURE_MAX_MB: integerSetting(1, 50, 10),
  /** Megabytes one video may have as uploaded: 50, a minute of phone video at ordinary quality. */
  COMMUNITY_VIDEO_MAX_MB: integerSetting(1, 500, 50),
  /** Seconds one video may last: 60, a goal and its replay, not a match stream. */
  COMMUNITY_VIDEO_MAX_SECONDS: integerSetting(5, 600, 60),
});

/** Pictures a new account's post may carry (Discourse newuser_max_images = 1). */
export const NEW_ACCOUNT_MAX_PICTURES = 1;

const DAY = 'utc-day' as const;

/**
 * Posts. Discourse: rate_limit_create_topic = 15 s between topics, max_topics_per_day = 20;
 * a new user waits rate_limit_new_user_create_topic = 120 s and makes max_topics_in_first_day
 * = 3. Per address: 60 a day, room for a household or a café of fans, not for a farm of fresh
 * accounts on one machine.
 */
export const POST_LIMITS: ActionLimits = {
  standard: { perAccount: [{ limit: 1, window: 15 }, { limit: 20, window: DAY }], perAddress: [{ limit: 60, window: DAY }] },
  newAccount: { perAccount: [{ limit: 1, window: 120 }, { limit: 3, window: DAY }] },
};

/**
 * Comments and replies. Discourse: rate_limit_create_post = 5 s, rate_limit_new_user_create_post
 * = 30 s, max_replies_in_first_day = 10. Discourse has no daily cap for established users; 300
 * a day stops a script, not a fan arguing through a derby. Per address 600.
 */
export const COMMENT_LIMITS: ActionLimits = {
  standard: { perAccount: [{ limit: 1, window: 5 }, { limit: 300, window: DAY }], perAddress: [{ limit: 600, window: DAY }] },
  newAccount: { perAccount: [{ limit: 1, window: 30 }, { limit: 10, window: DAY }] },
};

/**
 * Replies of a new account under one post a day (Discourse newuser_max_replies_per_topic = 3):
 * a fresh account cannot flood one thread.
 */
export const NEW_ACCOUNT_REPLIES_PER_POST: ActionLimits = {
  standard: {},
  newAccount: { perAccount: [{ limit: 3, window: DAY }] },
};

/**
 * Likes of posts and comments, counted together. Discourse: max_likes_per_day = 50 (more for
 * higher trust levels); we count a like that was already there too, so a client toggling in a
 * loop meets the limit. New accounts: 20. Per address 500 (a shared network).
 */
export const LIKE_LIMITS: ActionLimits = {
  standard: { perAccount: [{ limit: 50, window: DAY }], perAddress: [{ limit: 500, window: DAY }] },
  newAccount: { perAccount: [{ limit: 20, window: DAY }] },
};

/** Edits (the window bounds them already): 30 an hour per account stops a rewrite loop. */
export const EDIT_LIMITS: ActionLimits = {
  standard: { perAccount: [{ limit: 30, window: 3600 }], perAddress: [{ limit: 120, window: 3600 }] },
};

/** Deletes of posts and comments: 60 an hour; a fan cleaning up is far below it. */
export const DELETE_LIMITS: ActionLimits = {
  standard: { perAccount: [{ limit: 60, window: 3600 }], perAddress: [{ limit: 240, window: 3600 }] },
};

/** Saving and unsaving posts: 200 an hour per account, 600 per address. */
export const FAVOURITE_LIMITS: ActionLimits = {
  standard: { perAccount: [{ limit: 200, window: 3600 }], perAddress: [{ limit: 600, window: 3600 }] },
};

/**
 * Uploads of pictures and videos for posts, one file a request. A post takes up to 9 pictures,
 * and a fan may try again after a refused file: 60 an hour for an established account, 10 for a
 * new one (Discourse lets a new user attach one picture a post and write 3 topics a day, so 10
 * uploads cover them with retries). Per address 200 an hour (a shared network).
 */
export const UPLOAD_LIMITS: ActionLimits = {
  standard: { perAccount: [{ limit: 60, window: 3600 }], perAddress: [{ limit: 200, window: 3600 }] },
  newAccount: { perAccount: [{ limit: 10, window: 3600 }] },
};
