import { describe, expect, it } from 'vitest';
import { MAX_VISIBLE_POPUPS, dismissPopup, getPopups, pushPopup, subscribePopups } from './popup-queue';

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
