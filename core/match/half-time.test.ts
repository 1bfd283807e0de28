import { describe, expect, it } from 'vitest';
import { shownHalfTime } from './half-time';

describe('the half-time score is shown once half time is reached (decision 112)', () => {
  it.each([
    [1, null],
    [9, null],
    [2, null],
    [3, [0, 0]],
    [4, [0, 0]],
    [5, [0, 0]],
    [7, [0, 0]],
    [8, [0, 0]],
    [10, [0, 0]],
  ])('status %i with a half-time 0-0 from the feed shows %j', (status, shown) => {
    expect(shownHalfTime({ status_id: status, ht: [0, 0] })).toEqual(shown);
  });

  it('shows nothing when the feed has none', () => {
    expect(shownHalfTime({ status_id: 8, ht: null })).toBeNull();
    expect(shownHalfTime({ status_id: 4, ht: undefined })).toBeNull();
  });
});
