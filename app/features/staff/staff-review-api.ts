import type { ReviewDecisionBody, ReviewStatus } from '../../../core/contracts/review';
import { REVIEW_STATUSES } from '../../../core/review/transitions';
import { endpointCalls } from '../../lib/endpoint-calls';

/**
 * The review queue's staff endpoints (core/contracts/review.ts, docs/decisions/134), for the
 * browser: each returns the answer's `data`, checked against the contract (decision 137).
 * Failures reject with the client's ApiError.
 */

export const STAFF_REVIEWS = '/staff/reviews';
export const REVIEWS_PAGE_SIZE = 20;

/** The queue's `?status=`: pending unless it names another status. */
export function parseReviewStatusParam(raw: string | null): ReviewStatus {
  return (REVIEW_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as ReviewStatus) : 'pending';
}

/** The queue's `?kind=`: one of the registered kinds, else all of them. */
export function parseReviewKindParam(raw: string | null, kinds: readonly string[]): string | null {
  return raw !== null && kinds.includes(raw) ? raw : null;
}

/** The queue's address for a filter and a page (cursor); the defaults are left out. */
export function reviewQueueSearch(filter: { kind: string | null; status: ReviewStatus; cursor?: string | null }): string {
  const params = new URLSearchParams();
  if (filter.kind) params.set('kind', filter.kind);
  if (filter.status !== 'pending') params.set('status', filter.status);
  if (filter.cursor) params.set('cursor', filter.cursor);
  const search = params.toString();
  return search === '' ? '?' : `?${search}`;
}

/** How long an item has waited, in the largest whole unit: minutes under an hour, hours under two days. */
export function reviewAge(queuedAt: string, now: number): { unit: 'minutes' | 'hours' | 'days'; count: number } {
  const minutes = Math.max(0, Math.floor((now - new Date(queuedAt).getTime()) / 60_000));
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.floor(hours / 24) };
}

const review = endpointCalls(async () => (await import('../../../core/contracts/review')).reviewEndpoints);

export const staffReviewApi = {
  kinds: () => review('kinds'),
  list: (query: { kind: string | null; status: ReviewStatus; cursor: string | null; size: number }) =>
    review('queue', {
      query: {
        status: query.status,
        size: query.size,
        ...(query.kind ? { kind: query.kind } : {}),
        ...(query.cursor ? { cursor: query.cursor } : {}),
      },
    }),
  decide: (id: number, body: ReviewDecisionBody) => review('decide', { params: { id }, body }).then((data) => data.item),
};
