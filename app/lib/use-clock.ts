import { createContext, useContext, useSyncExternalStore } from 'react';

/** Football clocks move by the minute; a 15 s tick keeps them at most a quarter-minute behind. */
export const CLOCK_TICK_MS = 15_000;

const noSubscription = () => () => {};

/**
 * False while the server renders and while the browser hydrates that HTML, true from the next
 * render on. Text that depends on the reader's clock or time zone waits for it, so hydration
 * sees exactly the server's text.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

let tickSec = 0;
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function readNow(): number {
  if (tickSec === 0) tickSec = Math.floor(Date.now() / 1000);
  return tickSec;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === null) {
    tickSec = Math.floor(Date.now() / 1000);
    timer = setInterval(() => {
      tickSec = Math.floor(Date.now() / 1000);
      for (const l of Array.from(listeners)) l();
    }, CLOCK_TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The loader's clock (unix seconds) for the page being rendered; score pages provide it. */
export const ServerNowContext = createContext(0);

/**
 * The current time in unix seconds, updated every 15 s by one shared timer. The server and
 * the hydrating render use the loader's clock (ServerNowContext), so minutes match the HTML.
 */
export function useNowSec(): number {
  const serverNowSec = useContext(ServerNowContext);
  return useSyncExternalStore(subscribe, readNow, () => serverNowSec);
}
