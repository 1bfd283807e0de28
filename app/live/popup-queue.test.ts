import { describe, expect, it } from 'vitest';
import { MAX_VISIBLE_POPUPS, dismissPopup, getPopups, pushPopup, subscribePopups, visiblePopups, type PopupItem } from './popup-queue';

describe('pop-up queue', () => {
  it('keeps only the newest pop-ups during a burst and notifies the layer of each change', () => {
    let changes = 0;
    const off = subscribePopups(() => {
      changes += 1;
    });
    for (let i = 0; i < MAX_VISIBLE_POPUPS + 2; i += 1) {
      pushPopup({ kind: 'result', resultKind: 'guess_result', title: `result ${i}`, body: '' });
    }
    expect(getPopups().map((p) => (p.kind === 'result' ? p.title : ''))).toEqual(['result 2', 'result 3', 'result 4', 'result 5']);
    const first = getPopups()[0]!;
    dismissPopup(first.id);
    expect(getPopups()).toHaveLength(MAX_VISIBLE_POPUPS - 1);
    expect(changes).toBe(MAX_VISIBLE_POPUPS + 3);
    off();
  });
});

describe('pop-ups on screen (decision 110)', () => {
  const queue: PopupItem[] = [1, 2, 3].map((id) => ({ id, kind: 'message', title: `message ${id}`, body: '' }));

  it('a phone shows one at a time, the oldest first; the next comes when it goes', () => {
    expect(visiblePopups(queue, { isPhone: true, isDialogOpen: false }).map((item) => item.id)).toEqual([1]);
    expect(visiblePopups(queue.slice(1), { isPhone: true, isDialogOpen: false }).map((item) => item.id)).toEqual([2]);
    expect(visiblePopups([], { isPhone: true, isDialogOpen: false })).toEqual([]);
  });

  it('a wider screen stacks the queue', () => {
    expect(visiblePopups(queue, { isPhone: false, isDialogOpen: false }).map((item) => item.id)).toEqual([1, 2, 3]);
  });

  it('nothing shows over an open dialog, on any screen; the queue keeps them for after', () => {
    expect(visiblePopups(queue, { isPhone: true, isDialogOpen: true })).toEqual([]);
    expect(visiblePopups(queue, { isPhone: false, isDialogOpen: true })).toEqual([]);
    expect(queue).toHaveLength(3);
  });
});
