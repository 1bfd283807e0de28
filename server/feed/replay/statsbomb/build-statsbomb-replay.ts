import type { FootballStats, Lineup, LineupPlayer, MomentumMinute } from '../../../../core/contracts/match-data';
import type { Pair } from '../../../../core/contracts/matches';
import type { MatchEventInput } from '../../provider';
import { FOOTBALL_EVENT, FOOTBALL_STATUS } from '../../simulator/football-script';
import type { ReplayMatchUpdate, ReplayStep } from '../replay-step';
import { formatFormation, pitchSpot } from './pitch-layout';
import { StatsbombFileError, type StatsbombEvent, type StatsbombLineups } from './statsbomb-schema';
import { toCatalogTeamName } from './team-aliases';

/**
 * Turns a StatsBomb match (events, and optionally lineups) into a replay: timed updates of the
 * match as the feed sink takes them, from the kick-off to the final whistle. Pure and
 * deterministic: the same files give the same steps. The mapping and the definitions of the
 * statistics are documented in docs/data/statsbomb.md.
 */

type Side = 'home' | 'away';

export interface ReplayTeam {
  /** the catalogue's name of the club (team-aliases.ts), which the server looks up */
  name: string;
  /** StatsBomb's name and id */
  sourceName: string;
  sourceId: number;
}

export interface ReplayGoal {
  minute: number;
  addedMinute: number | null;
  /** the side whose score went up (for an own goal, the other side of the player) */
  side: Side;
  player: string | null;
  assist: string | null;
  detail: 'penalty' | 'own goal' | null;
}

export interface StatsbombReplay {
  home: ReplayTeam;
  away: ReplayTeam;
  /** the score at the final whistle (extra time included, shoot-out not) */
  final: Pair;
  halfTime: Pair | null;
  /** the shoot-out, when there was one */
  penalties: Pair | null;
  goals: ReplayGoal[];
  /** both lineups before kick-off (no statistics yet) */
  lineups: { home: Lineup; away: Lineup };
  /** in time order; the first is the kick-off, the last the final whistle */
  steps: ReplayStep[];
}

export interface BuildStatsbombReplayOptions {
  events: readonly StatsbombEvent[];
  lineups?: StatsbombLineups;
  /**
   * StatsBomb's name of the home team. The files do not say which side is at home: by default
   * it is the team of the first Starting XI event, which StatsBomb writes for the home side first.
   */
  homeTeam?: string;
}

/** Breaks between periods, in seconds: half time, before extra time, between its halves, before the shoot-out. */
const BREAK_BEFORE_PERIOD: Readonly<Record<number, number>> = { 2: 15 * 60, 3: 5 * 60, 4: 60, 5: 3 * 60 };
/** The minute a period's regular time ends at (45, 90, 105, 120) and the minute before it starts. */
const REGULAR_END_MINUTE: Readonly<Record<number, number>> = { 1: 45, 2: 90, 3: 105, 4: 120, 5: 120 };
const BASE_MINUTE: Readonly<Record<number, number>> = { 1: 0, 2: 45, 3: 90, 4: 105, 5: 120 };
const PLAYING_STATUS: Readonly<Record<number, number>> = {
  1: FOOTBALL_STATUS.firstHalf,
  2: FOOTBALL_STATUS.secondHalf,
  3: FOOTBALL_STATUS.overtime,
  4: FOOTBALL_STATUS.overtime,
  5: FOOTBALL_STATUS.penaltyShootOut,
};

const ON_TARGET = new Set(['Goal', 'Saved', 'Saved To Post']);
const TACKLE_WON = new Set(['Won', 'Success', 'Success In Play', 'Success Out']);
/** The final third and the penalty area on StatsBomb's 120 × 80 pitch, attacking towards x = 120. */
const FINAL_THIRD_X = 80;
const BOX = { x: 102, yMin: 18, yMax: 62 };
/** Momentum weights, the same as the simulator's: a dangerous attack 2, a shot 3. */
const DANGEROUS_WEIGHT = 2;
const SHOT_WEIGHT = 3;

