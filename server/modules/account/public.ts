/**
 * What other modules may use of the account: a user as the pages show them, the email and
 * nickname checks, the one-time codes and the free invite codes.
 * Other modules import only this file of account (docs/decisions/138-server-module-boundaries.md).
 */
export { checkEmailChangeCode } from './code-checks';
export { consumeCode } from './codes';
export { generateFreeInviteCode } from './invite-code';
export { getUserInfo } from './user-info';
export { emailTaken, nicknameTaken } from './users';
export type { AccountClosedEvent } from './account-events';
