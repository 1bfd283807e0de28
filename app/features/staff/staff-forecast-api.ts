import { endpointCalls } from '../../lib/endpoint-calls';

/**
 * The staff endpoints of the prediction centre (core/contracts/forecast.ts), for the browser:
 * hide a plan's description with a reason, read the settlement log, re-run a match's settlement.
 * Each returns the answer's `data`, checked against the contract (decision 137).
 */

export const STAFF_FORECAST = '/staff/forecast';
export const SETTLEMENTS_PAGE_SIZE = 20;

const staffForecast = endpointCalls(async () => (await import('../../../core/contracts/forecast')).staffForecastEndpoints);

export const staffForecastApi = {
  hidePlan: (planId: number, reason: string) => staffForecast('hidePlan', { params: { id: planId }, body: { reason } }),
  settlements: (query: { match_id?: number; page: number; size: number }) => staffForecast('settlements', { query }),
  resettle: (matchId: number) => staffForecast('resettle', { params: { matchId } }),
};

/** A positive whole id as typed in a staff form, or null. */
export function parseIdInput(raw: string): number | null {
  const value = raw.trim();
  if (!/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/** The settlement log's cause as staff read it: the outbox event, a staff re-run, or as stored. */
export function causeParts(cause: string): { kind: 'event' | 'staff' | 'other'; id: string } {
  const match = /^(event|staff):(.+)$/.exec(cause);
  if (match === null) return { kind: 'other', id: cause };
  return { kind: match[1] as 'event' | 'staff', id: match[2] ?? '' };
}
