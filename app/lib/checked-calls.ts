import { collectionsEndpoints } from '../../core/contracts/collections';
import type { Sport } from '../../core/contracts/matches';
import { pointsEndpoints } from '../../core/contracts/points';
import { callEndpoint } from './endpoint-client';

/**
 * The account's calls that go through checked endpoints (decision 137), loaded on first use by
 * `accountApi` (app/lib/account-api.ts) so that their contracts stay out of the initial bundle.
 */
export const pointsRecords = (query: { page: number; size: number }) => callEndpoint(pointsEndpoints.records, { query });
export const checkin = () => callEndpoint(pointsEndpoints.checkin);
export const collections = () => callEndpoint(collectionsEndpoints.list);
export const collectMatch = (sport: Sport, matchId: number, collect: boolean) =>
  callEndpoint(collect ? collectionsEndpoints.addMatch : collectionsEndpoints.removeMatch, { params: { sport }, body: { match_id: matchId } });
export const collectCompetition = (competitionId: number, collect: boolean) =>
  callEndpoint(collect ? collectionsEndpoints.addCompetition : collectionsEndpoints.removeCompetition, { body: { competition_id: competitionId } });
export const collectTeam = (teamId: number, collect: boolean) =>
  callEndpoint(collect ? collectionsEndpoints.addTeam : collectionsEndpoints.removeTeam, { body: { team_id: teamId } });
