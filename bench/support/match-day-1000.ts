// One football day of 1,000 matches for the anew_list benchmark, written through the feed sink
// (the same path the simulator and a real provider use): fixtures first, then the state of
// every match that has started by the benchmark's clock.
import type { Db } from '../../server/db/client';
import { loadCatalog } from '../../server/catalog/catalog';
import { createMatchWrites, type FixtureInput, type MatchUpdate } from '../../server/modules/matches/match-writes';

/** A day no simulator or test uses (2031-06-14 00:00 UTC), so a shared PostgreSQL stays clean. */
export const BENCH_DAY = Date.UTC(2031, 5, 14) / 1000;
/** The benchmark's clock stands at 15:00 of that day: finished, live and upcoming matches. */
export const BENCH_NOW_SEC = BENCH_DAY + 15 * 3600;
const FIRST_MATCH_ID = 9_100_001;

export interface SeededDay {
  day: number;
  matches: number;
  finished: number;
  live: number;
  notStarted: number;
  seedSeconds: number;
}

/**
 * Inserts `count` football matches spread evenly over BENCH_DAY across the catalog's football
 * competitions. Matches that kicked off more than two hours before BENCH_NOW_SEC are ended,
 * later ones up to the clock are live, the rest not started — so none is dropped as stale and
 * the list really holds `count` matches. Idempotent on the fixtures (the sink skips existing ids).
 */
export async function seedMatchDay(db: Db, count = 1000): Promise<SeededDay> {
  const started = Date.now();
  const competitions = loadCatalog().competitions.filter((competition) => competition.sport === 'football');
  if (competitions.length === 0) throw new Error('the catalog has no football competition');

  const fixtures: FixtureInput[] = [];
  for (let index = 0; index < count; index++) {
    const competition = competitions[index % competitions.length]!;
    const round = Math.floor(index / competitions.length);
    const teams = competition.teams;
    const home = (2 * round) % teams.length;
    let away = (2 * round + 1 + Math.floor(round / teams.length)) % teams.length;
    if (away === home) away = (away + 1) % teams.length;
    fixtures.push({
      matchId: FIRST_MATCH_ID + index,
      sport: 'football',
      competitionId: competition.id,
      homeTeamId: teams[home]!.id,
      awayTeamId: teams[away]!.id,
      matchTime: BENCH_DAY + Math.floor((index * 86_400) / count),
    });
  }

  const sink = createMatchWrites({ db, publish: async () => undefined, now: () => BENCH_NOW_SEC * 1000 });
  await sink.upsertFixtures(fixtures);

  let finished = 0;
  let live = 0;
  for (const [index, fixture] of fixtures.entries()) {
    const minutesIn = (BENCH_NOW_SEC - fixture.matchTime) / 60;
    if (minutesIn < 0) continue;
    const home = index % 4;
    const away = (index * 7) % 3;
    const update: MatchUpdate =
      minutesIn > 120
        ? {
            matchId: fixture.matchId,
            sport: 'football',
            statusId: 8,
            homeScore: home,
            awayScore: away,
            kickOffTime: fixture.matchTime + 60 * 60,
            halfTime: [Math.min(home, 1), Math.min(away, 1)],
            red: [index % 5 === 0 ? 1 : 0, 0],
            yellow: [index % 4, (index + 1) % 3],
            corner: [index % 9, (index + 4) % 7],
            kind: 'score',
          }
        : {
            matchId: fixture.matchId,
            sport: 'football',
            statusId: minutesIn < 45 ? 2 : minutesIn < 60 ? 3 : 4,
            homeScore: Math.min(home, 2),
            awayScore: Math.min(away, 1),
            kickOffTime: minutesIn < 60 ? fixture.matchTime : fixture.matchTime + 60 * 60,
            halfTime: minutesIn < 45 ? null : [Math.min(home, 1), Math.min(away, 1)],
            yellow: [index % 3, index % 2],
            corner: [index % 6, (index + 2) % 5],
            kind: 'score',
          };
    await sink.applyUpdate(update);
    if (update.statusId === 8) finished++;
    else live++;
  }

  return {
    day: BENCH_DAY,
    matches: count,
    finished,
    live,
    notStarted: count - finished - live,
    seedSeconds: (Date.now() - started) / 1000,
  };
}
