import type { FootballStats } from '../../../core/contracts/match-data';
import type { ReplayUpdate } from '../../../core/contracts/replay';
import type { MatchUpdate } from '../../modules/matches/match-writes';

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
