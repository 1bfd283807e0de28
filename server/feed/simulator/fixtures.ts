import type { Sport } from '../../../core/contracts/matches';
import type { FixtureInput } from '../../modules/matches/match-writes';
import { createCalendarPlanner } from './calendar';
import type { SimCompetition } from './competitions';
import { isRegularScript, scriptFixture, type MatchScript } from './match-script';
import { createRandom, deriveSeed, type Random, type SecretSeed, type SeedRoot } from './random';

export const DAY_SECONDS = 86_400;
/** kick-offs fall on :00, :15, :30 and :45 */
export const SLOT_SECONDS = 15 * 60;
const SLOTS_PER_DAY = DAY_SECONDS / SLOT_SECONDS;

/**
 * Dense calendar only: fewest matches a day per sport. Kick-offs are spread evenly over the day's 96 slots and a
 * football match is live for at least 108 minutes (a FIBA game 99), so any moment has the
 * kick-offs of the last 7 (6) slots in play: with these totals at least 4 football matches
 * and 1 basketball game — the site never looks dead, whatever the reader's time zone.
 */
export const MIN_DAILY_MATCHES: Record<Sport, number> = { football: 64, basketball: 24 };

/** Each sport's day of ids: day number × 10 000 + this offset + index. */
const SPORT_ID_OFFSET: Record<Sport, number> = { football: 0, basketball: 5000 };
const MAX_MATCHES_PER_SPORT_DAY = 4990;

/**
 * - `believable` (the site): every competition by its calendar rules (calendar.ts) — real days,
 *   local kick-off slots, rest between a club's matches; quiet hours are quiet.
 * - `dense`: the old always-busy day, every competition every day, kick-offs spread over all
 *   96 quarter hours so that matches are live at any minute (load tests, demos).
 */
export type CalendarMode = 'believable' | 'dense';

export interface PlanDayOptions {
  competitions: readonly SimCompetition[];
  /** UTC midnight of the day, unix seconds */
  dayStartSec: number;
  /** the calendar's seed (who plays whom, when): public, so every install shows the same fixtures */
  seed: number;
  /**
   * What decides how each match goes (goals, cards, statistics): the secret of a default start
   * (decision 099); `seed` when absent (SIM_SEED, tests).
   */
  secret?: SecretSeed;
  /** believable when absent */
  calendar?: CalendarMode;
}

/** UTC midnight of the day holding `unixSec`. */
export function getDayStart(unixSec: number): number {
  return Math.floor(unixSec / DAY_SECONDS) * DAY_SECONDS;
}

/**
 * A match id that is the same every time the day is planned: day number × 10 000, plus 5 000
 * for basketball, plus the match's index in the day. Skips every number ending in 111,
 * because legacy detail URLs append "111"/"1111" to the id and the redirect that strips
 * them must never meet a real id with that ending. Positive int32 until the year 2557.
 */
export function toMatchId(options: { dayStartSec: number; sport: Sport; index: number }): number {
  const { dayStartSec, sport, index } = options;
  if (!Number.isInteger(index) || index < 0 || index >= MAX_MATCHES_PER_SPORT_DAY) {
    throw new RangeError(`match index ${index} out of range`);
  }
  // 999 usable endings per thousand: skip the ending 111 in every block.
  const block = Math.floor(index / 999);
  const rest = index % 999;
  const code = block * 1000 + (rest >= 111 ? rest + 1 : rest);
  const dayNumber = Math.floor(dayStartSec / DAY_SECONDS);
  return dayNumber * 10_000 + SPORT_ID_OFFSET[sport] + code;
}

function countMatchesOfDay(competition: SimCompetition, random: Random): number {
  const capacity = Math.floor(competition.teams.length / 2);
  let wanted: number;
  if (competition.sport === 'basketball') {
    wanted = competition.rules === 'nba' ? random.int(4, 7) : random.int(3, 5);
  } else if (competition.format === 'cup' || competition.format === 'continental') {
    wanted = random.int(2, 4);
  } else {
    // Leagues that are not hot play fewer: the catalogue has more of them than hot ones, and the
    // hot leagues (whose goals the home page pops up) must keep most of the day's slots.
    wanted = competition.isHot ? random.int(6, 8) : random.int(2, 4);
  }
  return Math.min(wanted, capacity);
}

