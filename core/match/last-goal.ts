import type { MatchEvent } from '../contracts/match-data';
import type { LastGoal } from '../contracts/matches';

/** Event catalogue entries (section 3) that move a match's latest goal. */
const EVENT_GOAL = 0;
const EVENT_OWN_GOAL = 15;
const EVENT_VAR = 24;
/** What a VAR event's `detail` says when it took a goal back. */
const VAR_NO_GOAL = 'no goal';

/**
 * A match's latest goal after a live message's events (decision 097), as the list query
 * computes it: a goal or own goal becomes the latest; a VAR "no goal" against the latest
 * goal's side takes it back, and as the browser does not keep the goal before it, the row
 * shows none until the next goal or a reload. The same value (not a copy) when nothing changed.
 */
export function applyLastGoal(
  current: LastGoal | null | undefined,
  events: readonly MatchEvent[] | undefined,
): LastGoal | null | undefined {
  if (!events) return current;
  let next = current;
  for (const event of events) {
    if ((event.type === EVENT_GOAL || event.type === EVENT_OWN_GOAL) && event.side !== null) {
      next = {
        side: event.side,
        minute: event.minute,
        added_minute: event.added_minute,
        player: event.player,
        own_goal: event.type === EVENT_OWN_GOAL,
      };
    } else if (event.type === EVENT_VAR && event.detail === VAR_NO_GOAL && next && event.side === next.side) {
      next = null;
    }
  }
  return next;
}
