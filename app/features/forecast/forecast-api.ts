import type {
  MatchMarketsData,
  Plan,
  PublishPlanBody,
  QuotaData,
  RankingData,
  RankingKind,
  RankingPeriod,
  TipsterProfileData,
} from '../../../core/contracts/forecast';
import type { BasketballData, BasketballMatch, Competition, FootballListData, FootballMatch } from '../../../core/contracts/matches';
import { FORECAST_API, forecastCall } from '../../components/forecast/plan-api';
import { apiFetch } from '../../lib/api-client';

/**
 * The prediction-centre API for the pages of this feature (core/contracts/forecast.ts). The plan
 * list, plan and unlock calls the shared plan card needs live in components/forecast/plan-api.ts.
 */
export const forecastApi = {
  markets: (matchId: number) => forecastCall<MatchMarketsData>(`${FORECAST_API}/matches/${matchId}/markets`),
  publish: (body: PublishPlanBody) => forecastCall<Plan>(`${FORECAST_API}/plans`, { method: 'POST', body }),
  quota: () => forecastCall<QuotaData>(`${FORECAST_API}/quota`),
  follow: (userId: number, follow: boolean) =>
    forecastCall<{ user_id: number; is_followed: boolean }>(`${FORECAST_API}/follows/${userId}`, { method: follow ? 'POST' : 'DELETE' }),
  tipster: (userId: number) => forecastCall<TipsterProfileData>(`${FORECAST_API}/tipsters/${userId}`),
  rankings: (query: { period: RankingPeriod; kind: RankingKind }) => forecastCall<RankingData>(`${FORECAST_API}/rankings`, { query }),
};

/** The download address of a tipster's record (a plain link: the browser saves the file). */
export function exportPath(userId: number, format: 'csv' | 'json'): string {
  return `${FORECAST_API}/tipsters/${userId}/export?format=${format}`;
}

/**
 * The day lists the publish form picks upcoming matches from (the live-score API of section 7:
 * football answers code 1, basketball code 0; only `data` is read).
 */
export const matchListsApi = {
  football: async (day: number) => (await apiFetch<{ data: FootballListData }>('/api/match_recent/anew_list', { query: { day } })).data,
  basketball: async (day: number) => (await apiFetch<{ data: BasketballData }>('/api/basketball', { query: { timestamp: day } })).data,
  footballMatch: async (matchId: number) =>
    (await apiFetch<{ data: { match: FootballMatch; competition: Competition } }>(`/api/match/football/${matchId}`)).data,
  basketballMatch: async (matchId: number) =>
    (await apiFetch<{ data: { match: BasketballMatch; competition: Competition } }>(`/api/match/basketball/${matchId}`)).data,
};
