import type { Sport } from '../../../core/contracts/matches';
import { WEEKDAYS, type CalendarRule, type Weekday } from '../../catalog/calendar-config';
import { zonedTimeToUtc } from '../importers/openfootball/zoned-time';
import type { SimCompetition } from './competitions';
import { createRandom, deriveSeed, type Random } from './random';

/**
 * A believable calendar: each competition plays by its own rules (server/catalog/calendar-config.ts)
 * — rounds over their real days, kick-offs in the league's local slots, European nights
 * midweek, and no club twice within its rest time across all its competitions.
 *
 * Everything is a pure function of (seed, competitions, week), so a day planned again after a
 * restart is the same day. The week runs Tuesday → Monday in each competition's local calendar:
 * midweek competitions are placed first (by `priority`), and each later competition fits its
 * round around what its clubs play in the same week and the weeks on either side.
 */

export interface CalendarFixture {
  competitionId: number;
  sport: Sport;
  homeTeamId: number;
  awayTeamId: number;
  /** unix seconds */
  kickOffSec: number;
}

/** A real fixture from the data: a pairing on a local date, its time left to the slots. */
export interface RealFixture {
  /** local date, YYYY-MM-DD */
  date: string;
  homeTeamId: number;
  awayTeamId: number;
}

const DAY_SECONDS = 86_400;
/** 1970-01-06, the first Tuesday of the epoch, as a day number. */
const FIRST_TUESDAY = 5;

/** Days a team plays in its week on the NBA's calendar: four (with a back-to-back) or three. */
const DAILY_PATTERNS: readonly (readonly number[])[] = [
  [0, 2, 4, 5],
  [0, 2, 4],
];

export function weekOfDayNumber(dayNumber: number): number {
  return Math.floor((dayNumber - FIRST_TUESDAY) / 7);
}

function dayNumberOfDate(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / 1000 / DAY_SECONDS;
}

function localKickOff(dayNumber: number, time: string, timeZone: string): number {
  const date = new Date(dayNumber * DAY_SECONDS * 1000);
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const utc = zonedTimeToUtc(
    { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour, minute },
    timeZone,
  );
  return Math.floor(utc.getTime() / 1000);
}

function isPlayingWeek(rule: CalendarRule, week: number): boolean {
  if (rule.weeks === 'every') return true;
  const parity = ((week % 2) + 2) % 2;
  return rule.weeks === 'even' ? parity === 0 : parity === 1;
}

/**
 * Round `round` of a double round robin over `teamIds` (circle method; a bye when odd). The
 * second half repeats the first with home and away swapped.
 */
export function roundRobinRound(teamIds: readonly number[], round: number): [number, number][] {
  const ids: (number | null)[] = [...teamIds];
  if (ids.length % 2 === 1) ids.push(null);
  const n = ids.length;
  const rounds = n - 1;
  const index = ((round % (2 * rounds)) + 2 * rounds) % (2 * rounds);
  const isSecondHalf = index >= rounds;
  const r = index % rounds;
  const rotating = ids.slice(1);
  const rotated = rotating.map((_, i) => rotating[(i + r) % rotating.length] as number | null);
  const circle = [ids[0] ?? null, ...rotated];
  const pairs: [number, number][] = [];
  for (let i = 0; i < n / 2; i++) {
    const a = circle[i];
    const b = circle[n - 1 - i];
    if (a === null || b === null || a === undefined || b === undefined) continue;
    // Alternate home sides so no club is always at home in the first half.
    const isAHome = (i + r) % 2 === 0;
    const [home, away] = isAHome ? [a, b] : [b, a];
    pairs.push(isSecondHalf ? [away, home] : [home, away]);
  }
  return pairs;
}

interface Slot {
  dayNumber: number;
  time: string;
  kickOffSec: number;
}

function slotsOfDay(rule: CalendarRule, dayNumber: number, weekday: Weekday): Slot[] {
  return (rule.slots[weekday] ?? []).map((time) => ({ dayNumber, time, kickOffSec: localKickOff(dayNumber, time, rule.timeZone) }));
}

