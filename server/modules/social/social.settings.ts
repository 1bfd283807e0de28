import type { ActionLimits } from '../../lib/limits/limit-action';

/**
 * The social graph's limits (docs/decisions/140). Discourse has no follow; Twitter/X and
 * Mastodon publish no follow figure we could source, so these are reasoned from a fan's real use
 * (the decision gives the reasoning). Unfollowing counts with following: a follow-unfollow loop,
 * the way follow farms beg for follows back, is the abuse to stop.
 */

const HOUR = 3600;
const DAY = 'utc-day' as const;

/**
 * Follows and unfollows together. A fan who just joined follows their club's tipsters and a few
 * friends, perhaps 30 in the first evening; a keen one goes through a match's comments and
 * follows a dozen more. 60 an hour and 200 a UTC day per account never stop that; they stop a
 * script following thousands to be followed back. A new account (NEW_ACCOUNT_DAYS) gets 50 a
 * day, its first evening's worth. Per address: 400 a day, a household or a café of fans.
 */
export const FOLLOW_LIMITS: ActionLimits = {
  standard: {
    perAccount: [
      { limit: 60, window: HOUR },
      { limit: 200, window: DAY },
    ],
    perAddress: [{ limit: 400, window: DAY }],
  },
  newAccount: { perAccount: [{ limit: 50, window: DAY }] },
};

/**
 * Blocks and unblocks together. A block answers a fan who harasses: a few a day is a very bad
 * day. 30 an hour and 100 a UTC day per account leave room for clearing out a pile-on after a
 * derby; more is a script toggling blocks to hide and show content. Per address: 200 a day.
 */
export const BLOCK_LIMITS: ActionLimits = {
  standard: {
    perAccount: [
      { limit: 30, window: HOUR },
      { limit: 100, window: DAY },
    ],
    perAddress: [{ limit: 200, window: DAY }],
  },
};
