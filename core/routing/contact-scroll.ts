import { CONTACT_SCROLL_DELAY_MS, CONTACT_SCROLL_RETRIES, CONTACT_SCROLL_RETRY_MS } from '../constants';

/**
 * The #contact hash scrolls smoothly to the bottom of the page after a 300 ms delay, retrying
 * up to 5 times at 500 ms intervals (section 2) — the page may still be rendering its footer.
 */
export const CONTACT_SCROLL_PLAN = Object.freeze({
  initialDelayMs: CONTACT_SCROLL_DELAY_MS,
  retries: CONTACT_SCROLL_RETRIES,
  retryIntervalMs: CONTACT_SCROLL_RETRY_MS,
});

/**
 * Delays of the scroll attempts, each measured from the previous attempt (the first from the
 * moment the hash is seen): one attempt plus the retries. The caller stops at the first
 * attempt that reaches the bottom.
 */
export function planContactScroll(plan: { initialDelayMs: number; retries: number; retryIntervalMs: number } = CONTACT_SCROLL_PLAN): number[] {
  return [plan.initialDelayMs, ...Array.from({ length: Math.max(0, plan.retries) }, () => plan.retryIntervalMs)];
}

/** Hash that triggers the scroll, with or without its '#'. */
export function isContactHash(hash: string): boolean {
  return hash === '#contact' || hash === 'contact';
}
