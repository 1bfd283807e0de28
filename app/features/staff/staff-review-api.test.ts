import { describe, expect, it } from 'vitest';
import { parseReviewKindParam, parseReviewStatusParam, reviewAge, reviewQueueSearch } from './staff-review-api';

describe('review queue addresses', () => {
  it('reads the status and kind filters, falling back to waiting items of every kind', () => {
    expect(parseReviewStatusParam(null)).toBe('pending');
    expect(parseReviewStatusParam('rejected')).toBe('rejected');
    expect(parseReviewStatusParam('deleted')).toBe('pending');
    expect(parseReviewKindParam('post', ['post', 'order'])).toBe('post');
    expect(parseReviewKindParam('evidence', ['post'])).toBeNull();
    expect(parseReviewKindParam(null, ['post'])).toBeNull();
  });

  it('leaves the defaults out of the address and keeps the cursor', () => {
    expect(reviewQueueSearch({ kind: null, status: 'pending' })).toBe('?');
    expect(reviewQueueSearch({ kind: 'post', status: 'approved', cursor: '1700000000000.12' })).toBe('?kind=post&status=approved&cursor=1700000000000.12');
  });
});

describe('how long an item has waited', () => {
  const now = Date.parse('2026-04-03T12:00:00Z');
  it('speaks in minutes under an hour, hours under two days, then days', () => {
    expect(reviewAge('2026-04-03T11:59:30Z', now)).toEqual({ unit: 'minutes', count: 0 });
    expect(reviewAge('2026-04-03T11:01:00Z', now)).toEqual({ unit: 'minutes', count: 59 });
    expect(reviewAge('2026-04-03T11:00:00Z', now)).toEqual({ unit: 'hours', count: 1 });
    expect(reviewAge('2026-04-01T12:00:01Z', now)).toEqual({ unit: 'hours', count: 47 });
    expect(reviewAge('2026-04-01T12:00:00Z', now)).toEqual({ unit: 'days', count: 2 });
    // a clock a little behind the server's never shows a negative wait
    expect(reviewAge('2026-04-03T12:00:30Z', now)).toEqual({ unit: 'minutes', count: 0 });
  });
});