function weekdayOf(dayNumber: number): Weekday {
  return WEEKDAYS[(((dayNumber - FIRST_TUESDAY) % 7) + 7) % 7] as Weekday;
}

/**
 * One stream of rounds: a competition's main rounds, or its extra midweek rounds (a league that
 * plays twice in some weeks), which are placed as if they were another competition.
 */
interface Stream {
  key: string;
  competition: SimCompetition;
  rule: CalendarRule;
  isMidweek: boolean;
}

/** The ordering the priority rule uses: lower priority first, then lower id, midweek rounds first. */
function isPlacedBefore(a: Stream, b: Stream): boolean {
  if (a.rule.priority !== b.rule.priority) return a.rule.priority < b.rule.priority;
  if (a.competition.id !== b.competition.id) return a.competition.id < b.competition.id;
  return a.isMidweek && !b.isMidweek;
}

function streamsOf(competition: SimCompetition): Stream[] {
  const rule = competition.calendar;
  if (!rule) return [];
  const main: Stream = { key: String(competition.id), competition, rule, isMidweek: false };
  if (!rule.midweek) return [main];
  const midweekRule: CalendarRule = { ...rule, slots: rule.midweek.slots, weeks: rule.midweek.weeks, priority: rule.midweek.priority };
  return [main, { key: `${competition.id}:midweek`, competition, rule: midweekRule, isMidweek: true }];
}

export interface CalendarPlanner {
  /** every fixture kicking off in [fromSec, toSec) */
  fixturesBetween(fromSec: number, toSec: number): CalendarFixture[];
  /** the fixtures of one competition in one (local) week */
  fixturesOfWeek(competitionId: number, week: number): CalendarFixture[];
}

/**
 * Plans the calendar of `competitions` (those with a `calendar` rule; others never play).
 * Memoised per competition and week: planning a month touches each week once.
 */
