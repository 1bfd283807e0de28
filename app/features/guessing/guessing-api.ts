import type { BetKind, BetListData, BettingDayData, BettingMatch, BettingRecord, Bet, PlaceBetBody, StreakRankingData } from '../../../core/contracts/guessing';
import type { Sport } from '../../../core/contracts/matches';
import { apiFetch, type ApiFetchOptions } from '../../lib/api-client';

/**
 * The guessing-contest API (docs/api/guessing.md) for the browser. Answers are
 * `{ code: 0, msg, data }`; these return `data`. Failures reject with the client's ApiError.
 */
async function call<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const envelope = await apiFetch<{ code: number; msg: string; data: T }>(path, options);
  return envelope.data;
}

export type BetListStatus = 'open' | 'finished' | 'all';

export const guessingApi = {
  day: (sport: Sport, day: number) => call<BettingDayData>('/api/guessing/day', { query: { sport, day } }),
  markets: (matchId: number) => call<BettingMatch>(`/api/guessing/matches/${matchId}/markets`),
  place: (body: PlaceBetBody) => call<Bet>('/api/guessing/bets', { method: 'POST', body }),
  bets: (query: { status: BetListStatus; kind?: BetKind; page: number; size?: number }) => call<BetListData>('/api/guessing/bets', { query: { ...query } }),
  bet: (id: number) => call<Bet>(`/api/guessing/bets/${id}`),
  record: () => call<BettingRecord>('/api/guessing/record'),
  streak: () => call<StreakRankingData>('/api/guessing/rankings/streak'),
};
