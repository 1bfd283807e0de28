/**
 * What other features use of the community's moderation (docs/decisions/143): the rule that a
 * suspended or banned fan does not write, and the review words staff added.
 */
export { assertMayWrite, staffReviewWords } from './moderation.service';
