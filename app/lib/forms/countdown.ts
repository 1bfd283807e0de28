import { useCallback, useEffect, useState } from 'react';

/** Seconds to wait before a new verification code may be asked (the server's resendAfterSec). */
export const RESEND_CODE_SECONDS = 60;

/** Whole seconds left until `untilMs`, never below zero; a started second counts as one. */
export function secondsLeft(untilMs: number | null, nowMs: number): number {
  if (untilMs === null) return 0;
  return Math.max(0, Math.ceil((untilMs - nowMs) / 1000));
}

/**
 * The moment a countdown started now ends: the server's wait when it gave a sensible one
 * (resendAfterSec, Retry-After), else the default 60 s.
 */
export function countdownEnd(nowMs: number, serverSeconds: number | null | undefined, fallbackSeconds = RESEND_CODE_SECONDS): number {
  const seconds = typeof serverSeconds === 'number' && Number.isFinite(serverSeconds) && serverSeconds > 0 ? Math.min(serverSeconds, 3600) : fallbackSeconds;
  return nowMs + seconds * 1000;
}

/** A countdown for the send-code button: `left` seconds (0 = ready), `start(serverSeconds?)` begins one. */
export function useCountdown(): { left: number; start: (serverSeconds?: number | null) => void } {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) {
        clearInterval(timer);
        setUntil(null);
      }
    }, 250);
    return () => clearInterval(timer);
  }, [until]);
  const start = useCallback((serverSeconds?: number | null) => {
    const current = Date.now();
    setNow(current);
    setUntil(countdownEnd(current, serverSeconds));
  }, []);
  return { left: secondsLeft(until, now), start };
}
