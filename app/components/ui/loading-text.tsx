import type { ReactNode } from 'react';
import { useDelayedFlag } from '../../lib/use-delayed-flag';

/**
 * "Loading…" in a line that keeps its height: invisible for the first 200 ms (section 9's
 * loading delay), so a quick answer replaces it without a flash, and nothing below moves when the
 * text appears. The status is announced only once it is visible.
 */
export function LoadingText({ children, className = 'text-muted' }: { children: ReactNode; className?: string }) {
  const isShown = useDelayedFlag(true);
  return (
    <p className={`${className} ${isShown ? '' : 'invisible'}`} role="status" aria-hidden={isShown ? undefined : true} data-testid="loading-text">
      {children}
    </p>
  );
}
