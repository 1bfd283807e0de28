/** What other features may use of the social graph (docs/decisions/140): the block rule, the follow counts, and following itself (the
 * prediction centre's follow of a tipster is the same follow, told to the followed fan the same way). */
export { blockedAmong, followCountsOf, followUser, isBlockedEitherWay, notBlockedWith, unfollowUser } from './social.service';
