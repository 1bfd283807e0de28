import { useCallback } from 'react';
import { useClientStore } from '../../lib/use-client-store';
import { EMPTY_SLIP, type SlipState } from './slip';

/**
 * The bet slip of this tab: one store shared by the betting page's side panel, the phone drawer
 * and the full-page slip (/guessing/postABet), kept in sessionStorage so it survives moving
 * between them. The server render always sees an empty slip.
 */
const STORAGE_KEY = 'tribun.betSlip';
const listeners = new Set<() => void>();
let current: SlipState | null = null;

function read(): SlipState {
  if (current !== null) return current;
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as SlipState) : null;
    current = parsed && Array.isArray(parsed.items) ? { ...EMPTY_SLIP, ...parsed } : EMPTY_SLIP;
  } catch {
    current = EMPTY_SLIP;
  }
  return current;
}

function write(next: SlipState): void {
  current = next;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private mode: the slip holds for this page only.
  }
  for (const listener of Array.from(listeners)) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSlip(): [SlipState, (change: (slip: SlipState) => SlipState) => void] {
  const slip = useClientStore(subscribe, read, () => EMPTY_SLIP);
  const update = useCallback((change: (slip: SlipState) => SlipState) => write(change(read())), []);
  return [slip, update];
}

/** Tests start from an empty slip. */
export function resetSlipStore(): void {
  current = EMPTY_SLIP;
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // no storage in this environment
  }
}
