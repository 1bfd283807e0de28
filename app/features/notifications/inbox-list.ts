import type { Notification } from '../../../core/contracts/notifications';

/**
 * The rules of the inbox list in the browser, kept pure: new notifications arriving on top of
 * pages already loaded, and what a mark or a delete does to the rows shown.
 */

/** `fresh` (a first page read again) on top of `shown`: newer rows added once, the rows shown keep their place. */
export function mergeNewer(shown: readonly Notification[], fresh: readonly Notification[]): Notification[] {
  const top = shown.length > 0 ? shown[0]!.id : 0;
  const known = new Set(shown.map((item) => item.id));
  const newer = fresh.filter((item) => item.id > top && !known.has(item.id));
  return [...newer, ...shown];
}

/** Older rows of the next page below the rows shown, without repeating one. */
export function appendOlder(shown: readonly Notification[], older: readonly Notification[]): Notification[] {
  const known = new Set(shown.map((item) => item.id));
  return [...shown, ...older.filter((item) => !known.has(item.id))];
}

/** The rows with these ids (all of them when `ids` is 'all') marked read. */
export function markShownRead(shown: readonly Notification[], ids: readonly number[] | 'all'): Notification[] {
  const marked = ids === 'all' ? null : new Set(ids);
  return shown.map((item) => (item.read || (marked !== null && !marked.has(item.id)) ? item : { ...item, read: true }));
}
