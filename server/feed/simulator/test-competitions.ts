import type { SimCompetition, SimTeam } from './competitions';

/**
 * Hand-made competitions for the simulator's tests, shaped like the real catalog: eight
 * domestic leagues (five hot), a continental competition, a national cup, the NBA and three
 * FIBA leagues. Team strengths spread evenly from 0.3 to 0.95.
 */
function buildTeams(competitionId: number, count: number): SimTeam[] {
  return Array.from({ length: count }, (_, index) => ({
    id: competitionId * 1000 + index + 1,
    name: `Team ${competitionId}-${index + 1}`,
    strength: 0.3 + (0.65 * index) / (count - 1),
  }));
}

export function buildTestCompetitions(): SimCompetition[] {
  const leagues: SimCompetition[] = [18, 20, 20, 18, 20, 19, 16, 18].map((teamCount, index) => ({
    id: index + 1,
    sport: 'football',
    isHot: index < 5,
    format: 'league',
    teams: buildTeams(index + 1, teamCount),
  }));
  return [
    ...leagues,
    { id: 9, sport: 'football', isHot: true, format: 'continental', teams: buildTeams(9, 36) },
    { id: 10, sport: 'football', isHot: false, format: 'cup', teams: buildTeams(10, 32) },
    { id: 101, sport: 'basketball', isHot: true, rules: 'nba', teams: buildTeams(101, 30) },
    { id: 102, sport: 'basketball', isHot: true, rules: 'fiba', teams: buildTeams(102, 18) },
    { id: 103, sport: 'basketball', isHot: false, rules: 'fiba', teams: buildTeams(103, 16) },
    { id: 104, sport: 'basketball', isHot: false, rules: 'fiba', teams: buildTeams(104, 18) },
  ];
}
