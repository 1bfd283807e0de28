import type { FootballStats, Lineup, MomentumMinute } from '../../../../core/contracts/match-data';
import type { Pair } from '../../../../core/contracts/matches';
import type { MatchEventInput } from '../../../modules/matches/match-writes';
import { FOOTBALL_EVENT, FOOTBALL_STATUS } from '../../simulator/football-script';
import type { ReplayMatchUpdate, ReplayStep } from '../replay-step';
import { bump, lineupOf, type Roster, type Side } from './statsbomb-players';
import type { StatsbombEvent } from './statsbomb-schema';
import { BASE_MINUTE, momentumMinute, REGULAR_END_MINUTE, type PeriodTimes } from './statsbomb-timeline';

/**
 * The statistics-and-steps phase of a StatsBomb replay: the match state as the events unfold
 * (score, cards, team statistics, attack momentum), written out as timed steps. The mapping and
 * the definitions of the statistics are documented in docs/data/statsbomb.md.
 */

export interface ReplayGoal {
  minute: number;
  addedMinute: number | null;
  /** the side whose score went up (for an own goal, the other side of the player) */
  side: Side;
  player: string | null;
  assist: string | null;
  detail: 'penalty' | 'own goal' | null;
}

export type CatalogueEntry = Omit<MatchEventInput, 'seq'>;

/** The final third and the penalty area on StatsBomb's 120 × 80 pitch, attacking towards x = 120. */
const FINAL_THIRD_X = 80;
const BOX = { x: 102, yMin: 18, yMax: 62 };
/** Momentum weights, the same as the simulator's: a dangerous attack 2, a shot 3. */
const DANGEROUS_WEIGHT = 2;

export class ReplayRecorder {
  statusId: number = FOOTBALL_STATUS.notStarted;
  readonly score: Pair = [0, 0];
  halfTime: Pair | null = null;
  extraTime: Pair | null = null;
  penalties: Pair | null = null;
  readonly red: Pair = [0, 0];
  readonly yellow: Pair = [0, 0];
  readonly corner: Pair = [0, 0];
  readonly counts = {
    shotsOn: [0, 0] as Pair,
    shotsOff: [0, 0] as Pair,
    fouls: [0, 0] as Pair,
    offsides: [0, 0] as Pair,
    passes: [0, 0] as Pair,
    attacks: [0, 0] as Pair,
    dangerous: [0, 0] as Pair,
  };
  /** seconds each side had the ball (passes and carries) */
  readonly onBall: Pair = [0, 0];
  readonly goals: ReplayGoal[] = [];
  /** the side a penalty was awarded to whose kick has not come yet */
  awardedPenalty: Side | null = null;
  /** while a half is played: seconds played in it */
  halfPlayedSec: number | undefined;
  /** the period being played, and the next whole minute of it to close */
  currentPeriod: PeriodTimes | null = null;
  nextBoundary = 60;
  readonly steps: ReplayStep[] = [];

  private readonly momentum = new Map<number, MomentumMinute>();
  private dirtyMinutes = new Set<number>();
  private readonly attackPossessions = new Set<string>();
  private readonly dangerousPossessions = new Set<string>();
  private lastStatus: number = FOOTBALL_STATUS.notStarted;
  private lastScore: Pair = [0, 0];
  private seq = 0;

  constructor(private readonly roster: Roster) {}

  /** The momentum entry of a minute, marked to travel with the next step. */
  pressure(minute: number): MomentumMinute {
    let entry = this.momentum.get(minute);
    if (!entry) {
      entry = { minute, home: 0, away: 0 };
      this.momentum.set(minute, entry);
    }
    this.dirtyMinutes.add(minute);
    return entry;
  }

  stats(): FootballStats {
    const total = this.onBall[0] + this.onBall[1];
    const home = total > 0 ? Math.round((this.onBall[0] / total) * 100) : 50;
    const { counts } = this;
    return {
      kind: 'football',
      possession: [home, 100 - home],
      shots_on: [...counts.shotsOn],
      shots_off: [...counts.shotsOff],
      attacks: [...counts.attacks],
      dangerous_attacks: [...counts.dangerous],
      corners: [...this.corner],
      yellow_cards: [...this.yellow],
      red_cards: [...this.red],
      fouls: [...counts.fouls],
      offsides: [...counts.offsides],
      passes: [...counts.passes],
    };
  }

  lineups(): { home: Lineup; away: Lineup } {
    return { home: lineupOf(this.roster, 'home'), away: lineupOf(this.roster, 'away') };
  }

