import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../core/contracts/notifications';
import { appendOlder, markShownRead, mergeNewer } from './inbox-list';

function row(id: number, read = false): Notification {
  return {
    id,
    kind: 'plan_published',
    group: 'interaction',
    actor: { id: 1, nickname: 'ayse' },
    object: { type: 'plan', id },
    data: { match_id: 1, home: 'Galatasaray', away: 'Fenerbahçe', free: true },
    created_at: '2026-01-01T00:00:00.000Z',
    read,
  };
}

describe('the inbox list', () => {
  it('puts newer rows of a first page read again on top, once, and keeps the older pages loaded', () => {
    const shown = [row(9), row(7), row(4), row(2)];
    const fresh = [row(12), row(11), row(9), row(7)];
    expect(mergeNewer(shown, fresh).map((item) => item.id)).toEqual([12, 11, 9, 7, 4, 2]);
    expect(mergeNewer([], fresh).map((item) => item.id)).toEqual([12, 11, 9, 7]);
    // A deleted row is not brought back by a refresh of the first page.
    expect(mergeNewer([row(7)], [row(9), row(7)]).map((item) => item.id)).toEqual([9, 7]);
    expect(mergeNewer([row(9), row(4)], [row(9), row(7), row(4)]).map((item) => item.id)).toEqual([9, 4]);
  });

  it('adds an older page below without repeating a row', () => {
    expect(appendOlder([row(9), row(7)], [row(7), row(5), row(3)]).map((item) => item.id)).toEqual([9, 7, 5, 3]);
  });

  it('marks the rows named, or all of them, read', () => {
    const shown = [row(9), row(7, true), row(4)];
    expect(markShownRead(shown, [9]).map((item) => item.read)).toEqual([true, true, false]);
    expect(markShownRead(shown, 'all').every((item) => item.read)).toBe(true);
    expect(markShownRead(shown, [])).toEqual(shown);
  });
});
