import { createContext, startTransition, useContext, useEffect, useState } from 'react';

/** Football clocks move by the minute; a 15 s tick keeps them at most a quarter-minute behind. */
export const CLOCK_TICK_MS = 15_000;

/** Whether the first hydration has committed: components mounted later start hydrated. */
let documentHydrated = false;

/**
 * False while the server renders and while the browser hydrates that HTML, true from the next
 * render on. Text that depends on the reader's clock or time zone waits for it, so hydration
 * sees exactly the server's text.
 *
 * The switch is a transition, not a store snapshot: a store whose client value differs from
 * the server's makes React re-render every reader synchronously right after hydration — on a
 * phone's home page one blocking task of half a second (docs/decisions/092). A transition
 * renders the same change in slices between which the page answers.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(documentHydrated);
  useEffect(() => {
    documentHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
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
  const [nowSec, setNowSec] = useState(() => (documentHydrated ? readNow() : serverNowSec));
  useEffect(() => {
    // After hydration (and on every tick) the reader's clock, as a transition (see useHydrated).
    const update = () => startTransition(() => setNowSec(readNow()));
    update();
    return subscribe(update);
  }, []);
  return nowSec;
}
