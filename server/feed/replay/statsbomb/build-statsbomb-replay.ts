import type { Lineup } from '../../../../core/contracts/match-data';
import type { Pair } from '../../../../core/contracts/matches';
import { FOOTBALL_EVENT, FOOTBALL_STATUS } from '../../simulator/football-script';
import type { ReplayStep } from '../replay-step';
import { ReplayRecorder, type CatalogueEntry, type ReplayGoal } from './replay-recorder';
import { bump, collectPlayers, other, resolveSides, sideIndex, type Roster, type Side } from './statsbomb-players';
import { StatsbombFileError, type StatsbombEvent, type StatsbombLineups } from './statsbomb-schema';
import { clockMinute, momentumMinute, PLAYING_STATUS, readPeriods, REGULAR_END_MINUTE, timestampSec, type PeriodTimes } from './statsbomb-timeline';
import { toCatalogTeamName } from './team-aliases';

/**
 * Turns a StatsBomb match (events, and optionally lineups) into a replay: timed updates of the
 * match as the match write service takes them, from the kick-off to the final whistle. Pure and
 * deterministic: the same files give the same steps. The mapping and the definitions of the
 * statistics are documented in docs/data/statsbomb.md.
 *
 * In phases: the teams and players (statsbomb-players.ts), the periods in match time
 * (statsbomb-timeline.ts), then each event mapped onto the match state (here), whose statistics,
 * momentum and steps the recorder keeps (replay-recorder.ts).
 */

