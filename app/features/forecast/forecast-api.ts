import type { PublishPlanBody, RankingKind, RankingPeriod } from '../../../core/contracts/forecast';
import { endpointHref } from '../../../core/contracts/endpoints';
import { apiLinks } from '../../../core/contracts/links';
import { forecast } from '../../components/forecast/plan-api';
import { endpointCalls } from '../../lib/endpoint-calls';

/**
 * The prediction-centre API for the pages of this feature (core/contracts/forecast.ts). The plan
 * list, plan and unlock calls the shared plan card needs live in components/forecast/plan-api.ts.
 */
export const forecastApi = {
  markets: (matchId: number) => forecast('markets', { params: { matchId } }),
  publish: (body: PublishPlanBody) => forecast('publish', { body }),
  quota: () => forecast('quota'),
  follow: (userId: number, follow: boolean) => forecast(follow ? 'follow' : 'unfollow', { params: { userId } }),
  tipster: (userId: number) => forecast('tipster', { params: { userId } }),
  rankings: (query: { period: RankingPeriod; kind: RankingKind }) => forecast('rankings', { query }),
};

/** The download address of a tipster's record (a plain link: the browser saves the file). */
export function exportPath(userId: number, format: 'csv' | 'json'): string {
  return endpointHref(apiLinks.tipsterExport, { userId }, { format });
}

const matches = endpointCalls(async () => (await import('../../../core/contracts/matches')).matchesEndpoints);

/** The day lists the publish form picks upcoming matches from, and one named match (the live-score API of section 7). */
export const matchListsApi = {
  football: (day: number) => matches('footballList', { query: { day } }),
  basketball: (day: number) => matches('basketballList', { query: { timestamp: day } }),
  footballMatch: (matchId: number) => matches('footballMatch', { params: { id: matchId } }),
  basketballMatch: (matchId: number) => matches('basketballMatch', { params: { id: matchId } }),
};
