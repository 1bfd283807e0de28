import type { Pair } from '../../../core/contracts/matches';
import type { FixtureInput, MatchUpdate } from '../../modules/matches/match-writes';
import type { Clock, FeedProvider, FeedSink } from '../provider';
import type { SquadPlayer } from '../squads/build-squads';
import { pickWeighted, squadPoolsByTeamId } from '../squads/squads';
import type { SimCompetition } from './competitions';
import { DAY_SECONDS, getDayStart, planScriptedDay, type CalendarMode } from './fixtures';
import type { MatchScript } from './match-script';
import {
  basketballBoxAt,
  footballStatsAt,
  momentumOf,
  playedMinuteCount,
  scriptBasketballBox,
  scriptFootballStats,
  type BasketballAttemptScript,
  type FootballStatsMinute,
} from './match-stats';
import { FOOTBALL_EVENT, type FootballScriptEvent } from './football-script';
import { createRandom, deriveRootSeed, type SecretSeed, type SeedRoot } from './random';
import { basketballStateAt, footballStateAt, type BasketballState, type FootballState } from './state';

/**
 * The calendar's seed when SIM_SEED is unset: who plays whom and when is public (fixtures are
 * published a week ahead anyway), so every install shows the same believable calendar; how the
 * matches go is drawn from the secret (decision 099).
 */
export const DEFAULT_CALENDAR_SEED = 1905;

export interface CreateSimulatorOptions {
  competitions: readonly SimCompetition[];
  /** the calendar's seed, and what matches are drawn from when there is no `secret` (SIM_SEED, tests) */
  seed: number;
  /**
   * A default start's secret (decision 099): every match's goals, cards, statistics and scorers
   * are drawn from it, so nobody can play a match ahead of the server. The calendar stays public.
   */
  secret?: SecretSeed;
  /** simulated seconds per real second; 1 follows the wall clock, 60 plays a match in ~2 minutes */
  speed?: number;
  clock?: Clock;
  /** real milliseconds between ticks */
  tickMs?: number;
  /** days planned on each side of the current one (1: yesterday, today, tomorrow) */
  daysAround?: number;
  /**
   * Days after the current one whose fixtures are written ahead, not started, so the lists'
   * date picker and the competition pages show what is coming (0: only the planned days). A
   * day is played once it comes within `daysAround`; its fixtures are the same, being planned
   * from the same seed and day.
   */
  daysAhead?: number;
  /** a failed sink call; the update is retried on the next tick */
  onError?: (error: unknown) => void;
  /** believable (each competition's real days and slots) unless told otherwise; see fixtures.ts */
  calendar?: CalendarMode;
  /**
   * Players a goal's scorer is drawn from, by team id (decision 097); by default the committed
   * pools (server/feed/squads) of the competitions' football teams. A team without one scores
   * goals with `player: null`.
   */
  squads?: ReadonlyMap<number, readonly SquadPlayer[]>;
}

export interface Simulator extends FeedProvider {
  /** advance to the clock's current time now (the timer calls this every tickMs) */
  tick(): Promise<void>;
  /** simulated time, unix milliseconds */
  getSimNowMs(): number;
}

const systemClock: Clock = { nowMs: () => Date.now() };

/** The comparable part of what was last written for a match. */
interface SentState {
  statusId: number;
  score: Pair;
  /** football: half time, cards, corners; basketball: periods and clock minute */
  stats: string;
}

interface SimMatch {
  fixture: FixtureInput;
  dayStartSec: number;
  script: MatchScript;
  /** seconds since kick-off before which nothing can change */
  firstChangeSec: number;
  sent: SentState;
  sentEventCount: number;
  /** football: played minutes whose statistics went out */
  sentMinuteCount: number;
  /** drawn on the first update, kept for the match's life */
  statsMinutes?: FootballStatsMinute[];
  basketAttempts?: BasketballAttemptScript[];
  isSettled: boolean;
}

function toFootballSent(state: FootballState): SentState {
  return {
    statusId: state.statusId,
    score: [state.homeScore, state.awayScore],
    stats: JSON.stringify([state.halfTime, state.red, state.yellow, state.corner]),
  };
}

function toBasketballSent(state: BasketballState): SentState {
  // The clock is re-sent once per game minute, not every second: score updates carry the
  // exact clock, and a write per second per game would be noise.
  const clockMinute = state.clock === null ? null : Math.ceil(state.clock / 60);
  return { statusId: state.statusId, score: [state.homeScore, state.awayScore], stats: JSON.stringify([state.periods, clockMinute]) };
}

/** What a freshly inserted fixture already shows: not started, 0–0, nothing else. */
function toInitialSent(sport: FixtureInput['sport']): SentState {
  return sport === 'football'
    ? toFootballSent({
        statusId: 1,
        homeScore: 0,
        awayScore: 0,
        halfTime: null,
        red: [0, 0],
        yellow: [0, 0],
        corner: [0, 0],
        kickOffOffsetSec: null,
        halfPlayedSec: null,
        eventCount: 0,
      })
    : toBasketballSent({ statusId: 1, homeScore: 0, awayScore: 0, periods: [], clock: null });
}

