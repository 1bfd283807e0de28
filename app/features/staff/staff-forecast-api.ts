import type { HidePlanData, ResettleData, SettlementLogData } from '../../../core/contracts/forecast';
import { forecastCall } from '../../components/forecast/plan-api';

/**
 * The staff endpoints of the prediction centre (core/contracts/forecast.ts), for the browser:
 * hide a plan's description with a reason, read the settlement log, re-run a match's settlement.
 * Answers are `{ code: 0, msg, data }`; these return `data`.
 */

export const STAFF_FORECAST = '/staff/forecast';
export const SETTLEMENTS_PAGE_SIZE = 20;

export const staffForecastApi = {
  hidePlan: (planId: number, reason: string) =>
    forecastCall<HidePlanData>(`/api/staff/forecast/plans/${planId}/hide`, { method: 'POST', body: { reason } }),
  settlements: (query: { match_id?: number; page: number; size: number }) =>
    forecastCall<SettlementLogData>('/api/staff/forecast/settlements', { query: { ...query } }),
  resettle: (matchId: number) => forecastCall<ResettleData>(`/api/staff/forecast/matches/${matchId}/resettle`, { method: 'POST' }),
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