export function createCalendarPlanner(options: { competitions: readonly SimCompetition[]; seed: number }): CalendarPlanner {
  const { seed } = options;
  const competitions = options.competitions.filter((competition) => competition.calendar).slice().sort((a, b) => a.id - b.id);
  const streams = competitions.flatMap(streamsOf);
  const streamByKey = new Map(streams.map((stream) => [stream.key, stream]));
  const cache = new Map<string, CalendarFixture[]>();

  /** Which streams each team plays in, for the rest rule across competitions. */
  const streamsOfTeam = new Map<number, Stream[]>();
  for (const stream of streams) {
    for (const team of stream.competition.teams) {
      streamsOfTeam.set(team.id, [...(streamsOfTeam.get(team.id) ?? []), stream]);
    }
  }

  /** Kick-offs of each team in streams placed before `stream`, weeks around `week`. */
  function earlierKickOffs(stream: Stream, week: number): Map<number, number[]> {
    const kickOffs = new Map<number, number[]>();
    const others = new Set<Stream>();
    for (const team of stream.competition.teams) {
      for (const other of streamsOfTeam.get(team.id) ?? []) {
        if (other !== stream && other.competition.sport === stream.competition.sport && isPlacedBefore(other, stream)) others.add(other);
      }
    }
    for (const other of others) {
      for (let w = week - 1; w <= week + 1; w++) {
        for (const fixture of fixturesOfStream(other.key, w)) {
          for (const teamId of [fixture.homeTeamId, fixture.awayTeamId]) {
            kickOffs.set(teamId, [...(kickOffs.get(teamId) ?? []), fixture.kickOffSec]);
          }
        }
      }
    }
    return kickOffs;
  }

  function placeRound(options: {
    stream: Stream;
    pairs: readonly [number, number][];
    slots: readonly Slot[];
    week: number;
    random: Random;
    /** fixed matches of the competition itself around this week (its real rounds) */
    fixedAround?: readonly CalendarFixture[];
  }): CalendarFixture[] {
    const { stream, pairs, slots, week, random } = options;
    const { competition, rule } = stream;
    const restSec = rule.restHours * 3600;
    const busy = earlierKickOffs(stream, week);
    for (const fixture of options.fixedAround ?? []) {
      for (const teamId of [fixture.homeTeamId, fixture.awayTeamId]) busy.set(teamId, [...(busy.get(teamId) ?? []), fixture.kickOffSec]);
    }
    const fits = (teamId: number, at: number) => (busy.get(teamId) ?? []).every((other) => Math.abs(other - at) >= restSec);
    const candidates = pairs.map(([home, away]) => ({
      home,
      away,
      valid: slots.filter((slot) => fits(home, slot.kickOffSec) && fits(away, slot.kickOffSec)),
    }));
    // The most constrained pairings choose first; slots are tried in a seeded order.
    const order = random.shuffle(candidates).sort((a, b) => a.valid.length - b.valid.length);
    const slotOrder = random.shuffle(slots.map((_, index) => index));
    const used = new Set<number>();
    const placed: CalendarFixture[] = [];
    for (const candidate of order) {
      if (candidate.valid.length === 0) continue; // no time leaves the clubs their rest: not played this week
      const free = slotOrder.map((index) => slots[index] as Slot).find((slot, i) => !used.has(slotOrder[i] as number) && candidate.valid.includes(slot));
      const slot = free ?? random.pick(candidate.valid);
      if (free) used.add(slots.indexOf(free));
      placed.push({
        competitionId: competition.id,
        sport: competition.sport,
        homeTeamId: candidate.home,
        awayTeamId: candidate.away,
        kickOffSec: slot.kickOffSec,
      });
    }
    return placed;
  }

  function planRoundWeek(stream: Stream, week: number): CalendarFixture[] {
    const { competition, rule } = stream;
    const random = createRandom(deriveSeed(seed, 'calendar', stream.key, week));
    const firstDay = FIRST_TUESDAY + 7 * week;
    const days = WEEKDAYS.map((weekday, offset) => ({ weekday, dayNumber: firstDay + offset }));

    // Real fixtures of this week, when the data has them, replace the generated round.
    const real = (competition.realFixtures ?? []).filter((fixture) => weekOfDayNumber(dayNumberOfDate(fixture.date)) === week);
    // The real rounds already hold the week's midweek matches.
    if (real.length > 0 && stream.isMidweek) return [];
    if (real.length > 0) {
      const byDay = new Map<number, RealFixture[]>();
      for (const fixture of real) {
        const day = dayNumberOfDate(fixture.date);
        byDay.set(day, [...(byDay.get(day) ?? []), fixture]);
      }
      const allTimes = [...new Set([...Object.values(rule.slots), ...Object.values(rule.midweek?.slots ?? {})].flat())].sort();
      return [...byDay].flatMap(([dayNumber, fixtures]) => {
        const weekday = weekdayOf(dayNumber);
        const times = rule.slots[weekday] ?? rule.midweek?.slots[weekday] ?? allTimes;
        // Enough slots for every real fixture of the day: the day's times, repeated.
        const slots = fixtures.map((_, i) => {
          const time = times[i % times.length] as string;
          return { dayNumber, time, kickOffSec: localKickOff(dayNumber, time, rule.timeZone) };
        });
        return placeRound({
          stream,
          pairs: fixtures.map((fixture) => [fixture.homeTeamId, fixture.awayTeamId] as [number, number]),
          slots,
          week,
          random,
        });
      });
    }

    if (!isPlayingWeek(rule, week)) return [];
    // The same shuffled order every week, so the round robin is one season that cycles.
    const seasonOrder = createRandom(deriveSeed(seed, 'season', competition.id)).shuffle(
      competition.teams.map((team) => team.id).sort((a, b) => a - b),
    );
    const roundCount = 2 * (seasonOrder.length % 2 === 0 ? seasonOrder.length - 1 : seasonOrder.length);
    const playingWeekIndex = rule.weeks === 'every' ? week : Math.floor(week / 2);
    // Midweek rounds take the other half of the season's pairings, so they rarely repeat the weekend's.
    const offset = (deriveSeed(seed, 'round', competition.id) + (stream.isMidweek ? Math.floor(roundCount / 2) + 1 : 0)) % roundCount;
    let pairs = roundRobinRound(seasonOrder, playingWeekIndex + offset);
    if (rule.matchesPerRound !== undefined && rule.matchesPerRound < pairs.length) {
      const start = (playingWeekIndex * rule.matchesPerRound) % pairs.length;
      pairs = Array.from({ length: rule.matchesPerRound }, (_, i) => pairs[(start + i) % pairs.length] as [number, number]);
    }
    const slots = days.flatMap(({ weekday, dayNumber }) => slotsOfDay(rule, dayNumber, weekday));
    // A generated round leaves the clubs their rest before and after the real rounds next to it.
    const hasReal = (w: number) => (competition.realFixtures ?? []).some((fixture) => weekOfDayNumber(dayNumberOfDate(fixture.date)) === w);
    const fixedAround = [week - 1, week + 1].filter(hasReal).flatMap((w) => fixturesOfStream(String(competition.id), w));
    return placeRound({ stream, pairs, slots, week, random, fixedAround });
  }

  function planDailyWeek(competition: SimCompetition, rule: CalendarRule, week: number): CalendarFixture[] {
    const firstDay = FIRST_TUESDAY + 7 * week;
    const teams = competition.teams.map((team) => team.id).sort((a, b) => a - b);
    const placed: CalendarFixture[] = [];
    for (let offset = 0; offset < 7; offset++) {
      const dayNumber = firstDay + offset;
      const random = createRandom(deriveSeed(seed, 'daily', competition.id, dayNumber));
      // Each team keeps its pattern and phase all season: it plays on fixed days of its week.
      const playing = teams.filter((teamId, index) => {
        const phase = deriveSeed(seed, 'phase', competition.id, teamId) % 7;
        const pattern = DAILY_PATTERNS[index % DAILY_PATTERNS.length] as readonly number[];
        return pattern.includes((offset + phase) % 7);
      });
      const shuffled = random.shuffle(playing);
      const slots = random.shuffle(slotsOfDay(rule, dayNumber, weekdayOf(dayNumber)));
      for (let i = 0; i + 1 < shuffled.length; i += 2) {
        const slot = slots[(i / 2) % slots.length] as Slot;
        placed.push({
          competitionId: competition.id,
          sport: competition.sport,
          homeTeamId: shuffled[i] as number,
          awayTeamId: shuffled[i + 1] as number,
          kickOffSec: slot.kickOffSec,
        });
      }
    }
    return placed;
  }

  function fixturesOfStream(streamKey: string, week: number): CalendarFixture[] {
    const key = `${streamKey}@${week}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const stream = streamByKey.get(streamKey);
    let fixtures: CalendarFixture[] = [];
    if (stream) {
      fixtures = stream.rule.kind === 'daily' ? planDailyWeek(stream.competition, stream.rule, week) : planRoundWeek(stream, week);
    }
    cache.set(key, fixtures);
    return fixtures;
  }

  function fixturesOfWeek(competitionId: number, week: number): CalendarFixture[] {
    return streams.filter((stream) => stream.competition.id === competitionId).flatMap((stream) => fixturesOfStream(stream.key, week));
  }

  function fixturesBetween(fromSec: number, toSec: number): CalendarFixture[] {
    // Local dates are within a day of UTC dates in every zone.
    const firstWeek = weekOfDayNumber(Math.floor(fromSec / DAY_SECONDS) - 1);
    const lastWeek = weekOfDayNumber(Math.floor((toSec - 1) / DAY_SECONDS) + 1);
    const found: CalendarFixture[] = [];
    for (const stream of streams) {
      for (let week = firstWeek; week <= lastWeek; week++) {
        for (const fixture of fixturesOfStream(stream.key, week)) {
          if (fixture.kickOffSec >= fromSec && fixture.kickOffSec < toSec) found.push(fixture);
        }
      }
    }
    return found.sort(
      (a, b) => a.kickOffSec - b.kickOffSec || a.competitionId - b.competitionId || a.homeTeamId - b.homeTeamId,
    );
  }

  return { fixturesBetween, fixturesOfWeek };
}