export interface ReplayTeam {
  /** the catalogue's name of the club (team-aliases.ts), which the server looks up */
  name: string;
  /** StatsBomb's name and id */
  sourceName: string;
  sourceId: number;
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

const ON_TARGET = new Set(['Goal', 'Saved', 'Saved To Post']);
const TACKLE_WON = new Set(['Won', 'Success', 'Success In Play', 'Success Out']);
/** Momentum weight of a shot, the same as the simulator's. */
const SHOT_WEIGHT = 3;

export function buildStatsbombReplay(options: BuildStatsbombReplayOptions): StatsbombReplay {
  const events = [...options.events].sort((a, b) => a.index - b.index);
  const byId = new Map(events.map((event) => [event.id, event]));
  const sides = resolveSides(events, { homeTeam: options.homeTeam, lineups: options.lineups });
  const roster = collectPlayers(events, sides, options.lineups);
  const { periodOf, lastPeriod } = readPeriods(events);
  const match = new ReplayRecorder(roster);
  const initialLineups = match.lineups();
  const handledStarts = new Set<number>();
  const handledEnds = new Set<number>();

  for (const event of events) {
    const ts = timestampSec(event.timestamp);
    const period = periodOf(event.period);
    const atSec = period.offsetSec + ts;
    const type = event.type.name;

    if (type === 'Starting XI') continue;
    if (type === 'Half Start') {
      if (handledStarts.has(event.period)) continue;
      handledStarts.add(event.period);
      startPeriod(match, period, atSec);
      continue;
    }
    if (match.currentPeriod?.period === event.period) match.closeMinutesUntil(ts);
    if (type === 'Half End') {
      if (handledEnds.has(event.period)) continue;
      handledEnds.add(event.period);
      endPeriod(match, event, { atSec, isLast: event.period === lastPeriod });
      continue;
    }
    if (!handledStarts.has(event.period) || handledEnds.has(event.period)) continue;
    playEvent(match, event, { roster, byId, side: sides.sideOfTeam(event.team.id), atSec, ts });
  }

  if (!handledStarts.has(1)) throw new StatsbombFileError('events file: no Half Start event: the kick-off is missing');
  if (match.statusId !== FOOTBALL_STATUS.ended) {
    throw new StatsbombFileError(`events file: period ${lastPeriod} has no Half End event: the file stops before the final whistle`);
  }

  return {
    home: { name: toCatalogTeamName(sides.home.name), sourceName: sides.home.name, sourceId: sides.home.id },
    away: { name: toCatalogTeamName(sides.away.name), sourceName: sides.away.name, sourceId: sides.away.id },
    final: [...match.score],
    halfTime: match.halfTime,
    penalties: match.penalties,
    goals: match.goals,
    lineups: initialLineups,
    steps: match.steps,
  };
}

/** A period's whistle: the status of the period, the kick-off (with the lineups) for the first. */
function startPeriod(match: ReplayRecorder, period: PeriodTimes, atSec: number): void {
  match.currentPeriod = period;
  match.nextBoundary = 60;
  match.statusId = PLAYING_STATUS[period.period]!;
  match.halfPlayedSec = period.period === 5 ? undefined : 0;
  if (period.period === 5) match.penalties = [0, 0];
  const isKickOff = period.period === 1;
  match.emit(atSec, isKickOff ? [{ type: FOOTBALL_EVENT.start, minute: 1, side: null, player: null }] : [], { withLineups: isKickOff });
}

/** A period's end: half time, the end of extra time or of the shoot-out, and the final whistle after the last. */
function endPeriod(match: ReplayRecorder, event: StatsbombEvent, options: { atSec: number; isLast: boolean }): void {
  // The minute the half ended in has its momentum entry too.
  if (event.period !== 5) match.pressure(momentumMinute(event.period, event.minute));
  const catalogue: CatalogueEntry[] = [];
  match.halfPlayedSec = undefined;
  match.currentPeriod = null;
  const score = match.score;
  if (event.period === 1) {
    match.statusId = FOOTBALL_STATUS.halfTime;
    match.halfTime = [...score];
    catalogue.push({ type: FOOTBALL_EVENT.midfield, minute: 45, side: null, player: null });
    catalogue.push({ type: FOOTBALL_EVENT.halftimeScore, minute: 45, side: null, player: null, detail: `${score[0]}-${score[1]}` });
  } else if (event.period === 4) {
    match.extraTime = [...score];
    catalogue.push({ type: FOOTBALL_EVENT.overtimeOver, minute: 120, side: null, player: null });
  } else if (event.period === 5) {
    catalogue.push({ type: FOOTBALL_EVENT.penaltyKickEnded, minute: 120, side: null, player: null });
  }
  if (options.isLast) {
    match.statusId = FOOTBALL_STATUS.ended;
    catalogue.push({ type: FOOTBALL_EVENT.end, minute: REGULAR_END_MINUTE[Math.min(event.period, 4)]!, side: null, player: null });
  } else if (event.period !== 1) {
    match.statusId = event.period === 4 ? FOOTBALL_STATUS.penaltyShootOut : FOOTBALL_STATUS.overtime;
  }
  match.emit(options.atSec, catalogue, { withLineups: event.period === 1 || options.isLast });
}

interface PlayContext {
  roster: Roster;
  byId: Map<string, StatsbombEvent>;
  side: Side;
  atSec: number;
  ts: number;
}

/** One event of play mapped onto the match: statistics, catalogue events, and a step when something shows. */
function playEvent(match: ReplayRecorder, event: StatsbombEvent, context: PlayContext): void {
  const { roster, side } = context;
  const { nameOf } = roster;
  const when = clockMinute(event.period, event.minute);
  match.countAttack(event, side);
  const player = roster.playerOf(event.player);
  const catalogue: CatalogueEntry[] = [];
  let withLineups = false;
  const counts = match.counts;

  switch (event.type.name) {
    case 'Pass': {
      bump(counts.passes, side);
      match.onBall[sideIndex(side)] += event.duration ?? 0;
      if (player) {
        player.stats.passes += 1;
        if (!event.pass?.outcome) player.stats.passes_completed += 1;
        if (event.pass?.aerial_won) player.stats.duels_won += 1;
      }
      if (event.pass?.type?.name === 'Corner') {
        bump(match.corner, side);
        catalogue.push({ type: FOOTBALL_EVENT.corner, ...when, side, player: nameOf(event.player) });
      }
      if (event.pass?.outcome?.name === 'Pass Offside') {
        bump(counts.offsides, side);
        catalogue.push({ type: FOOTBALL_EVENT.offside, ...when, side, player: nameOf(event.pass.recipient) });
      }
      break;
    }
    case 'Carry':
      match.onBall[sideIndex(side)] += event.duration ?? 0;
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
        const kicks = match.penalties ?? [0, 0];
        if (isGoal) bump(kicks, side);
        match.penalties = kicks;
        catalogue.push({ type: isGoal ? FOOTBALL_EVENT.penaltyShootOut : FOOTBALL_EVENT.penaltyShootOutMissed, minute: 120, side, player: nameOf(event.player) });
        break;
      }
      const isOnTarget = ON_TARGET.has(shot.outcome.name);
      const isPenalty = shot.type.name === 'Penalty';
      bump(isOnTarget ? counts.shotsOn : counts.shotsOff, side);
      match.pressure(momentumMinute(event.period, event.minute))[side] += SHOT_WEIGHT;
      if (player) {
        player.stats.shots += 1;
        if (isOnTarget) player.stats.shots_on += 1;
        if (shot.aerial_won) player.stats.duels_won += 1;
      }
      if (isPenalty && match.awardedPenalty !== side) {
        // A penalty whose award the file does not flag is announced with the kick.
        catalogue.push({ type: FOOTBALL_EVENT.penalty, ...when, side, player: null });
      }
      if (isPenalty) match.awardedPenalty = null;
      if (isGoal) {
        bump(match.score, side);
        const passer = shot.key_pass_id ? context.byId.get(shot.key_pass_id)?.player : undefined;
        const assist = nameOf(passer);
        if (player) player.stats.goals += 1;
        const assister = roster.playerOf(passer);
        if (assister) assister.stats.assists += 1;
        const detail = isPenalty ? 'penalty' : null;
        catalogue.push({ type: FOOTBALL_EVENT.goal, ...when, side, player: nameOf(event.player), relatedPlayer: assist, detail });
        match.goals.push({ ...when, side, player: nameOf(event.player), assist, detail });
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
      bump(match.score, benefiting);
      if (player) player.stats.own_goals += 1;
      catalogue.push({ type: FOOTBALL_EVENT.ownGoal, ...when, side: benefiting, player: nameOf(event.player) });
      match.goals.push({ ...when, side: benefiting, player: nameOf(event.player), assist: null, detail: 'own goal' });
      withLineups = true;
      break;
    }
    case 'Foul Committed': {
      bump(counts.fouls, side);
      if (event.foul_committed?.penalty) {
        match.awardedPenalty = other(side);
        // The side awarded the kick; the file's player is the one who fouled, of the other side.
        catalogue.push({ type: FOOTBALL_EVENT.penalty, ...when, side: other(side), player: null });
      }
      break;
    }
    case 'Substitution': {
      const replacement = event.substitution?.replacement;
      if (player) player.minuteOut = when.minute;
      const incoming = roster.playerOf(replacement);
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
      bump(match.yellow, side);
      if (player) player.stats.yellow += 1;
      catalogue.push({ type: FOOTBALL_EVENT.yellowCard, ...when, side, player: name });
    } else if (card === 'Second Yellow' || card === 'Red Card') {
      bump(match.red, side);
      if (player) {
        player.stats.red += 1;
        player.minuteOut = when.minute;
      }
      catalogue.push({ type: FOOTBALL_EVENT.redCard, ...when, side, player: name, detail: card === 'Second Yellow' ? 'second yellow' : null });
    }
    withLineups = true;
  }

  if (catalogue.length > 0 || withLineups) {
    if (match.currentPeriod && match.currentPeriod.period !== 5) match.halfPlayedSec = Math.floor(context.ts);
    match.emit(context.atSec, catalogue, { withLineups });
  }
}
