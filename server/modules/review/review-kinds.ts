import type { Locale } from '../../../core/locale';
import { ReviewKindNameSchema } from '../../../core/contracts/review';

/**
 * The kinds of the review queue (docs/decisions/134). A feature that needs staff to look at
 * something registers its kind once, from its module file: the subject type it submits and the
 * reasons a rejection may give, each in the three languages. The queue refuses a submission of a
 * kind nobody registered, and a rejection whose reason is not the kind's.
 */
export interface ReviewKindDefinition {
  kind: string;
  /** the feature's name for what is reviewed: `post`, `activity_evidence`, `order` */
  subjectType: string;
  reasons: readonly { code: string; label: Record<Locale, string> }[];
}

const kinds = new Map<string, ReviewKindDefinition>();

/** Adds a kind; registering the same kind twice with other rules is a wiring mistake, named at start. */
export function registerReviewKind(definition: ReviewKindDefinition): void {
  if (!ReviewKindNameSchema.safeParse(definition.kind).success) throw new Error(`review kind "${definition.kind}": lower-case letters, digits and _`);
  if (definition.reasons.length === 0) throw new Error(`review kind "${definition.kind}" needs at least one rejection reason`);
  const existing = kinds.get(definition.kind);
  if (existing && JSON.stringify(existing) !== JSON.stringify(definition)) {
    throw new Error(`review kind "${definition.kind}" is registered twice with different rules`);
  }
  kinds.set(definition.kind, definition);
}

export function findReviewKind(kind: string): ReviewKindDefinition | null {
  return kinds.get(kind) ?? null;
}

/** The registered kinds, in the order they were registered. */
export function listReviewKinds(): ReviewKindDefinition[] {
  return [...kinds.values()];
}