export interface ScriptedFixture {
  fixture: FixtureInput;
  script: MatchScript;
}

function planSport(options: {
  sport: Sport;
  competitions: readonly SimCompetition[];
  dayStartSec: number;
  seed: number;
  playSeed: SeedRoot;
}): ScriptedFixture[] {
  const { sport, competitions, dayStartSec, seed, playSeed } = options;
  const random = createRandom(deriveSeed(seed, 'day', dayStartSec, sport));
  const counts = competitions.map((competition) => countMatchesOfDay(competition, random));

  // Top up to the daily minimum, one match at a time across competitions that still have
  // free teams, so a thin catalog still fills the day as far as its teams allow.
  let total = counts.reduce((sum, count) => sum + count, 0);
  const order = random.shuffle(competitions.map((_, index) => index));
  while (total < MIN_DAILY_MATCHES[sport]) {
    let added = false;
    for (const index of order) {
      const competition = competitions[index] as SimCompetition;
      const count = counts[index] as number;
      if (count < Math.floor(competition.teams.length / 2) && total < MIN_DAILY_MATCHES[sport]) {
        counts[index] = count + 1;
        total++;
        added = true;
      }
    }
    if (!added) break;
  }

  const planned: ScriptedFixture[] = [];
  competitions.forEach((competition, competitionIndex) => {
    // A team plays at most once a day in its competition.
    const teams = random.shuffle(competition.teams);
    for (let i = 0; i < (counts[competitionIndex] as number); i++) {
      const home = teams[2 * i];
      const away = teams[2 * i + 1];
      if (!home || !away || planned.length >= MAX_MATCHES_PER_SPORT_DAY) continue;
      const fixture: FixtureInput = {
        matchId: toMatchId({ dayStartSec, sport, index: planned.length }),
        sport,
        competitionId: competition.id,
        homeTeamId: home.id,
        awayTeamId: away.id,
        matchTime: dayStartSec,
      };
      planned.push({ fixture, script: scriptFixture({ fixture, competition, seed: playSeed }) });
    }
  });

  // Matches that start on time and play through are spread evenly: the i-th of n takes
  // slot ⌊i × 96 / n⌋, so any window of w slots holds at least ⌊w × n / 96⌋ of their
  // kick-offs, across midnight too (every day uses the same progression). The few delayed,
  // interrupted or cancelled ones go anywhere: they add to the live count, never carry it.
  const regular = random.shuffle(planned.filter((entry) => isRegularScript(entry.script)));
  const spacing = SLOTS_PER_DAY / Math.max(1, regular.length);
  regular.forEach((entry, i) => {
    entry.fixture.matchTime = dayStartSec + Math.floor(i * spacing) * SLOT_SECONDS;
  });
  for (const entry of planned) {
    if (!isRegularScript(entry.script)) entry.fixture.matchTime = dayStartSec + random.int(0, SLOTS_PER_DAY - 1) * SLOT_SECONDS;
  }
  return planned.sort((a, b) => a.fixture.matchTime - b.fixture.matchTime || a.fixture.matchId - b.fixture.matchId);
}

/**
 * One UTC day of fixtures with their scripts, the same for the same seed and day. On the
 * believable calendar (the default), the day's kick-offs of every competition's calendar
 * (calendar.ts); on the dense one, distinct pairings per competition every day, kick-offs on
 * quarter hours spread over the whole day so that several football matches and at least one
 * basketball game are live at any minute. Football first, each sport in kick-off order.
 */
