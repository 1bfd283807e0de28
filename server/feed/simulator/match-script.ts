import type { FixtureInput } from '../../modules/matches/match-writes';
import { BASKETBALL_STATUS, scriptBasketballMatch, type BasketballScript } from './basketball-script';
import type { SimCompetition, SimTeam } from './competitions';
import { FOOTBALL_STATUS, scriptFootballMatch, type FootballScript } from './football-script';
import { deriveRootSeed, type SeedRoot } from './random';

export type MatchScript = FootballScript | BasketballScript;

function findTeam(competition: SimCompetition, teamId: number): SimTeam {
  const team = competition.teams.find((candidate) => candidate.id === teamId);
  if (!team) throw new Error(`team ${teamId} is not in competition ${competition.id}`);
  return team;
}

/**
 * The script of one planned match: a function of the run's seed root and the match id only, so
 * the planner, the simulator and the tests all see the same match. A default start's root is
 * its secret (decision 099): nobody outside can script a match ahead of it.
 */
export function scriptFixture(options: {
  fixture: Pick<FixtureInput, 'matchId' | 'sport' | 'homeTeamId' | 'awayTeamId'>;
  competition: SimCompetition;
  seed: SeedRoot;
}): MatchScript {
  const { fixture, competition, seed } = options;
  const home = findTeam(competition, fixture.homeTeamId);
  const away = findTeam(competition, fixture.awayTeamId);
  const matchSeed = deriveRootSeed(seed, 'match', fixture.matchId);
  if (fixture.sport === 'basketball') {
    return scriptBasketballMatch({ home, away, seed: matchSeed, rules: competition.rules ?? 'fiba' });
  }
  return scriptFootballMatch({
    home,
    away,
    seed: matchSeed,
    isKnockout: competition.format === 'cup',
    ...(competition.goalsPerMatch === undefined ? {} : { goalsPerMatch: competition.goalsPerMatch }),
  });
}

const IRREGULAR_FOOTBALL = new Set<number>([
  FOOTBALL_STATUS.delayed,
  FOOTBALL_STATUS.interrupted,
  FOOTBALL_STATUS.cutInHalf,
  FOOTBALL_STATUS.cancelled,
]);
const IRREGULAR_BASKETBALL = new Set<number>([
  BASKETBALL_STATUS.delayed,
  BASKETBALL_STATUS.interrupted,
  BASKETBALL_STATUS.cutInHalf,
  BASKETBALL_STATUS.cancelled,
]);

/** Starts on time and is played through without a stop: live from kick-off to the end. */
export function isRegularScript(script: MatchScript): boolean {
  const irregular = script.sport === 'football' ? IRREGULAR_FOOTBALL : IRREGULAR_BASKETBALL;
  return script.phases[0]?.atSec === 0 && script.phases.every((phase) => !irregular.has(phase.statusId));
}
