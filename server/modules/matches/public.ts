/**
 * What other modules may use of the matches: the row shape and mappers of a match, the list
 * versions, the match origin, the write service's types and the registry of ids and teams.
 * Other modules import only this file of matches (docs/decisions/138-server-module-boundaries.md).
 */
export { bumpListVersion, readListVersion } from './list-version';
export { competitionName, toBasketballMatch, toCompetition, toFootballMatch, toSeconds } from './match-mappers';
export { isSimulatedMatch } from './match-origin';
export { awayTeams, homeTeams, matchColumns, type MatchRow } from './match-rows';
export { type MatchUpdate, type MatchWrites } from './match-writes';
export { allocateMatchIds, findOrCreateTeams, lockAllocation } from './registry';
