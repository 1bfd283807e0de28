import type { MatchEvent } from '../../../core/contracts/match-data';
import { minuteLabel as formatMinuteLabel, minuteOfEvent } from '../../../core/match/minute';

/** Indexes of the section 3 event catalogue that the match pages name. */
export const EVENT = {
  goal: 0,
  corner: 1,
  yellowCard: 2,
  redCard: 3,
  penalty: 7,
  substitution: 8,
  end: 11,
  halftimeScore: 12,
  cardUpgradeConfirmed: 13,
  penaltyMissed: 14,
  ownGoal: 15,
  overtimeOver: 22,
  penaltyKickEnded: 23,
  var: 24,
  penaltyShootOut: 25,
  penaltyShootOutMissed: 26,
} as const;

/**
 * What a reader follows on a timeline: goals, cards, substitutions, VAR, penalties and the
 * half-time / full-time markers. Corners, shots, attacks and possession ticks are counted in
 * the statistics instead, where a hundred of them make sense.
 */
const PLAYER_EVENTS: ReadonlySet<number> = new Set([
  EVENT.goal,
  EVENT.ownGoal,
  EVENT.yellowCard,
  EVENT.redCard,
  EVENT.cardUpgradeConfirmed,
  EVENT.substitution,
  EVENT.var,
  EVENT.penalty,
  EVENT.penaltyMissed,
  EVENT.penaltyShootOut,
  EVENT.penaltyShootOutMissed,
]);

/** Markers close their minute: half time after 45+3, full time after 90+5. */
const MARKERS: ReadonlySet<number> = new Set([EVENT.halftimeScore, EVENT.end, EVENT.overtimeOver, EVENT.penaltyKickEnded]);

export function isMarker(event: MatchEvent): boolean {
  return MARKERS.has(event.type);
}

export function isTimelineEvent(event: MatchEvent): boolean {
  return PLAYER_EVENTS.has(event.type) || MARKERS.has(event.type);
}

/** The minute as the clock showed it: "23'", "45+2'" (the one minute rule, decision 111). */
export function minuteLabel(event: Pick<MatchEvent, 'minute' | 'added_minute'>): string {
  return formatMinuteLabel(minuteOfEvent(event));
}

/**
 * The timeline a reader sees: the meaningful events in the order they happened (kick-off at the
 * top). Added time sorts after its minute and a marker after everything of its minute; events
 * of the same moment keep the feed's order.
 */
export function timelineOf(events: readonly MatchEvent[]): MatchEvent[] {
  return events
    .map((event, index) => ({ event, index }))
    .filter(({ event }) => isTimelineEvent(event))
    .sort(
      (a, b) =>
        a.event.minute - b.event.minute ||
        (isMarker(a.event) ? 1 : 0) - (isMarker(b.event) ? 1 : 0) ||
        (a.event.added_minute ?? 0) - (b.event.added_minute ?? 0) ||
        a.index - b.index,
    )
    .map(({ event }) => event);
}
