import type { ActionLimits } from '../../lib/limits/limit-action';
import { defineSettings, integerSetting } from '../../settings/module-settings';

/** The community moderation's settings and limits (docs/decisions/143), each default with its reason. */
export const moderationSettings = defineSettings({
  /**
   * Distinct fans whose reports hide a published post or comment until staff decide: 3. Discourse
   * hides a post at a flag score reached by about three ordinary flaggers
   * (hide_post_sensitivity); one fan alone, or two friends, cannot take a post down.
   */
  COMMUNITY_REPORT_HIDE_REPORTERS: integerSetting(1, 100, 3),
});

const DAY = 'utc-day' as const;

/**
 * Reports. Discourse: max_flags_per_day = 20; a new user flags far less (trust level 0 gets a
 * fraction of it), so 5 in an account's first NEW_ACCOUNT_DAYS. Per address 60 a day: a family
 * or a café of fans, not a farm of fresh accounts taking posts down. A repeat counts too.
 */
export const REPORT_LIMITS: ActionLimits = {
  standard: { perAccount: [{ limit: 20, window: DAY }], perAddress: [{ limit: 60, window: DAY }] },
  newAccount: { perAccount: [{ limit: 5, window: DAY }] },
};

/**
 * The community writes a suspension or a ban refuses: posting, editing, commenting, liking and
 * reporting. Reading stays, and so do deleting one's own posts and comments (a fan may always
 * take their words back), saving posts (private) and follows (decision 143).
 */
export const WRITES_REFUSED_WHEN_RESTRICTED: ReadonlySet<string> = new Set(['community.post', 'community.edit', 'community.comment', 'community.like', 'community.report']);
