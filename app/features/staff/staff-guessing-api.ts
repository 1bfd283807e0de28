import type { BetMatch } from '../../../core/contracts/guessing';
import type { Market, Period } from '../../../core/contracts/odds';
import { forecastCall } from '../../components/forecast/plan-api';
import { apiErrorDetails } from '../../lib/account-api';

/**
 * The staff endpoints of the guessing contest (docs/api/guessing.md), for the browser: the
 * matches with open bets, one match's markets with their legs and earlier staff voids, and
 * voiding a market with a reason. Answers are `{ code: 0, msg, data }`; these return `data`.
 */

export const STAFF_GUESSING = '/staff/guessing';
export const STAFF_BET_MATCHES_PAGE_SIZE = 10;
/** The server's limit of a void's reason (guessing.routes.ts, VoidMarketBodySchema). */
export const VOID_REASON_MAX_LENGTH = 500;

// The shapes of server/modules/guessing/guessing-staff.ts (the app cannot import the server).
export interface StaffBetMarket {
  market: Market;
  period: Period;
  legs: { open: number; graded: number; staff_void: number };
  bets: { open: number; settled: number };
  open_stake: number;
  voids: { reason: string; legs: number }[];
}

export interface StaffBetMatch {
  match: BetMatch;
  markets: StaffBetMarket[];
}

export interface StaffBetMatchList {
  list: StaffBetMatch[];
  page: number;
  size: number;
  total: number;
}

export interface VoidMarketBody {
  market: Market;
  period: Period;
  reason: string;
}

export interface VoidMarketData {
  legs: number;
  bets: number;
}

type Call = <T>(path: string, options?: Parameters<typeof forecastCall>[1]) => Promise<T>;

/** The calls, over `call` (the app's API client; tests pass their own). */
export function createStaffGuessingApi(call: Call = forecastCall) {
  return {
    matches: (query: { page: number; size: number }) => call<StaffBetMatchList>('/api/staff/guessing/matches', { query: { ...query } }),
    match: (matchId: number) => call<StaffBetMatch>(`/api/staff/guessing/matches/${matchId}`),
    voidMarket: (matchId: number, body: VoidMarketBody) =>
      call<VoidMarketData>(`/api/staff/guessing/matches/${matchId}/void-market`, { method: 'POST', body: { ...body } }),
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
