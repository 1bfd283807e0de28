/**
 * What other modules may use of the crests: the addresses of team and competition crests.
 * Other modules import only this file of crests (docs/decisions/138-server-module-boundaries.md).
 */
export { competitionCrestUrl, teamCrestUrl } from './crest-urls';
