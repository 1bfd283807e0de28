import { useCallback } from 'react';
import type { AlertSettings } from '../../core/alerts';
import { getAlertSettings } from './alert-settings';
import { decideResultPopup, type ResultPopupInput } from './goal-alerts';
import { pushPopup } from './popup-queue';

/**
 * Shows a guessing, prediction or activity result pop-up unless its setting is off, with
 * already translated texts (user-popups.ts does so for the messages of users/<own id>).
 * Returns whether the pop-up was shown.
 */
export function showResultPopup(input: ResultPopupInput, settings: AlertSettings = getAlertSettings()): boolean {
  if (!decideResultPopup(input, settings)) return false;
  pushPopup({ kind: 'result', resultKind: input.kind, title: input.title, body: input.body });
  return true;
}

export function useResultPopup(): (input: ResultPopupInput) => boolean {
  return useCallback((input: ResultPopupInput) => showResultPopup(input), []);
}