const PLAYER_STAT_KEYS = ['goals', 'own_goals', 'assists', 'shots', 'shots_on', 'passes', 'passes_completed', 'tackles', 'duels_won', 'yellow', 'red'] as const;
type PlayerStatKey = (typeof PLAYER_STAT_KEYS)[number];

interface PlayerState {
  id: number;
  name: string;
  side: Side;
  number: number | null;
  position: string | null;
  isStarter: boolean;
  /** order in which the lineup lists the player */
  order: number;
  minuteIn: number | null;
  minuteOut: number | null;
  stats: Record<PlayerStatKey, number>;
}

interface PeriodTimes {
  period: number;
  /** seconds into the period of its start and end (StatsBomb timestamps) */
  startTs: number;
  endTs: number;
  /** match seconds (kick-off 0, breaks included) at which the period starts */
  offsetSec: number;
}

/** "00:45:05.267" → 2705.267 */
function timestampSec(timestamp: string): number {
  const [hours = '0', minutes = '0', seconds = '0'] = timestamp.split(':');
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
}

function sideIndex(side: Side): 0 | 1 {
  return side === 'home' ? 0 : 1;
}

function other(side: Side): Side {
  return side === 'home' ? 'away' : 'home';
}

function bump(pair: Pair, side: Side, by = 1): void {
  pair[sideIndex(side)] += by;
}

/** The clock's minute of an event: 45+2 is minute 45, added 2 (StatsBomb's minute is 0-based). */
function clockMinute(period: number, minute: number): { minute: number; addedMinute: number | null } {
  if (period === 5) return { minute: REGULAR_END_MINUTE[5]!, addedMinute: null };
  const shown = minute + 1;
  const end = REGULAR_END_MINUTE[period]!;
  return shown > end ? { minute: end, addedMinute: shown - end } : { minute: shown, addedMinute: null };
}

/** The momentum chart's minute: added time counts in the half's last minute, as in the simulator. */
function momentumMinute(period: number, minute: number): number {
  return Math.min(REGULAR_END_MINUTE[period]!, minute + 1);
}

