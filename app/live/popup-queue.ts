import type { ResultPopupKind } from '../../core/alerts';
import type { GoalAlert } from './goal-alerts';

/**
 * The alert pop-ups the layer shows (goal, misjudged, result pop-ups), as a small store any part
 * of the app can push to: the layer is mounted once at the end of the page, so pushing needs no
 * React context. Short notices ("Please log in first") use the shell's notice store instead.
 */
export type PopupItem =
  | { id: number; kind: 'goal'; goal: GoalAlert }
  | { id: number; kind: 'result'; resultKind: ResultPopupKind; title: string; body: string }
  /** a user message without a setting of its own (points mall orders) */
  | { id: number; kind: 'message'; title: string; body: string };

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
export type NewPopup = WithoutId<PopupItem>;

/** On a busy evening goals come in bursts; older pop-ups make way rather than pile up. */
export const MAX_VISIBLE_POPUPS = 4;

/** Phones (below the sm breakpoint) show one pop-up at a time: three stacked covered a third of the screen. */
export const PHONE_POPUP_QUERY = '(max-width: 639px)';

/**
 * The pop-ups on screen (decision 110): none while a dialog is open (they wait in the queue
 * and come once it closes), one at a time on a phone — the oldest first, each for its own
 * time, the next when it goes; a burst longer than the queue drops the oldest — and the whole
 * queue, stacked, on wider screens.
 */
export function visiblePopups(queue: readonly PopupItem[], options: { isPhone: boolean; isDialogOpen: boolean }): readonly PopupItem[] {
  if (options.isDialogOpen) return none;
  return options.isPhone ? queue.slice(0, 1) : queue;
}

const none: readonly PopupItem[] = [];

type Listener = () => void;
const listeners = new Set<Listener>();
let items: readonly PopupItem[] = [];
let nextId = 1;

function emit() {
  for (const listener of Array.from(listeners)) listener();
}

export function pushPopup(popup: NewPopup): number {
  const id = nextId;
  nextId += 1;
  items = [...items, { ...popup, id } as PopupItem].slice(-MAX_VISIBLE_POPUPS);
  emit();
  return id;
}

export function dismissPopup(id: number): void {
  const next = items.filter((item) => item.id !== id);
  if (next.length === items.length) return;
  items = next;
  emit();
}

export function subscribePopups(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getPopups(): readonly PopupItem[] {
  return items;
}

export function getServerPopups(): readonly PopupItem[] {
  return none;
}
