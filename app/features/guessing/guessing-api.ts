import type { BetKind, PlaceBetBody } from '../../../core/contracts/guessing';
import type { Sport } from '../../../core/contracts/matches';
import { endpointCalls } from '../../lib/endpoint-calls';

/**
 * The guessing-contest API (docs/api/guessing.md) for the browser, over the endpoints of
 * core/contracts/guessing.ts (decision 137): each returns the answer's `data`, checked against
 * the contract. Failures reject with the client's ApiError.
 */
const guessing = endpointCalls(async () => (await import('../../../core/contracts/guessing')).guessingEndpoints);

export type BetListStatus = 'open' | 'finished' | 'all';

export const guessingApi = {
  day: (sport: Sport, day: number) => guessing('day', { query: { sport, day } }),
  markets: (matchId: number) => guessing('markets', { params: { matchId } }),
  place: (body: PlaceBetBody) => guessing('place', { body }),
  bets: (query: { status: BetListStatus; kind?: BetKind; page: number; size?: number }) => guessing('bets', { query }),
  bet: (id: number) => guessing('bet', { params: { id } }),
  record: () => guessing('record'),
  streak: () => guessing('streak'),
};
