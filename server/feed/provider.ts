import type { Lineup, MatchStatsData, MomentumMinute } from '../../core/contracts/match-data';
import type { Pair, Sport } from '../../core/contracts/matches';

/**
 * The feed-provider interface: how match data enters Tribün. The simulator implements it
 * today; a real data provider (or a replay of recorded events) implements the same thing.
 * Providers never touch the database or the broker directly: they hand fixtures and
 * updates to a sink, which writes them in one transaction and publishes the live message.
 */

export interface FixtureInput {
  matchId: number;
  sport: Sport;
  competitionId: number;
  homeTeamId: number;
  awayTeamId: number;
  /** scheduled start, unix seconds */
  matchTime: number;
}

/** A change of one match's state. Only the fields present change. */
export interface MatchUpdate {
  matchId: number;
  sport: Sport;
  statusId: number;
  homeScore: number;
  awayScore: number;
  /** football: start of the half being played, unix seconds */
  kickOffTime?: number;
  halfTime?: Pair | null;
  red?: Pair;
  yellow?: Pair;
  corner?: Pair;
  /** basketball: points per period so far and seconds left in the current period */
  periods?: Pair[];
  clock?: number | null;
  /** what the live message's `type` will be */
  kind: 'score' | 'stats' | 'others';
  /** football: score after extra time, and the shoot-out, once known */
  extraTime?: Pair | null;
  penalties?: Pair | null;
  /** football event-catalogue entries that happened with this update (section 3) */
  events?: MatchEventInput[];
  /** the match's statistics as they stand now (replaces the stored ones) */
  stats?: MatchStatsData;
  /** attack momentum of the minutes this update covers (a minute sent again replaces the stored one) */
  momentum?: MomentumMinute[];
  /** both lineups (replace the stored ones) */
  lineups?: { home: Lineup; away: Lineup };
}

export interface MatchEventInput {
  /** index in the section 3 event catalogue (0 goal, 1 corner, 2 yellow card, ...) */
  type: number;
  minute: number;
  side: 'home' | 'away' | null;
  player: string | null;
  /** substitution: who came on; goal: who assisted */
  relatedPlayer?: string | null;
  /** added time: 45+2 is minute 45, addedMinute 2 */
  addedMinute?: number | null;
  /** VAR or penalty outcome */
  detail?: string | null;
  /**
   * Position of the event in its match (0, 1, 2, …), when the provider knows it. A provider
   * re-sends past events after a restart; (matchId, seq) lets the sink store each once.
   */
  seq?: number;
}

export interface FeedSink {
  /** insert fixtures that do not exist yet; existing ones are left as they are */
  upsertFixtures(fixtures: FixtureInput[]): Promise<void>;
  /** write one update (one transaction) and publish it on the live channel */
  applyUpdate(update: MatchUpdate): Promise<void>;
}

/** Wall clock, replaceable by tests. */
export interface Clock {
  nowMs(): number;
}

export interface FeedProvider {
  readonly name: string;
  start(sink: FeedSink): Promise<void>;
  stop(): Promise<void>;
}
