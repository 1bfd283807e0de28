import { VOID_REASON_MAX_LENGTH, type StaffBetMarket, type VoidMarketBody, type VoidMarketData } from '../../../core/contracts/guessing';
import type { ApiFetch } from '../../lib/api-client';
import { apiErrorDetails } from '../../lib/account-api';
import { endpointCalls } from '../../lib/endpoint-calls';

/**
 * The staff endpoints of the guessing contest (core/contracts/guessing.ts, docs/api/guessing.md),
 * for the browser: the matches with open bets, one match's markets with their legs and earlier
 * staff voids, and voiding a market with a reason. Each returns the answer's `data`, checked
 * against the contract.
 */

export const STAFF_GUESSING = '/staff/guessing';
export const STAFF_BET_MATCHES_PAGE_SIZE = 10;
export { VOID_REASON_MAX_LENGTH };
export type { StaffBetMarket, StaffBetMatch, VoidMarketBody, VoidMarketData } from '../../../core/contracts/guessing';

/** The calls, over `fetcher` (the app's API client; tests pass their own). */
export function createStaffGuessingApi(fetcher?: ApiFetch) {
  const call = endpointCalls(async () => (await import('../../../core/contracts/guessing')).staffGuessingEndpoints, fetcher);
  return {
    matches: (query: { page: number; size: number }) => call('matches', { query }),
    match: (matchId: number) => call('match', { params: { matchId } }),
    voidMarket: (matchId: number, body: VoidMarketBody) => call('voidMarket', { params: { matchId }, body }),
  };
}

export type StaffGuessingApi = ReturnType<typeof createStaffGuessingApi>;

export const staffGuessingApi = createStaffGuessingApi();

/** The reason as it will be sent (trimmed), or what is wrong with it. Control characters are left to the server's translated answer. */
export function checkVoidReason(raw: string): { ok: true; reason: string } | { ok: false; problem: 'required' | 'tooLong' } {
  const reason = raw.trim();
  if (reason === '') return { ok: false, problem: 'required' };
  if (reason.length > VOID_REASON_MAX_LENGTH) return { ok: false, problem: 'tooLong' };
  return { ok: true, reason };
}

export type VoidAttempt =
  | { ok: true; data: VoidMarketData }
  /** the server's translated message, for the reason field or the form; null: no answer came */
  | { ok: false; field: string | null; message: string | null };

/** Sends a void and reads the answer: the counts, or the server's translated error. */
export async function attemptVoidMarket(api: Pick<StaffGuessingApi, 'voidMarket'>, matchId: number, body: VoidMarketBody): Promise<VoidAttempt> {
  try {
    return { ok: true, data: await api.voidMarket(matchId, body) };
  } catch (failure) {
    const details = apiErrorDetails(failure);
    const field = details.fields.reason ?? null;
    return { ok: false, field, message: field === null ? details.message : null };
  }
}

/** Markets with legs not graded yet (what a void touches), and markets staff voided before. */
export function splitMarkets(markets: readonly StaffBetMarket[]): { open: StaffBetMarket[]; voided: StaffBetMarket[] } {
  return { open: markets.filter((m) => m.legs.open > 0), voided: markets.filter((m) => m.voids.length > 0) };
}
