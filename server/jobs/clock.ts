/**
 * The time and the timers of the job runner. Production uses the system clock; tests use a
 * manual clock and move it forward themselves, so a schedule or a back-off is proven without
 * sleeping (STYLE: tests control the clock).
 */
export interface JobClock {
  /** unix milliseconds */
  now(): number;
  /** calls `callback` once, `delayMs` from now, unless cancelled */
  setTimer(callback: () => void, delayMs: number): { cancel(): void };
}

export const systemClock: JobClock = {
  now: () => Date.now(),
  setTimer(callback, delayMs) {
    const timer = setTimeout(callback, Math.max(0, delayMs));
    // The HTTP server keeps a running process alive; a pending job timer alone must not.
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
};

export interface ManualClock extends JobClock {
  /** moves time forward and fires, in time order, every timer due by then */
  advance(ms: number): void;
  set(unixMs: number): void;
}

export function createManualClock(startMs: number): ManualClock {
  let nowMs = startMs;
  let nextId = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();

  const fireDue = () => {
    for (;;) {
      const due = [...timers.entries()].filter(([, timer]) => timer.at <= nowMs).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!due) return;
      timers.delete(due[0]);
      due[1].callback();
    }
  };

  return {
    now: () => nowMs,
    setTimer(callback, delayMs) {
      const id = nextId++;
      timers.set(id, { at: nowMs + Math.max(0, delayMs), callback });
      return { cancel: () => void timers.delete(id) };
    },
    advance(ms) {
      nowMs += ms;
      fireDue();
    },
    set(unixMs) {
      nowMs = unixMs;
      fireDue();
    },
  };
}
