/**
 * What other features use of the review queue (docs/decisions/134, 138): register their kind,
 * submit in their own transaction, and read the `review.decided` event they subscribe to.
 */
export { registerReviewKind, type ReviewKindDefinition } from './review-kinds';
export { submitForReview } from './review.service';
export type { ReviewDecidedEvent } from './review-events';
