import type { FootballStats } from '../../../core/contracts/match-data';
import type { ReplayUpdate } from '../../../core/contracts/replay';
import type { MatchUpdate } from '../provider';

/**
 * A replay is a list of timed steps, each an update of the match as the feed sink takes it.
 * Times are match seconds from kick-off, breaks included; the clock is carried as the seconds
 * played in the current half (`halfPlayedSec`), which the server turns into the half's
 * kick-off time by its own clock when the step is played.
 */
export type ReplayMatchUpdate = Omit<MatchUpdate, 'matchId' | 'sport' | 'kickOffTime' | 'stats'> & {
  sport: 'football';
  stats?: FootballStats;
  /** while a half is played: seconds played in it */
  halfPlayedSec?: number;
};

export interface ReplayStep {
  /** seconds since kick-off (half-time and other breaks included) */
  atSec: number;
  update: ReplayMatchUpdate;
}

/** A step's update as the staff replay API takes it (core/contracts/replay.ts). */
export function toReplayUpdateBody(update: ReplayMatchUpdate): ReplayUpdate {
  return {
    status_id: update.statusId,
    home_score: update.homeScore,
    away_score: update.awayScore,
    ...(update.halfPlayedSec !== undefined ? { half_played_sec: update.halfPlayedSec } : {}),
    ...(update.halfTime !== undefined ? { half_time: update.halfTime } : {}),
    ...(update.red ? { red: update.red } : {}),
    ...(update.yellow ? { yellow: update.yellow } : {}),
    ...(update.corner ? { corner: update.corner } : {}),
    ...(update.extraTime !== undefined ? { extra_time: update.extraTime } : {}),
    ...(update.penalties !== undefined ? { penalties: update.penalties } : {}),
    kind: update.kind,
    ...(update.events && update.events.length > 0
      ? {
          events: update.events.map((event) => ({
            type: event.type,
            minute: event.minute,
            added_minute: event.addedMinute ?? null,
            side: event.side,
            player: event.player,
            related_player: event.relatedPlayer ?? null,
            detail: event.detail ?? null,
            ...(event.seq !== undefined ? { seq: event.seq } : {}),
          })),
        }
      : {}),
    ...(update.stats ? { stats: update.stats } : {}),
    ...(update.momentum && update.momentum.length > 0 ? { momentum: update.momentum } : {}),
    ...(update.lineups ? { lineups: update.lineups } : {}),
  };
}

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
