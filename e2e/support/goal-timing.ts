/**
 * How long e2e/live-updates.spec.ts may wait for a goal pop-up, worked out from the simulator's
 * scripts instead of guessed. The simulator is deterministic per seed and day, so every goal's
 * time is known in advance. For each start minute over a span of days it finds the first goal the
 * open home page can pop up: a score going up in that UTC day's matches of the hot competitions
 * (the page knows no other matches), at least `readySec` real seconds after the server started.
 *
 *   npx tsx e2e/support/goal-timing.ts [seed=1905] [speed=120] [days=365] [readySec=10]
 *
 * Prints the longest wait in real seconds per UTC hour of the start. Not a test; run it again
 * when the simulator, the catalogue or the seed changes.
 */
import { loadCatalog } from '../../server/catalog/catalog';
import { toSimCompetition } from '../../server/feed/simulator/competitions';
import { DAY_SECONDS, getDayStart, planScriptedDay } from '../../server/feed/simulator/fixtures';

export interface GoalTimingOptions {
  seed: number;
  speed: number;
  days: number;
  readySec: number;
  fromSec?: number;
}

/** Times (simulated unix seconds) of the goals the home page can pop up on the UTC day starting at `day`, in order. */
function knownGoalTimes(competitions: ReturnType<typeof toSimCompetition>[], hot: ReadonlySet<number>, day: number, seed: number): number[] {
  const goals: number[] = [];
  for (const { fixture, script } of planScriptedDay({ competitions, dayStartSec: day, seed, calendar: 'dense' })) {
    if (script.sport !== 'football' || !hot.has(fixture.competitionId)) continue;
    for (const event of script.events) {
      const score = event.change?.score;
      if (score !== undefined && score[0] + score[1] > 0) goals.push(fixture.matchTime + event.atSec);
    }
  }
  return goals.sort((a, b) => a - b);
}

function simCompetitions() {
  const competitions = loadCatalog().competitions.map(toSimCompetition);
  const hot = new Set(competitions.filter((c) => c.sport === 'football' && c.isHot).map((c) => c.id));
  return { competitions, hot };
}

/**
 * The seed among `seeds` with the most goals the home page can pop up in the `windowSec` real
 * seconds after it is ready, for a server started at `startSec` (ties: the first listed). Late
 * in the UTC day one seed may have no known goal left while another has plenty; choosing keeps
 * the journey independent of the hour it runs at.
 */
export function busiestGoalSeed(options: { seeds: readonly number[]; speed: number; readySec: number; windowSec: number; startSec: number }): {
  seed: number;
  goals: number;
} {
  const { competitions, hot } = simCompetitions();
  const ready = options.startSec + options.readySec * options.speed;
  const end = ready + options.windowSec * options.speed;
  let best = { seed: options.seeds[0]!, goals: -1 };
  for (const seed of options.seeds) {
    const goals = knownGoalTimes(competitions, hot, getDayStart(options.startSec), seed).filter((at) => at >= ready && at < end).length;
    if (goals > best.goals) best = { seed, goals };
  }
  return best;
}

/** Longest real wait (seconds, Infinity when no goal comes) for starts in each UTC hour, and how many starts wait over `limitSec`. */
export function goalWaits(options: GoalTimingOptions, limitSec: number): { worstByHour: number[]; over: number; starts: number } {
  const { seed, speed, days, readySec } = options;
  const { competitions, hot } = simCompetitions();
  const first = getDayStart(options.fromSec ?? Math.floor(Date.now() / 1000));
  const worstByHour = Array.from({ length: 24 }, () => 0);
  let over = 0;
  let starts = 0;
  for (let d = 0; d < days; d += 1) {
    const day = first + d * DAY_SECONDS;
    const goals = knownGoalTimes(competitions, hot, day, seed);
    for (let start = day; start < day + DAY_SECONDS; start += 60) {
      const ready = start + readySec * speed;
      const next = goals.find((at) => at >= ready);
      const wait = next === undefined ? Infinity : (next - ready) / speed;
      const hour = new Date(start * 1000).getUTCHours();
      worstByHour[hour] = Math.max(worstByHour[hour]!, wait);
      starts += 1;
      if (wait > limitSec) over += 1;
    }
  }
  return { worstByHour, over, starts };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [seed = 1905, speed = 120, days = 365, readySec = 10] = process.argv.slice(2).map(Number);
  const limitSec = 90;
  const { worstByHour, over, starts } = goalWaits({ seed, speed, days, readySec }, limitSec);
  console.log(`seed ${seed}, speed ${speed}, ${days} days, page ready ${readySec} s after start`);
  worstByHour.forEach((worst, hour) => console.log(`${String(hour).padStart(2, '0')}:00 UTC  longest wait ${worst === Infinity ? 'no goal' : `${worst.toFixed(0)} s`}`));
  console.log(`${over} of ${starts} start minutes wait over ${limitSec} s`);
}