export function buildStatsbombReplay(options: BuildStatsbombReplayOptions): StatsbombReplay {
  const events = [...options.events].sort((a, b) => a.index - b.index);
  const byId = new Map(events.map((event) => [event.id, event]));

  // --- the two teams ------------------------------------------------------------------------
  const startingXi = events.filter((event) => event.type.name === 'Starting XI');
  const teamsSeen = [...new Map(startingXi.map((event) => [event.team.id, event.team])).values()];
  if (teamsSeen.length !== 2) {
    throw new StatsbombFileError(`events file: expected the Starting XI of two teams, found ${teamsSeen.length}; is it a StatsBomb events file of one match?`);
  }
  let [homeRef, awayRef] = teamsSeen as [StatsbombEvent['team'], StatsbombEvent['team']];
  if (options.homeTeam !== undefined) {
    if (awayRef.name === options.homeTeam) [homeRef, awayRef] = [awayRef, homeRef];
    else if (homeRef.name !== options.homeTeam) {
      throw new StatsbombFileError(`--home "${options.homeTeam}" is neither team of the match (${homeRef.name}, ${awayRef.name})`);
    }
  }
  const sideOfTeam = (teamId: number): Side => {
    if (teamId === homeRef.id) return 'home';
    if (teamId === awayRef.id) return 'away';
    throw new StatsbombFileError(`events file: team ${teamId} is neither team of the Starting XI events`);
  };
  if (options.lineups) {
    for (const team of options.lineups) {
      if (team.team_id !== homeRef.id && team.team_id !== awayRef.id) {
        throw new StatsbombFileError(`lineups file: ${team.team_name} (${team.team_id}) does not play in this match (${homeRef.name}, ${awayRef.name})`);
      }
    }
  }

  // --- players ------------------------------------------------------------------------------
  const players = new Map<number, PlayerState>();
  let nextOrder = 0;
  const addPlayer = (id: number, name: string, side: Side, number: number | null): PlayerState => {
    let player = players.get(id);
    if (!player) {
      player = {
        id,
        name,
        side,
        number,
        position: null,
        isStarter: false,
        order: 1_000 + nextOrder++,
        minuteIn: null,
        minuteOut: null,
        stats: Object.fromEntries(PLAYER_STAT_KEYS.map((key) => [key, 0])) as Record<PlayerStatKey, number>,
      };
      players.set(id, player);
    }
    return player;
  };
  for (const team of options.lineups ?? []) {
    const side = sideOfTeam(team.team_id);
    // The bench in shirt-number order; starters are ordered by the Starting XI below.
    for (const entry of [...team.lineup].sort((a, b) => a.jersey_number - b.jersey_number)) {
      addPlayer(entry.player_id, entry.player_nickname?.trim() || entry.player_name, side, entry.jersey_number);
    }
  }
  const formations: Record<Side, string | null> = { home: null, away: null };
  for (const event of startingXi) {
    const side = sideOfTeam(event.team.id);
    formations[side] = formatFormation(event.tactics?.formation);
    (event.tactics?.lineup ?? []).forEach((entry, position) => {
      const player = addPlayer(entry.player.id, entry.player.name, side, entry.jersey_number);
      player.isStarter = true;
      player.position = entry.position.name;
      player.order = position;
      player.number ??= entry.jersey_number;
    });
  }
  for (const event of events) {
    if (event.player) {
      const player = addPlayer(event.player.id, event.player.name, sideOfTeam(event.team.id), null);
      // A substitute's position is where he first played.
      if (player.position === null && event.position && event.type.name !== 'Substitution') player.position = event.position.name;
    }
    if (event.substitution) addPlayer(event.substitution.replacement.id, event.substitution.replacement.name, sideOfTeam(event.team.id), null);
  }
  const nameOf = (ref: { id: number; name: string } | undefined): string | null => (ref ? (players.get(ref.id)?.name ?? ref.name) : null);
  const playerOf = (ref: { id: number } | undefined): PlayerState | undefined => (ref ? players.get(ref.id) : undefined);

  // --- periods and the timeline -------------------------------------------------------------
  const periods: PeriodTimes[] = [];
  for (const event of events) {
    const ts = timestampSec(event.timestamp);
    let times = periods.find((entry) => entry.period === event.period);
    if (!times) {
      times = { period: event.period, startTs: ts, endTs: ts, offsetSec: 0 };
      periods.push(times);
    }
    if (event.type.name === 'Half Start') times.startTs = Math.min(times.startTs, ts);
    times.endTs = Math.max(times.endTs, ts);
  }
  periods.sort((a, b) => a.period - b.period);
  if (periods[0]?.period !== 1) throw new StatsbombFileError('events file: the first half is missing');
  let previousEnd = 0;
  for (const times of periods) {
    times.offsetSec = times.period === 1 ? 0 : previousEnd + (BREAK_BEFORE_PERIOD[times.period] ?? 0) - times.startTs;
    previousEnd = times.offsetSec + times.endTs;
  }
  const periodOf = (period: number): PeriodTimes => periods.find((entry) => entry.period === period)!;
  const lastPeriod = periods[periods.length - 1]!.period;

  // --- the state the steps show --------------------------------------------------------------
  let statusId: number = FOOTBALL_STATUS.notStarted;
  const score: Pair = [0, 0];
  let halfTime: Pair | null = null;
  let extraTime: Pair | null = null;
  let penalties: Pair | null = null;
  const red: Pair = [0, 0];
  const yellow: Pair = [0, 0];
  const corner: Pair = [0, 0];
  const counts = {
    shotsOn: [0, 0] as Pair,
    shotsOff: [0, 0] as Pair,
    fouls: [0, 0] as Pair,
    offsides: [0, 0] as Pair,
    passes: [0, 0] as Pair,
    attacks: [0, 0] as Pair,
    dangerous: [0, 0] as Pair,
  };
  const onBall: Pair = [0, 0];
  const momentum = new Map<number, MomentumMinute>();
  const goals: ReplayGoal[] = [];
  const attackPossessions = new Set<string>();
  const dangerousPossessions = new Set<string>();
  let awardedPenalty: Side | null = null;
  let seq = 0;

  const steps: ReplayStep[] = [];
  let dirtyMinutes = new Set<number>();
  let lastStatus: number = FOOTBALL_STATUS.notStarted;
  let lastScore: Pair = [0, 0];
  let halfPlayedSec: number | undefined;

  const pressure = (minute: number): MomentumMinute => {
    let entry = momentum.get(minute);
    if (!entry) {
      entry = { minute, home: 0, away: 0 };
      momentum.set(minute, entry);
    }
    dirtyMinutes.add(minute);
    return entry;
  };

  const stats = (): FootballStats => {
    const total = onBall[0] + onBall[1];
    const home = total > 0 ? Math.round((onBall[0] / total) * 100) : 50;
    return {
      kind: 'football',
      possession: [home, 100 - home],
      shots_on: [...counts.shotsOn],
      shots_off: [...counts.shotsOff],
      attacks: [...counts.attacks],
      dangerous_attacks: [...counts.dangerous],
      corners: [...corner],
      yellow_cards: [...yellow],
      red_cards: [...red],
      fouls: [...counts.fouls],
      offsides: [...counts.offsides],
      passes: [...counts.passes],
    };
  };

  const lineupOf = (side: Side): Lineup => ({
    formation: formations[side],
    players: [...players.values()]
      .filter((player) => player.side === side)
      .sort((a, b) => rank(a) - rank(b))
      .map((player): LineupPlayer => {
        const spot = player.isStarter ? pitchSpot(player.position) : null;
        return {
          name: player.name,
          number: player.number,
          position: player.position,
          starter: player.isStarter,
          x: spot?.x ?? null,
          y: spot?.y ?? null,
          minute_in: player.minuteIn,
          minute_out: player.minuteOut,
          stats: { ...player.stats },
        };
      }),
  });
  // Starters in Starting XI order, then those who came on in the order they did, then the bench.
  const rank = (player: PlayerState): number =>
    player.isStarter ? player.order : player.minuteIn !== null ? 100 + player.minuteIn : 10_000 + player.order;
  const lineups = () => ({ home: lineupOf('home'), away: lineupOf('away') });
  const initialLineups = lineups();

  const emit = (atSec: number, catalogue: Omit<MatchEventInput, 'seq'>[], options: { withLineups?: boolean } = {}): void => {
    const isShootOutKick = catalogue.some((event) => event.type === FOOTBALL_EVENT.penaltyShootOut || event.type === FOOTBALL_EVENT.penaltyShootOutMissed);
    const isScoreChange = statusId !== lastStatus || score[0] !== lastScore[0] || score[1] !== lastScore[1] || isShootOutKick;
    const update: ReplayMatchUpdate = {
      sport: 'football',
      statusId,
      homeScore: score[0],
      awayScore: score[1],
      halfTime: halfTime ? [...halfTime] : null,
      red: [...red],
      yellow: [...yellow],
      corner: [...corner],
      kind: isScoreChange ? 'score' : 'stats',
      stats: stats(),
    };
    if (halfPlayedSec !== undefined) update.halfPlayedSec = halfPlayedSec;
    if (extraTime) update.extraTime = [...extraTime];
    if (penalties) update.penalties = [...penalties];
    if (catalogue.length > 0) update.events = catalogue.map((event) => ({ ...event, seq: seq++ }));
    if (dirtyMinutes.size > 0) {
      update.momentum = [...dirtyMinutes].sort((a, b) => a - b).map((minute) => ({ ...momentum.get(minute)! }));
      dirtyMinutes = new Set();
    }
    if (options.withLineups) update.lineups = lineups();
    lastStatus = statusId;
    lastScore = [...score];
    const at = Math.max(Math.floor(atSec), steps[steps.length - 1]?.atSec ?? 0);
    const previous = steps[steps.length - 1];
    // Things that happen in the same second travel together.
    if (previous && previous.atSec === at) previous.update = mergeUpdates(previous.update, update);
    else steps.push({ atSec: at, update });
  };

  // Each played minute ends with a statistics step, so the numbers move minute by minute.
  let currentPeriod: PeriodTimes | null = null;
  let nextBoundary = 60;
  const closeMinutesUntil = (ts: number): void => {
    if (!currentPeriod) return;
    const period = currentPeriod;
    const regularSec = (REGULAR_END_MINUTE[period.period]! - BASE_MINUTE[period.period]!) * 60;
    while (nextBoundary <= ts && period.period !== 5) {
      const catalogue: Omit<MatchEventInput, 'seq'>[] = [];
      pressure(momentumMinute(period.period, BASE_MINUTE[period.period]! + nextBoundary / 60 - 1));
      if (nextBoundary === regularSec && period.endTs > regularSec) {
        // The fourth official's board: the added time actually played, in whole minutes.
        const added = Math.max(1, Math.round((period.endTs - regularSec) / 60));
        catalogue.push({ type: FOOTBALL_EVENT.injuryTime, minute: REGULAR_END_MINUTE[period.period]!, side: null, player: null, detail: `+${added}` });
      }
      halfPlayedSec = nextBoundary;
      emit(period.offsetSec + nextBoundary, catalogue);
      nextBoundary += 60;
    }
  };

  const countAttack = (event: StatsbombEvent, side: Side): void => {
    if (event.team.id !== event.possession_team.id || event.period === 5) return;
    const isShot = event.type.name === 'Shot';
    if (!event.location && !isShot) return;
    const [x = 0, y = 0] = event.location ?? [];
    const key = `${event.period}:${event.possession}`;
    const isDangerous = isShot || (x >= BOX.x && y >= BOX.yMin && y <= BOX.yMax);
    if ((isDangerous || x >= FINAL_THIRD_X) && !attackPossessions.has(key)) {
      attackPossessions.add(key);
      bump(counts.attacks, side);
    }
    if (isDangerous && !dangerousPossessions.has(key)) {
      dangerousPossessions.add(key);
      bump(counts.dangerous, side);
      pressure(momentumMinute(event.period, event.minute))[side] += DANGEROUS_WEIGHT;
    }
  };

  const handledEnds = new Set<number>();
  const handledStarts = new Set<number>();

  for (const event of events) {
    const ts = timestampSec(event.timestamp);
    const period = periodOf(event.period);
    const atSec = period.offsetSec + ts;
    const type = event.type.name;
    const side = sideOfTeam(event.team.id);
    const when = clockMinute(event.period, event.minute);

    if (type === 'Starting XI') continue;
    if (type === 'Half Start') {
      if (handledStarts.has(event.period)) continue;
      handledStarts.add(event.period);
      currentPeriod = period;
      nextBoundary = 60;
      statusId = PLAYING_STATUS[event.period]!;
      halfPlayedSec = event.period === 5 ? undefined : 0;
      if (event.period === 5) penalties = [0, 0];
      const isKickOff = event.period === 1;
      emit(
        atSec,
        isKickOff ? [{ type: FOOTBALL_EVENT.start, minute: 1, side: null, player: null }] : [],
        { withLineups: isKickOff },
      );
      continue;
    }
    if (currentPeriod?.period === event.period) closeMinutesUntil(ts);
    if (type === 'Half End') {
      if (handledEnds.has(event.period)) continue;
      handledEnds.add(event.period);
      // The minute the half ended in has its momentum entry too.
      if (event.period !== 5) pressure(momentumMinute(event.period, event.minute));
      const catalogue: Omit<MatchEventInput, 'seq'>[] = [];
      const isLast = event.period === lastPeriod;
      halfPlayedSec = undefined;
      currentPeriod = null;
      if (event.period === 1) {
        statusId = FOOTBALL_STATUS.halfTime;
        halfTime = [...score];
        catalogue.push({ type: FOOTBALL_EVENT.midfield, minute: 45, side: null, player: null });
        catalogue.push({ type: FOOTBALL_EVENT.halftimeScore, minute: 45, side: null, player: null, detail: `${score[0]}-${score[1]}` });
      } else if (event.period === 4) {
        extraTime = [...score];
        catalogue.push({ type: FOOTBALL_EVENT.overtimeOver, minute: 120, side: null, player: null });
      } else if (event.period === 5) {
        catalogue.push({ type: FOOTBALL_EVENT.penaltyKickEnded, minute: 120, side: null, player: null });
      }
      if (isLast) {
        statusId = FOOTBALL_STATUS.ended;
        catalogue.push({ type: FOOTBALL_EVENT.end, minute: REGULAR_END_MINUTE[Math.min(event.period, 4)]!, side: null, player: null });
      } else if (event.period !== 1) {
        statusId = event.period === 4 ? FOOTBALL_STATUS.penaltyShootOut : FOOTBALL_STATUS.overtime;
      }
      emit(atSec, catalogue, { withLineups: event.period === 1 || isLast });
      continue;
    }
    if (!handledStarts.has(event.period) || handledEnds.has(event.period)) continue;

    countAttack(event, side);
    const player = playerOf(event.player);
    const catalogue: Omit<MatchEventInput, 'seq'>[] = [];
    let withLineups = false;

    switch (type) {
      case 'Pass': {
        bump(counts.passes, side);
        onBall[sideIndex(side)] += event.duration ?? 0;
        if (player) {
          player.stats.passes += 1;
          if (!event.pass?.outcome) player.stats.passes_completed += 1;
          if (event.pass?.aerial_won) player.stats.duels_won += 1;
        }
        if (event.pass?.type?.name === 'Corner') {
          bump(corner, side);
          catalogue.push({ type: FOOTBALL_EVENT.corner, ...when, side, player: nameOf(event.player) });
        }
        if (event.pass?.outcome?.name === 'Pass Offside') {
          bump(counts.offsides, side);
          catalogue.push({ type: FOOTBALL_EVENT.offside, ...when, side, player: nameOf(event.pass.recipient) });
        }
        break;
      }
      case 'Carry':
        onBall[sideIndex(side)] += event.duration ?? 0;
        break;
      case 'Offside':
        bump(counts.offsides, side);
        catalogue.push({ type: FOOTBALL_EVENT.offside, ...when, side, player: nameOf(event.player) });
        break;
      case 'Shot': {
        const shot = event.shot;
        if (!shot) break;
        const isGoal = shot.outcome.name === 'Goal';
        if (event.period === 5) {
          const kicks = penalties ?? [0, 0];
          if (isGoal) bump(kicks, side);
          penalties = kicks;
          catalogue.push({ type: isGoal ? FOOTBALL_EVENT.penaltyShootOut : FOOTBALL_EVENT.penaltyShootOutMissed, minute: 120, side, player: nameOf(event.player) });
          break;
        }
        const isOnTarget = ON_TARGET.has(shot.outcome.name);
        const isPenalty = shot.type.name === 'Penalty';
        bump(isOnTarget ? counts.shotsOn : counts.shotsOff, side);
        pressure(momentumMinute(event.period, event.minute))[side] += SHOT_WEIGHT;
        if (player) {
          player.stats.shots += 1;
          if (isOnTarget) player.stats.shots_on += 1;
          if (shot.aerial_won) player.stats.duels_won += 1;
        }
        if (isPenalty && awardedPenalty !== side) {
          // A penalty whose award the file does not flag is announced with the kick.
          catalogue.push({ type: FOOTBALL_EVENT.penalty, ...when, side, player: null });
        }
        if (isPenalty) awardedPenalty = null;
        if (isGoal) {
          bump(score, side);
          const passer = shot.key_pass_id ? byId.get(shot.key_pass_id)?.player : undefined;
          const assist = nameOf(passer);
          if (player) player.stats.goals += 1;
          const assister = playerOf(passer);
          if (assister) assister.stats.assists += 1;
          const detail = isPenalty ? 'penalty' : null;
          catalogue.push({ type: FOOTBALL_EVENT.goal, ...when, side, player: nameOf(event.player), relatedPlayer: assist, detail });
          goals.push({ ...when, side, player: nameOf(event.player), assist, detail });
          withLineups = true;
        } else if (isPenalty) {
          catalogue.push({ type: FOOTBALL_EVENT.penaltyMissed, ...when, side, player: nameOf(event.player), detail: shot.outcome.name.toLowerCase() });
        } else {
          catalogue.push({ type: isOnTarget ? FOOTBALL_EVENT.shotsOnTarget : FOOTBALL_EVENT.shotsOffTarget, ...when, side, player: nameOf(event.player) });
        }
        break;
      }
      case 'Own Goal Against': {
        // The team of the event put the ball in its own net: the other side scores.
        const benefiting = other(side);
        bump(score, benefiting);
        if (player) player.stats.own_goals += 1;
        catalogue.push({ type: FOOTBALL_EVENT.ownGoal, ...when, side: benefiting, player: nameOf(event.player) });
        goals.push({ ...when, side: benefiting, player: nameOf(event.player), assist: null, detail: 'own goal' });
        withLineups = true;
        break;
      }
      case 'Foul Committed': {
        bump(counts.fouls, side);
        if (event.foul_committed?.penalty) {
          awardedPenalty = other(side);
          // The side awarded the kick; the file's player is the one who fouled, of the other side.
          catalogue.push({ type: FOOTBALL_EVENT.penalty, ...when, side: other(side), player: null });
        }
        break;
      }
      case 'Substitution': {
        const replacement = event.substitution?.replacement;
        if (player) player.minuteOut = when.minute;
        const incoming = playerOf(replacement);
        if (incoming) incoming.minuteIn = when.minute;
        catalogue.push({ type: FOOTBALL_EVENT.substitution, ...when, side, player: nameOf(event.player), relatedPlayer: nameOf(replacement) });
        withLineups = true;
        break;
      }
      case 'Duel':
        if (event.duel?.type?.name === 'Tackle' && TACKLE_WON.has(event.duel.outcome?.name ?? '') && player) {
          player.stats.tackles += 1;
          player.stats.duels_won += 1;
        }
        break;
      case 'Dribble':
        if (event.dribble?.outcome?.name === 'Complete' && player) player.stats.duels_won += 1;
        break;
      case 'Clearance':
        if (event.clearance?.aerial_won && player) player.stats.duels_won += 1;
        break;
      case 'Miscontrol':
        if (event.miscontrol?.aerial_won && player) player.stats.duels_won += 1;
        break;
      default:
        break;
    }

    const card = event.foul_committed?.card?.name ?? event.bad_behaviour?.card?.name;
    if (card) {
      const name = nameOf(event.player);
      if (card === 'Yellow Card') {
        bump(yellow, side);
        if (player) player.stats.yellow += 1;
        catalogue.push({ type: FOOTBALL_EVENT.yellowCard, ...when, side, player: name });
      } else if (card === 'Second Yellow' || card === 'Red Card') {
        bump(red, side);
        if (player) {
          player.stats.red += 1;
          player.minuteOut = when.minute;
        }
        catalogue.push({ type: FOOTBALL_EVENT.redCard, ...when, side, player: name, detail: card === 'Second Yellow' ? 'second yellow' : null });
      }
      withLineups = true;
    }

    if (catalogue.length > 0 || withLineups) {
      if (currentPeriod && currentPeriod.period !== 5) halfPlayedSec = Math.floor(ts);
      emit(atSec, catalogue, { withLineups });
    }
  }

  if (!handledStarts.has(1)) throw new StatsbombFileError('events file: no Half Start event: the kick-off is missing');
  if (statusId !== FOOTBALL_STATUS.ended) {
    throw new StatsbombFileError(`events file: period ${lastPeriod} has no Half End event: the file stops before the final whistle`);
  }

  return {
    home: { name: toCatalogTeamName(homeRef.name), sourceName: homeRef.name, sourceId: homeRef.id },
    away: { name: toCatalogTeamName(awayRef.name), sourceName: awayRef.name, sourceId: awayRef.id },
    final: [...score],
    halfTime,
    penalties,
    goals,
    lineups: initialLineups,
    steps,
  };
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
