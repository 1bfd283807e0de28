import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_SETTINGS } from '../../core/alerts';
import { getPopups } from './popup-queue';
import { showResultPopup } from './result-popups';

describe('result pop-ups (guessing, predictions, activities)', () => {
  it('shows each kind by default', () => {
    for (const kind of ['guess_result', 'pre_result', 'activity_result'] as const) {
      expect(showResultPopup({ kind, title: `${kind} title`, body: 'body' }, DEFAULT_ALERT_SETTINGS)).toBe(true);
    }
    expect(getPopups().map((p) => (p.kind === 'result' ? p.title : null))).toEqual(
      expect.arrayContaining(['guess_result title', 'pre_result title', 'activity_result title']),
    );
  });

  it('suppresses a kind whose switch is off, and only that kind', () => {
    const settings = { ...DEFAULT_ALERT_SETTINGS, pre_result: false };
    expect(showResultPopup({ kind: 'pre_result', title: 'Plan won', body: '+120' }, settings)).toBe(false);
    expect(getPopups().some((p) => p.kind === 'result' && p.title === 'Plan won')).toBe(false);
    expect(showResultPopup({ kind: 'guess_result', title: 'Bet won', body: '+50' }, settings)).toBe(true);
    expect(getPopups().at(-1)).toMatchObject({ kind: 'result', resultKind: 'guess_result', title: 'Bet won' });
  });
});
