import type { MatchEvent, MatchStatsData, MomentumMinute } from '../../../core/contracts/match-data';
import type { LiveMessage } from '../../../core/contracts/matches';
import type { ScoreDetails } from '../../../core/contracts/match-centre';
import type { Pair } from '../../../core/contracts/pair';

/**
 * The live part of a match page's data: timeline events, statistics and attack momentum, as the
 * overview loaded them and as the live channel changes them (core/contracts/matches.ts
 * LiveMessage `events`, `stats`, `momentum`).
 */
export interface LiveDetail {
  events: MatchEvent[];
  stats: MatchStatsData | null;
  momentum: MomentumMinute[];
}

function eventKey(event: MatchEvent): string {
  return JSON.stringify([event.type, event.minute, event.added_minute, event.side, event.player, event.related_player, event.detail]);
}

/**
 * Events appended to a timeline. A message may repeat an event the page already has (it was
 * sent again after a reconnect, or the page loaded after it happened): an event equal in every
 * field to one already there is dropped.
 */
export function mergeEvents(current: readonly MatchEvent[], incoming: readonly MatchEvent[]): MatchEvent[] {
  const seen = new Set(current.map(eventKey));
  const added: MatchEvent[] = [];
  for (const event of incoming) {
    const key = eventKey(event);
    if (seen.has(key)) continue;
    seen.add(key);
    added.push(event);
  }
  return added.length === 0 ? (current as MatchEvent[]) : [...current, ...added];
}

/**
 * Momentum minutes merged by minute: a minute sent again replaces the old one (added time
 * grows in its half's last minute), new minutes are added, and the result is in minute order.
 */
export function mergeMomentum(current: readonly MomentumMinute[], incoming: readonly MomentumMinute[]): MomentumMinute[] {
  if (incoming.length === 0) return current as MomentumMinute[];
  const byMinute = new Map(current.map((m) => [m.minute, m]));
  for (const minute of incoming) byMinute.set(minute.minute, minute);
  return [...byMinute.values()].sort((a, b) => a.minute - b.minute);
}

/**
 * The page's live data after a message: events appended (without duplicates), statistics
 * replaced, momentum merged by minute. The same object comes back when the message is about
 * another match or carries none of them, so React skips the render.
 */
export function applyDetailMessage(detail: LiveDetail, matchId: number, message: LiveMessage): LiveDetail {
  const { data } = message;
  if (data.match_id !== matchId) return detail;
  const events = data.events ? mergeEvents(detail.events, data.events) : detail.events;
  const momentum = data.momentum ? mergeMomentum(detail.momentum, data.momentum) : detail.momentum;
  const stats = data.stats ?? detail.stats;
  if (events === detail.events && momentum === detail.momentum && stats === detail.stats) return detail;
  return { events, stats, momentum };
}

/** Whether a message asks pages showing this match's lineups to fetch them again. */
export function isLineupsChange(message: LiveMessage, matchId: number): boolean {
  return message.data.match_id === matchId && message.data.lineups_changed === true;
}

/** The football period being played for a status (2 first half, 4 second half, 5 extra time). */
const PLAYING_PERIOD: Readonly<Record<number, 'h1' | 'h2' | 'et'>> = { 2: 'h1', 4: 'h2', 5: 'et' };
const REGULAR_PERIODS = ['h1', 'h2', 'et'] as const;

/**
 * Football score details kept in step with the live score: the final score is the match's, and
 * the period being played gets what the other periods do not account for. Before kick-off,
 * at a break or after the match the details stay as loaded (except the final score).
 */
export function liveScoreDetails(details: ScoreDetails, match: { status_id: number; a0: number; b0: number }): ScoreDetails {
  const final: Pair = [match.a0, match.b0];
  const playing = PLAYING_PERIOD[match.status_id];
  const sameFinal = details.final[0] === final[0] && details.final[1] === final[1];
  if (playing === undefined) return sameFinal ? details : { ...details, final };
  const others = details.periods.filter((p) => p.label !== playing && (REGULAR_PERIODS as readonly string[]).includes(p.label));
  const before: Pair = [others.reduce((n, p) => n + p.score[0], 0), others.reduce((n, p) => n + p.score[1], 0)];
  const current: Pair = [Math.max(0, final[0] - before[0]), Math.max(0, final[1] - before[1])];
  const existing = details.periods.find((p) => p.label === playing);
  if (sameFinal && existing && existing.score[0] === current[0] && existing.score[1] === current[1]) return details;
  const order = ['h1', 'h2', 'et', 'pen'];
  const periods = [...details.periods.filter((p) => p.label !== playing), { label: playing, score: current }].sort(
    (a, b) => order.indexOf(a.label) - order.indexOf(b.label),
  );
  return { periods, final };
}
