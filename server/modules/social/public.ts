/** What other features may use of the social graph (docs/decisions/140): the block rule and the follow counts. */
export { followCountsOf, isBlockedEitherWay, notBlockedWith } from './social.service';