  /** A step at `atSec` with the state as it stands and the given catalogue events. */
  emit(atSec: number, catalogue: CatalogueEntry[], options: { withLineups?: boolean } = {}): void {
    const isShootOutKick = catalogue.some((event) => event.type === FOOTBALL_EVENT.penaltyShootOut || event.type === FOOTBALL_EVENT.penaltyShootOutMissed);
    const isScoreChange = this.statusId !== this.lastStatus || this.score[0] !== this.lastScore[0] || this.score[1] !== this.lastScore[1] || isShootOutKick;
    const update: ReplayMatchUpdate = {
      sport: 'football',
      statusId: this.statusId,
      homeScore: this.score[0],
      awayScore: this.score[1],
      halfTime: this.halfTime ? [...this.halfTime] : null,
      red: [...this.red],
      yellow: [...this.yellow],
      corner: [...this.corner],
      kind: isScoreChange ? 'score' : 'stats',
      stats: this.stats(),
    };
    if (this.halfPlayedSec !== undefined) update.halfPlayedSec = this.halfPlayedSec;
    if (this.extraTime) update.extraTime = [...this.extraTime];
    if (this.penalties) update.penalties = [...this.penalties];
    if (catalogue.length > 0) update.events = catalogue.map((event) => ({ ...event, seq: this.seq++ }));
    if (this.dirtyMinutes.size > 0) {
      update.momentum = [...this.dirtyMinutes].sort((a, b) => a - b).map((minute) => ({ ...this.momentum.get(minute)! }));
      this.dirtyMinutes = new Set();
    }
    if (options.withLineups) update.lineups = this.lineups();
    this.lastStatus = this.statusId;
    this.lastScore = [...this.score];
    const steps = this.steps;
    const at = Math.max(Math.floor(atSec), steps[steps.length - 1]?.atSec ?? 0);
    const previous = steps[steps.length - 1];
    // Things that happen in the same second travel together.
    if (previous && previous.atSec === at) previous.update = mergeUpdates(previous.update, update);
    else steps.push({ atSec: at, update });
  }

  /** Each played minute ends with a statistics step, so the numbers move minute by minute. */
  closeMinutesUntil(ts: number): void {
    const period = this.currentPeriod;
    if (!period) return;
    const regularSec = (REGULAR_END_MINUTE[period.period]! - BASE_MINUTE[period.period]!) * 60;
    while (this.nextBoundary <= ts && period.period !== 5) {
      const catalogue: CatalogueEntry[] = [];
      this.pressure(momentumMinute(period.period, BASE_MINUTE[period.period]! + this.nextBoundary / 60 - 1));
      if (this.nextBoundary === regularSec && period.endTs > regularSec) {
        // The fourth official's board: the added time actually played, in whole minutes.
        const added = Math.max(1, Math.round((period.endTs - regularSec) / 60));
        catalogue.push({ type: FOOTBALL_EVENT.injuryTime, minute: REGULAR_END_MINUTE[period.period]!, side: null, player: null, detail: `+${added}` });
      }
      this.halfPlayedSec = this.nextBoundary;
      this.emit(period.offsetSec + this.nextBoundary, catalogue);
      this.nextBoundary += 60;
    }
  }

  /** Attacks and dangerous attacks, once per possession (docs/data/statsbomb.md). */
  countAttack(event: StatsbombEvent, side: Side): void {
    if (event.team.id !== event.possession_team.id || event.period === 5) return;
    const isShot = event.type.name === 'Shot';
    if (!event.location && !isShot) return;
    const [x = 0, y = 0] = event.location ?? [];
    const key = `${event.period}:${event.possession}`;
    const isDangerous = isShot || (x >= BOX.x && y >= BOX.yMin && y <= BOX.yMax);
    if ((isDangerous || x >= FINAL_THIRD_X) && !this.attackPossessions.has(key)) {
      this.attackPossessions.add(key);
      bump(this.counts.attacks, side);
    }
    if (isDangerous && !this.dangerousPossessions.has(key)) {
      this.dangerousPossessions.add(key);
      bump(this.counts.dangerous, side);
      this.pressure(momentumMinute(event.period, event.minute))[side] += DANGEROUS_WEIGHT;
    }
  }
}

/** Two updates of the same second as one: the later state, both sets of events and momentum minutes. */
function mergeUpdates(earlier: ReplayMatchUpdate, later: ReplayMatchUpdate): ReplayMatchUpdate {
  const events = [...(earlier.events ?? []), ...(later.events ?? [])];
  const momentum = new Map([...(earlier.momentum ?? []), ...(later.momentum ?? [])].map((entry) => [entry.minute, entry]));
  const merged: ReplayMatchUpdate = {
    ...later,
    kind: earlier.kind === 'score' || later.kind === 'score' ? 'score' : later.kind,
  };
  if (events.length > 0) merged.events = events;
  if (momentum.size > 0) merged.momentum = [...momentum.values()].sort((a, b) => a.minute - b.minute);
  const lineups = later.lineups ?? earlier.lineups;
  if (lineups) merged.lineups = lineups;
  if (later.halfPlayedSec === undefined && earlier.halfPlayedSec !== undefined && later.statusId === earlier.statusId) {
    merged.halfPlayedSec = earlier.halfPlayedSec;
  }
  return merged;
}
