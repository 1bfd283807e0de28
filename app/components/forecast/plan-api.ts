import type { Plan, PlanListData, PlanListView, SuccessRateData } from '../../../core/contracts/forecast';
import type { Sport } from '../../../core/contracts/matches';
import { apiFetch, type ApiFetchOptions } from '../../lib/api-client';

/**
 * The plan calls of the prediction-centre API (core/contracts/forecast.ts) that the shared plan
 * card and list need, for the browser. Answers are `{ code: 0, msg, data }`; these return
 * `data`. Failures reject with the client's ApiError (read it with `apiErrorDetails`).
 *
 * Plans are only ever fetched here, in the browser, with the reader's session: the server
 * renders the page around them, so a plan's locked content can never end up in a page's HTML.
 */

export const FORECAST_API = '/api/forecast';

/** One call of the forecast API: the `data` of its envelope. POSTs always carry a JSON body. */
export async function forecastCall<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const method = (options.method ?? 'GET').toUpperCase();
  const body = method === 'POST' ? (options.body ?? {}) : options.body;
  const envelope = await apiFetch<{ code: number; msg: string; data: T }>(path, { ...options, method, body });
  return envelope.data;
}

export interface PlanListQuery {
  view: PlanListView;
  match_id?: number;
  tipster_id?: number;
  sport?: Sport;
  page?: number;
  size?: number;
}

/** A fresh idempotency key for one write (unlock, publish): 8–100 of [A-Za-z0-9_-]. */
export function newIdempotencyKey(): string {
  if (typeof globalThis.crypto?.randomUUID === 'function') return globalThis.crypto.randomUUID();
  // Browsers without randomUUID (old, or a page not served over HTTPS) still have getRandomValues.
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const planApi = {
  list: (query: PlanListQuery) => forecastCall<PlanListData>(`${FORECAST_API}/plans`, { query: { ...query } }),
  get: (planId: number) => forecastCall<Plan>(`${FORECAST_API}/plans/${planId}`),
  unlock: (planId: number, idempotencyKey: string) =>
    forecastCall<Plan>(`${FORECAST_API}/plans/${planId}/unlock`, { method: 'POST', body: { idempotency_key: idempotencyKey } }),
  successRate: () => forecastCall<SuccessRateData>(`${FORECAST_API}/success-rate`),
};
