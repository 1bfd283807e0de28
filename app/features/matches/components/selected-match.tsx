import { createContext, use, type ReactNode } from 'react';
import type { Sport } from '../../../../core/contracts/matches';
import type { MatchSelection } from '../columns';

/** The match a desktop reader selected beside the list (list-columns.tsx); null when none. */
export const SelectedMatchContext = createContext<MatchSelection | null>(null);

/**
 * Wraps one row of the list and marks it while its match is shown in the right column: an
 * accent bar at its start, drawn over the row, so nothing moves. Without a selection (phones,
 * the server) the wrapper is a plain block.
 */
export function SelectedRowMark({ sport, matchId, children }: { sport: Sport; matchId: number; children: ReactNode }) {
  const selection = use(SelectedMatchContext);
  const selected = selection !== null && selection.sport === sport && selection.matchId === matchId;
  return (
    <div
      aria-current={selected ? 'true' : undefined}
      className={selected ? 'relative after:pointer-events-none after:absolute after:inset-y-0 after:start-0 after:w-1 after:bg-accent' : undefined}
    >
      {children}
    </div>
  );
}