export function planScriptedDay(options: PlanDayOptions): ScriptedFixture[] {
  const { competitions, dayStartSec, seed } = options;
  const playSeed: SeedRoot = options.secret ?? seed;
  if (dayStartSec % DAY_SECONDS !== 0) throw new RangeError(`dayStartSec ${dayStartSec} is not a UTC midnight`);
  // Sorting by id keeps the plan independent of the catalog's order.
  const sorted = competitions.slice().sort((a, b) => a.id - b.id);
  if ((options.calendar ?? 'believable') === 'believable') return planCalendarDay({ competitions: sorted, dayStartSec, seed, playSeed });
  return (['football', 'basketball'] as const).flatMap((sport) =>
    planSport({ sport, competitions: sorted.filter((competition) => competition.sport === sport), dayStartSec, seed, playSeed }),
  );
}

/** Matches one competition may have in a UTC day on the believable calendar (the NBA has ~15). */
const MATCHES_PER_COMPETITION_DAY = 100;
/** Competition blocks in a sport's day of ids: 1..48 × 100 stays below MAX_MATCHES_PER_SPORT_DAY. */
const MAX_COMPETITION_BLOCK = 48;

/**
 * Where a competition's matches sit in its sport's day of ids: its own block of 100, from its
 * id (football 1–48, basketball 101–148 → 1–48), so adding or removing a competition never moves
 * the ids of another's matches on a day already stored.
 */
export function competitionBlock(competitionId: number): number {
  const block = competitionId % 100;
  if (block < 1 || block > MAX_COMPETITION_BLOCK) {
    throw new RangeError(`competition ${competitionId} has no block of match ids on the calendar (ids end in 01–48)`);
  }
  return block;
}

/**
 * One UTC day of the believable calendar with scripts: the day's kick-offs from every
 * competition's calendar; a competition's matches are numbered in kick-off order inside its own
 * block of ids (the same day, the same ids, whatever other competitions are added).
 */
function planCalendarDay(options: { competitions: readonly SimCompetition[]; dayStartSec: number; seed: number; playSeed: SeedRoot }): ScriptedFixture[] {
  const { competitions, dayStartSec, seed, playSeed } = options;
  const byId = new Map(competitions.map((competition) => [competition.id, competition]));
  const blocks = new Map<string, number>();
  for (const competition of competitions) {
    if (!competition.calendar) continue;
    const key = `${competition.sport}:${competitionBlock(competition.id)}`;
    const other = blocks.get(key);
    if (other !== undefined) throw new RangeError(`competitions ${other} and ${competition.id} share a block of match ids`);
    blocks.set(key, competition.id);
  }
  const planner = createCalendarPlanner({ competitions, seed });
  const counts = new Map<number, number>();
  const planned = planner.fixturesBetween(dayStartSec, dayStartSec + DAY_SECONDS).map((entry) => {
    const competition = byId.get(entry.competitionId) as SimCompetition;
    const inCompetition = counts.get(entry.competitionId) ?? 0;
    if (inCompetition >= MATCHES_PER_COMPETITION_DAY) throw new RangeError(`competition ${entry.competitionId} has over ${MATCHES_PER_COMPETITION_DAY} matches on a day`);
    counts.set(entry.competitionId, inCompetition + 1);
    const fixture: FixtureInput = {
      matchId: toMatchId({
        dayStartSec,
        sport: entry.sport,
        index: competitionBlock(entry.competitionId) * MATCHES_PER_COMPETITION_DAY + inCompetition,
      }),
      sport: entry.sport,
      competitionId: entry.competitionId,
      homeTeamId: entry.homeTeamId,
      awayTeamId: entry.awayTeamId,
      matchTime: entry.kickOffSec,
    };
    return { fixture, script: scriptFixture({ fixture, competition, seed: playSeed }) };
  });
  return (['football', 'basketball'] as const).flatMap((sport) => planned.filter((entry) => entry.fixture.sport === sport));
}

/** The fixtures of planScriptedDay. */
export function planDay(options: PlanDayOptions): FixtureInput[] {
  return planScriptedDay(options).map((entry) => entry.fixture);
}
