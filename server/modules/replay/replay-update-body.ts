import type { ReplayUpdate } from '../../../core/contracts/replay';
import type { MatchUpdate } from '../matches/public';

/**
 * The staff replay API's half of the replay format (the client's half, toReplayUpdateBody, is in
 * server/feed/replay/replay-step.ts): a posted update becomes a match write.
 */
/** The sink's update from a posted one; `nowSec` is the server's clock, which sets the half's kick-off. */
export function fromReplayUpdateBody(body: ReplayUpdate, matchId: number, nowSec: number): MatchUpdate {
  const update: MatchUpdate = {
    matchId,
    sport: 'football',
    statusId: body.status_id,
    homeScore: body.home_score,
    awayScore: body.away_score,
    kind: body.kind,
  };
  if (body.half_played_sec !== undefined) update.kickOffTime = nowSec - body.half_played_sec;
  if (body.half_time !== undefined) update.halfTime = body.half_time;
  if (body.red) update.red = body.red;
  if (body.yellow) update.yellow = body.yellow;
  if (body.corner) update.corner = body.corner;
  if (body.extra_time !== undefined) update.extraTime = body.extra_time;
  if (body.penalties !== undefined) update.penalties = body.penalties;
  if (body.events) {
    update.events = body.events.map((event) => ({
      type: event.type,
      minute: event.minute,
      addedMinute: event.added_minute,
      side: event.side,
      player: event.player,
      relatedPlayer: event.related_player,
      detail: event.detail,
      ...(event.seq !== undefined ? { seq: event.seq } : {}),
    }));
  }
  if (body.stats) update.stats = body.stats;
  if (body.momentum) update.momentum = body.momentum;
  if (body.lineups) update.lineups = body.lineups;
  return update;
}
