import { useSyncExternalStore } from 'react';
import { useHydrated } from './use-clock';

/**
 * `useSyncExternalStore` for a browser store (local storage, the session) whose value may differ
 * from what the server rendered. React's own hook, given a client value that differs from the
 * server snapshot, re-renders every reader synchronously right after hydration: with the
 * session and the starred matches read by every row, that was one blocking task of half a
 * second on a phone's home page (docs/decisions/092). Here hydration reads the server snapshot
 * on both sides, and the store's value arrives with useHydrated's transition, in slices the
 * page stays responsive between. Later renders, and components mounted after hydration, read
 * the store directly.
 */
export function useClientStore<T>(subscribe: (listener: () => void) => () => void, getSnapshot: () => T, getServerSnapshot: () => T): T {
  const hydrated = useHydrated();
  return useSyncExternalStore(subscribe, hydrated ? getSnapshot : getServerSnapshot, getServerSnapshot);
}
