import type { PlanListView } from '../../../core/contracts/forecast';
import type { Sport } from '../../../core/contracts/matches';
import { endpointCalls } from '../../lib/endpoint-calls';

/**
 * The plan calls of the prediction-centre API (core/contracts/forecast.ts) that the shared plan
 * card and list need, for the browser: each returns the answer's `data`, checked against the
 * contract. Failures reject with the client's ApiError (read it with `apiErrorDetails`).
 *
 * Plans are only ever fetched here, in the browser, with the reader's session: the server
 * renders the page around them, so a plan's locked content can never end up in a page's HTML.
 */

/** The prediction centre's endpoints, loaded with the first call (decision 137). */
export const forecast = endpointCalls(async () => (await import('../../../core/contracts/forecast')).forecastEndpoints);

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
  list: (query: PlanListQuery) => forecast('plans', { query }),
  get: (planId: number) => forecast('plan', { params: { id: planId } }),
  unlock: (planId: number, idempotencyKey: string) => forecast('unlock', { params: { id: planId }, body: { idempotency_key: idempotencyKey } }),
  successRate: () => forecast('successRate'),
};
