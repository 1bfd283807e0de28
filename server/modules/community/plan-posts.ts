import { and, eq, inArray } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client';
import { forecastPlans } from '../../db/schema/forecast';
import type { PlanHiddenEvent, PlanPublishedEvent } from '../forecast/public';
import { plainTextOf, sanitizeRichText } from './rich-text';
import { communityPosts } from './schema';

/**
 * A plan whose description is over 100 characters appears in the community as a post by its
 * tipster (docs/decisions/145): the sport of the plan, tagged with its match, whose words are the
 * plan's community excerpt — the first 30% of the description, cut at a word boundary by
 * core/forecast/excerpt.ts — and nothing else of the plan: never its pick, line, odds or price.
 * The post carries the plan's id, from which every reader's card links "read the plan".
 *
 * Exactly once per plan: `source_plan_id` is unique, so a second delivery of the event (the
 * outbox delivers at least once) or any retry inserts nothing. The post is published at once,
 * without the new-account review: its words are the plan's own public excerpt, already shown on
 * the plan page, and staff moderate plans in the prediction centre.
 */
export async function postPlanExcerpt(tx: DbTransaction, plan: PlanPublishedEvent, now: Date): Promise<{ postId: number } | null> {
  if (plan.excerpt === null || plan.excerpt.trim().length === 0) return null;
  // a plan staff hid before this delivery is not posted: its excerpt is no longer public
  const [source] = await tx.select({ hiddenAt: forecastPlans.hiddenAt }).from(forecastPlans).where(eq(forecastPlans.id, plan.planId));
  if (!source || source.hiddenAt !== null) return null;
  const html = sanitizeRichText(excerptHtml(plan.excerpt));
  const [row] = await tx
    .insert(communityPosts)
    .values({
      authorId: plan.tipsterId,
      sport: plan.sport,
      bodyHtml: html,
      bodyText: plainTextOf(html),
      tagType: 'match',
      tagId: plan.matchId,
      status: 'published',
      createdAt: now,
      sourcePlanId: plan.planId,
    })
    .onConflictDoNothing({ target: communityPosts.sourcePlanId })
    .returning({ id: communityPosts.id });
  return row ? { postId: row.id } : null;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The excerpt's plain text as paragraphs (one per line the tipster wrote), every character escaped. */
export function excerptHtml(excerpt: string): string {
  return excerpt
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) => `<p>${line.replace(/[&<>"']/g, (char) => ESCAPES[char]!)}</p>`)
    .join('');
}

/**
 * Staff hid a plan: its post is hidden too (reason `other`, "against the community rules" to its
 * author), whatever it was, unless its author deleted it already. Again: nothing changes.
 */
export async function hidePlanPost(tx: DbTransaction, plan: PlanHiddenEvent): Promise<void> {
  await tx
    .update(communityPosts)
    .set({ status: 'hidden', statusReason: PLAN_HIDDEN_REASON })
    .where(and(eq(communityPosts.sourcePlanId, plan.planId), inArray(communityPosts.status, ['published', 'pending_review'])));
}

/** The hidden reason of a plan post whose plan staff hid (a reason code the community words). */
export const PLAN_HIDDEN_REASON = 'other';