function toKind(before: SentState, after: SentState, hasEvents: boolean): MatchUpdate['kind'] | null {
  if (before.statusId !== after.statusId || before.score[0] !== after.score[0] || before.score[1] !== after.score[1]) return 'score';
  if (before.stats !== after.stats) return 'stats';
  return hasEvents ? 'others' : null;
}

/**
 * The match simulator: plays yesterday's, today's and tomorrow's fixtures of the given
 * competitions from seeded scripts. Simulated time starts at the real time of start() and
 * runs `speed` times faster; every tick writes the matches whose state changed, one sink
 * call at a time. A new day is planned as simulated time passes UTC midnight.
 */
export function createSimulator(options: CreateSimulatorOptions): Simulator {
  const { competitions, seed, secret, speed = 1, clock = systemClock, tickMs = 1000, daysAround = 1, daysAhead = 0, calendar = 'believable' } = options;
  const onError = options.onError ?? ((error: unknown) => console.error('[simulator]', error));
  const squads =
    options.squads ?? squadPoolsByTeamId(competitions.filter((competition) => competition.sport === 'football').flatMap((competition) => competition.teams));
  if (!(speed > 0)) throw new RangeError(`speed must be positive, got ${speed}`);
  if (!Number.isInteger(daysAround) || daysAround < 0) throw new RangeError(`daysAround must be a whole number ≥ 0, got ${daysAround}`);
  if (!Number.isInteger(daysAhead) || daysAhead < 0) throw new RangeError(`daysAhead must be a whole number ≥ 0, got ${daysAhead}`);

  const playSeed: SeedRoot = secret ?? seed;
  const planOptions = { competitions, seed, calendar, ...(secret ? { secret } : {}) };
  let sink: FeedSink | null = null;
  let realStartMs = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<void> | null = null;
  let isStopped = false;
  const plannedDays = new Set<number>();
  // days beyond the planned ones whose fixtures are already written (daysAhead)
  const announcedDays = new Set<number>();
  let matches: SimMatch[] = [];

  function getSimNowMs(): number {
    return realStartMs + (clock.nowMs() - realStartMs) * speed;
  }

  async function planDays(todaySec: number): Promise<void> {
    const target = sink as FeedSink;
    for (let offset = -daysAround; offset <= daysAround; offset++) {
      const dayStartSec = todaySec + offset * DAY_SECONDS;
      if (plannedDays.has(dayStartSec)) continue;
      const planned = planScriptedDay({ ...planOptions, dayStartSec });
      const published = new Map((await target.upsertFixtures(planned.map((entry) => entry.fixture))).map((stored) => [stored.matchId, stored]));
      plannedDays.add(dayStartSec);
      for (const { fixture, script } of planned) {
        const stored = published.get(fixture.matchId);
        // A fixture already published keeps its kick-off time (another SIM_SEED plans another
        // one), and a match that ended stays as it ended: the write service refuses to change it
        // anyway, and leaving it alone saves a write per tick.
        if (stored) fixture.matchTime = stored.matchTime;
        if (stored?.isFinished) continue;
        matches.push({
          fixture,
          dayStartSec,
          script,
          firstChangeSec: script.phases[0]?.atSec ?? 0,
          sent: toInitialSent(fixture.sport),
          sentEventCount: 0,
          sentMinuteCount: 0,
          isSettled: false,
        });
      }
    }
    for (let offset = daysAround + 1; offset <= daysAhead; offset++) {
      const dayStartSec = todaySec + offset * DAY_SECONDS;
      if (announcedDays.has(dayStartSec)) continue;
      await target.upsertFixtures(planScriptedDay({ ...planOptions, dayStartSec }).map((entry) => entry.fixture));
      announcedDays.add(dayStartSec);
    }
    // Forget finished days that slid out of the window.
    const oldest = todaySec - daysAround * DAY_SECONDS;
    for (const day of announcedDays) if (day <= todaySec + daysAround * DAY_SECONDS) announcedDays.delete(day);
    matches = matches.filter((match) => match.dayStartSec >= oldest || !match.isSettled);
    for (const day of plannedDays) if (day < oldest) plannedDays.delete(day);
    matches.sort((a, b) => a.fixture.matchTime - b.fixture.matchTime || a.fixture.matchId - b.fixture.matchId);
  }

  /**
   * The scorer of a goal, drawn by weight from the scoring team's pool with a seed of its own
   * (match and event), so a seed names the same player every time; null for own goals and
   * other events, and for a team without a pool.
   */
  function scorerOf(fixture: FixtureInput, event: FootballScriptEvent): string | null {
    if (event.type !== FOOTBALL_EVENT.goal || event.side === null) return null;
    const pool = squads.get(event.side === 'home' ? fixture.homeTeamId : fixture.awayTeamId);
    if (!pool) return null;
    return pickWeighted(pool, createRandom(deriveRootSeed(playSeed, 'scorer', fixture.matchId, event.seq)).next())?.name ?? null;
  }

  function buildUpdate(
    match: SimMatch,
    elapsedSec: number,
    realNowSec: number,
  ): { update: MatchUpdate | null; sent: SentState; eventCount: number; minuteCount: number } {
    const { fixture, script } = match;
    if (script.sport === 'football') {
      const state = footballStateAt(script, elapsedSec);
      const sent = toFootballSent(state);
      const events = script.events.slice(match.sentEventCount, state.eventCount);
      match.statsMinutes ??= scriptFootballStats(script, deriveRootSeed(playSeed, 'stats', fixture.matchId));
      const minuteCount = playedMinuteCount(match.statsMinutes, elapsedSec);
      const hasNewMinutes = minuteCount !== match.sentMinuteCount;
      const kind = toKind(match.sent, sent, events.length > 0) ?? (hasNewMinutes ? 'stats' : null);
      if (!kind) return { update: null, sent, eventCount: state.eventCount, minuteCount };
      const update: MatchUpdate = {
        matchId: fixture.matchId,
        sport: 'football',
        statusId: state.statusId,
        homeScore: state.homeScore,
        awayScore: state.awayScore,
        halfTime: state.halfTime,
        red: state.red,
        yellow: state.yellow,
        corner: state.corner,
        kind,
        events: events.map((event) => ({
          type: event.type,
          minute: event.minute,
          addedMinute: event.addedMinute ?? null,
          side: event.side,
          player: scorerOf(fixture, event),
          seq: event.seq,
        })),
        stats: footballStatsAt(script, match.statsMinutes, elapsedSec),
        momentum: momentumOf(match.statsMinutes, match.sentMinuteCount, minuteCount),
      };
      // The browser's clock is (its now − kick_off_time) / 60, so the half's kick-off is
      // sent as "now minus what has been played"; at speed 1 that is the real restart time.
      if (state.halfPlayedSec !== null) update.kickOffTime = realNowSec - state.halfPlayedSec;
      return { update, sent, eventCount: state.eventCount, minuteCount };
    }
    const state = basketballStateAt(script, elapsedSec);
    const sent = toBasketballSent(state);
    const kind = toKind(match.sent, sent, false);
    if (!kind) return { update: null, sent, eventCount: 0, minuteCount: 0 };
    match.basketAttempts ??= scriptBasketballBox(script, deriveRootSeed(playSeed, 'stats', fixture.matchId));
    return {
      update: {
        matchId: fixture.matchId,
        sport: 'basketball',
        statusId: state.statusId,
        homeScore: state.homeScore,
        awayScore: state.awayScore,
        periods: state.periods,
        clock: state.clock,
        kind,
        stats: basketballBoxAt(script, match.basketAttempts, elapsedSec),
      },
      sent,
      eventCount: 0,
      minuteCount: 0,
    };
  }

  async function advance(): Promise<void> {
    const target = sink;
    if (!target || isStopped) return;
    const realNowSec = Math.floor(clock.nowMs() / 1000);
    const simNowSec = Math.floor(getSimNowMs() / 1000);
    try {
      await planDays(getDayStart(simNowSec));
    } catch (error) {
      onError(error);
    }
    for (const match of matches) {
      if (isStopped) return;
      if (match.isSettled) continue;
      const elapsedSec = simNowSec - match.fixture.matchTime;
      if (elapsedSec < match.firstChangeSec) continue;
      const { update, sent, eventCount, minuteCount } = buildUpdate(match, elapsedSec, realNowSec);
      if (update) {
        try {
          await target.applyUpdate(update);
        } catch (error) {
          // Leave `sent` as it was: the same change (and its events) goes out next tick.
          onError(error);
          continue;
        }
      }
      match.sent = sent;
      match.sentEventCount = eventCount;
      match.sentMinuteCount = minuteCount;
      if (elapsedSec >= match.script.endAtSec) match.isSettled = true;
    }
  }

  function tick(): Promise<void> {
    // One pass at a time: a slow sink delays the next pass instead of overlapping it, so
    // no match ever has two updates in flight.
    if (!running) {
      running = advance().finally(() => {
        running = null;
      });
    }
    return running;
  }

  return {
    name: 'simulator',
    tick,
    getSimNowMs,
    async start(target) {
      if (sink) throw new Error('the simulator is already started');
      sink = target;
      isStopped = false;
      realStartMs = clock.nowMs();
      // Planning errors surface here (a missing table, a bad catalog) instead of being logged.
      try {
        await planDays(getDayStart(Math.floor(realStartMs / 1000)));
      } catch (error) {
        sink = null;
        matches = [];
        plannedDays.clear();
        announcedDays.clear();
        throw error;
      }
      await tick();
      if (isStopped) return;
      timer = setInterval(() => void tick(), tickMs);
      timer.unref?.();
    },
    async stop() {
      isStopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
      sink = null;
      matches = [];
      plannedDays.clear();
      announcedDays.clear();
    },
  };
}
