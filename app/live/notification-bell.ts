import { useSyncExternalStore } from 'react';
import type { UserMessage } from '../../core/contracts/live';
import type { UnreadCounts } from '../../core/contracts/notifications';

/**
 * The header bell's figures (decision 133): the signed-in reader's unread notifications. Read
 * from GET /api/notifications/unread after hydration, replaced by every `notification` message
 * of the reader's live topic and by the answer of every mark-read or delete of the inbox, so
 * every open page shows the same count. Null until known (and on the server).
 */
let counts: UnreadCounts | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of Array.from(listeners)) listener();
}

export function setUnreadCounts(next: UnreadCounts | null): void {
  counts = next;
  emit();
}

export function getUnreadCounts(): UnreadCounts | null {
  return counts;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverCounts = (): UnreadCounts | null => null;

export function useUnreadCounts(): UnreadCounts | null {
  return useSyncExternalStore(subscribe, getUnreadCounts, serverCounts);
}

/** A live message of the reader's topic: a `notification` message moves the bell. Returns whether it did. */
export function applyUserMessageToBell(message: UserMessage): boolean {
  if (message.type !== 'notification') return false;
  setUnreadCounts(message.data.unread);
  return true;
}

/** Asks the server for the counts; a failure keeps what the bell shows. */
export async function refreshUnreadCounts(): Promise<void> {
  try {
    // The contract and its checker load with the first call, not with every page: they would
    // cost the initial JavaScript budget (decision 084) a schema library.
    const [{ callEndpoint }, { notificationsEndpoints }] = await Promise.all([import('../lib/endpoint-client'), import('../../core/contracts/notifications')]);
    setUnreadCounts(await callEndpoint(notificationsEndpoints.unread));
  } catch {
    // Signed out meanwhile or offline: the next message or page brings the count.
  }
}

/** The badge's text: nothing at 0, the number up to 99, then "99+". */
export function badgeText(total: number): string {
  if (total <= 0) return '';
  return total > 99 ? '99+' : String(total);
}
