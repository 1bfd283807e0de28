import { describe, expect, it } from 'vitest';
import { collectedFromList, EMPTY_COLLECTED, isMatchCollected, mergeLoaded, withCollected } from './collected-matches';

const match = (id: number, isCollect = false) => ({ match_id: id, is_collect: isCollect });

describe('collected matches on the shared day lists', () => {
  it('shows the list’s own flag until the reader’s collections are known', () => {
    expect(isMatchCollected(EMPTY_COLLECTED, 'football', match(1))).toBe(false);
    expect(isMatchCollected(EMPTY_COLLECTED, 'football', match(1, true))).toBe(true);
  });

  it('merges the reader’s collected ids into the rows, per sport', () => {
    const state = collectedFromList(7, [
      { sport: 'football', match_id: 1 },
      { sport: 'basketball', match_id: 2 },
    ]);
    expect(isMatchCollected(state, 'football', match(1))).toBe(true);
    expect(isMatchCollected(state, 'basketball', match(1))).toBe(false);
    expect(isMatchCollected(state, 'basketball', match(2))).toBe(true);
    // The shared list never knows the reader: its false does not hide a collected match.
    expect(isMatchCollected(state, 'football', match(3, true))).toBe(false);
  });

  it('adds and removes one match, unchanged when nothing changes', () => {
    const state = collectedFromList(7, []);
    const added = withCollected(state, 'football', 5, true);
    expect(isMatchCollected(added, 'football', match(5))).toBe(true);
    expect(withCollected(added, 'football', 5, true)).toBe(added);
    expect(isMatchCollected(withCollected(added, 'football', 5, false), 'football', match(5))).toBe(false);
  });

  it('keeps stars clicked while the list was loading', () => {
    const loaded = collectedFromList(7, [{ sport: 'football', match_id: 1 }]);
    const merged = mergeLoaded(loaded, [
      { sport: 'football', matchId: 1, collected: false },
      { sport: 'football', matchId: 9, collected: true },
    ]);
    expect(isMatchCollected(merged, 'football', match(1))).toBe(false);
    expect(isMatchCollected(merged, 'football', match(9))).toBe(true);
  });
});
