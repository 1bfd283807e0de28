/**
 * What other modules may use of the profile: the changes the account pages' forms make.
 * Other modules import only this file of profile (docs/decisions/138-server-module-boundaries.md).
 */
export { changeEmail, changeNickname, updateContactInfo } from './profile.service';
