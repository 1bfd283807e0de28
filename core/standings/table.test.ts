import { describe, expect, it } from 'vitest';
import { STANDINGS_RULES, STANDINGS_RULES_NAMES, TIEBREAK_CRITERIA, isStandingsRulesName } from './rules';
import { computeTable, type TableResult, type TableTeam } from './table';

/**
 * Hand-made tables: each case is built so that exactly one criterion of the chain separates the
 * teams, and says which. Teams are named by letter; ids are their position in the alphabet.
 */
const TEAM_NAMES = ['Adana', 'Bursa', 'Corum', 'Denizli', 'Edirne', 'Fethiye', 'Giresun'] as const;
const TEAMS: TableTeam[] = TEAM_NAMES.map((name, index) => ({ id: index + 1, name }));
const ID = Object.fromEntries(TEAMS.map((team) => [team.name[0], team.id])) as Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G', number>;

/** `"A 2-1 B"`: A at home. */
function results(...lines: string[]): TableResult[] {
  return lines.map((line) => {
    const found = /^([A-G]) (\d+)-(\d+) ([A-G])$/.exec(line);
    if (!found) throw new Error(`bad result line ${line}`);
    const [, home, homeGoals, awayGoals, away] = found;
    return {
      homeTeamId: ID[home as keyof typeof ID],
      awayTeamId: ID[away as keyof typeof ID],
      homeGoals: Number(homeGoals),
      awayGoals: Number(awayGoals),
    };
  });
}

function teams(...letters: (keyof typeof ID)[]): TableTeam[] {
  return letters.map((letter) => TEAMS[ID[letter] - 1]!);
}

/** The table as "letter:points" in order. */
function order(table: ReturnType<typeof computeTable>): string[] {
  return table.map((row) => `${TEAM_NAMES[row.teamId - 1]![0]}:${row.points}`);
}

describe('computeTable: the tally', () => {
  it('counts played, won, drawn, lost, goals and points, and numbers the positions', () => {
    const table = computeTable({
      teams: teams('A', 'B', 'C'),
      results: results('A 2-0 B', 'B 1-1 C', 'C 0-3 A', 'A 1-1 C'),
      rules: 'premier-league',
    });
    expect(table).toEqual([
      { position: 1, teamId: ID.A, played: 3, won: 2, drawn: 1, lost: 0, goalsFor: 6, goalsAgainst: 1, goalDifference: 5, points: 7, deducted: 0, tied: false },
      { position: 2, teamId: ID.C, played: 3, won: 0, drawn: 2, lost: 1, goalsFor: 2, goalsAgainst: 5, goalDifference: -3, points: 2, deducted: 0, tied: false },
      { position: 3, teamId: ID.B, played: 2, won: 0, drawn: 1, lost: 1, goalsFor: 1, goalsAgainst: 3, goalDifference: -2, points: 1, deducted: 0, tied: false },
    ]);
  });

  it('lists a team without a match with zeros and ignores results of teams not in the table', () => {
    const table = computeTable({ teams: teams('A', 'B'), results: results('A 1-0 G', 'G 2-2 B'), rules: 'premier-league' });
    expect(table.map((row) => [row.teamId, row.played, row.points])).toEqual([
      [ID.A, 0, 0],
      [ID.B, 0, 0],
    ]);
  });

  it('is pure: the same input gives the same table, whatever the order of teams and results', () => {
    const input = results('A 1-0 B', 'C 2-2 D', 'B 3-1 C', 'D 0-0 A');
    const first = computeTable({ teams: teams('A', 'B', 'C', 'D'), results: input, rules: 'la-liga' });
    const second = computeTable({ teams: teams('D', 'C', 'B', 'A'), results: [...input].reverse(), rules: 'la-liga' });
    expect(second).toEqual(first);
  });
});

describe('computeTable: each criterion of the chain', () => {
  it('points first: a win is 3, a draw 1, whatever the goals', () => {
    // A: W D D = 5 points, +1. B: W 5-0, D, L = 4 points, +4. C: 4 points, -5.
    const table = computeTable({ teams: teams('A', 'B', 'C'), results: results('A 1-0 C', 'B 5-0 C', 'A 1-1 B', 'C 1-0 B', 'A 0-0 C'), rules: 'premier-league' });
    expect(order(table)).toEqual(['A:5', 'B:4', 'C:4']);
  });

  it('goal difference next (Premier League, Bundesliga)', () => {
    // A and B on 5 points; A +3, B +1.
    const input = results('A 3-0 C', 'B 1-0 C', 'A 0-0 B', 'C 0-0 D', 'D 0-0 A', 'D 0-0 B');
    for (const rules of ['premier-league', 'bundesliga'] as const) {
      const table = computeTable({ teams: teams('A', 'B', 'C', 'D'), results: input, rules });
      expect(order(table).slice(0, 2), rules).toEqual(['A:5', 'B:5']);
      expect(table.slice(0, 2).map((row) => row.goalDifference)).toEqual([3, 1]);
      expect(table[0]?.tied).toBe(false);
    }
  });

  it('goals scored after goal difference', () => {
    // A and B on 3 points and +1: A won 3-2, B 1-0.
    const table = computeTable({ teams: teams('A', 'B', 'C', 'D'), results: results('B 1-0 D', 'A 3-2 C'), rules: 'premier-league' });
    expect(table.slice(0, 2).map((row) => [row.teamId, row.goalsFor])).toEqual([
      [ID.A, 3],
      [ID.B, 1],
    ]);
  });

  it('Premier League: head-to-head points once points, goal difference and goals are level', () => {
    // A: L 0-1 to B, W 2-0, D 1-1 = 4 points, 3-2. B: W 1-0 at A, D 2-2 = 4 points, 3-2.
    const table = computeTable({ teams: teams('A', 'B', 'C', 'D'), results: results('A 0-1 B', 'A 2-0 C', 'A 1-1 D', 'C 2-2 B'), rules: 'premier-league' });
    const a = table.find((row) => row.teamId === ID.A)!;
    const b = table.find((row) => row.teamId === ID.B)!;
    expect([a.points, a.goalDifference, a.goalsFor]).toEqual([4, 1, 3]);
    expect([b.points, b.goalDifference, b.goalsFor]).toEqual([4, 1, 3]);
    expect([b.position, a.position]).toEqual([1, 2]);
    expect([a.tied, b.tied]).toEqual([false, false]);
  });

  it('Premier League: away goals in the meetings after head-to-head points', () => {
    // Both meetings drawn (1-1 at A, 2-2 at B): A scored 2 away, B 1.
    const table = computeTable({ teams: teams('A', 'B'), results: results('A 1-1 B', 'B 2-2 A'), rules: 'premier-league' });
    expect(table.map((row) => [row.teamId, row.points, row.tied])).toEqual([
      [ID.A, 2, false],
      [ID.B, 2, false],
    ]);
  });

  it('La Liga, Serie A and Süper Lig: head-to-head before goal difference', () => {
    // A and B alone on 4 points; B has the far better goal difference (+5 against +1), A won the meeting.
    const input = results('A 1-0 B', 'A 0-0 C', 'B 6-0 D', 'B 1-1 C');
    for (const rules of ['la-liga', 'super-lig', 'serie-a'] as const) {
      const table = computeTable({ teams: teams('A', 'B', 'C', 'D'), results: input, rules });
      expect(table.slice(0, 2).map((row) => [row.teamId, row.points, row.goalDifference]), rules).toEqual([
        [ID.A, 4, 1],
        [ID.B, 4, 5],
      ]);
    }
    // The same results under the English chain: goal difference puts B first.
    expect(computeTable({ teams: teams('A', 'B', 'C', 'D'), results: input, rules: 'premier-league' })[0]?.teamId).toBe(ID.B);
  });

  it('head-to-head goal difference when head-to-head points are level', () => {
    // A and B on 6 points, each won its home meeting: A 3-0, B 1-0 (A +2 in the meetings).
    // Overall B is better: +4 against +3.
    const input = results('A 3-0 B', 'B 1-0 A', 'A 1-0 C', 'C 0-6 B');
    const laLiga = computeTable({ teams: teams('A', 'B', 'C'), results: input, rules: 'la-liga' });
    expect(laLiga.slice(0, 2).map((row) => [row.teamId, row.points, row.goalDifference])).toEqual([
      [ID.A, 6, 3],
      [ID.B, 6, 4],
    ]);
    expect(computeTable({ teams: teams('A', 'B', 'C'), results: input, rules: 'premier-league' })[0]?.teamId).toBe(ID.B);
  });

  it('Süper Lig: head-to-head goals after head-to-head goal difference, before overall goals', () => {
    // A, B, C drew all their meetings (A 3-3 B, B 1-1 C, C 0-0 A) and each beat E by one goal:
    // 5 points and +1 each. Goals in the meetings: B 4, A 3, C 1. Goals overall: C 7, B 5, A 4.
    const input = results('A 3-3 B', 'B 1-1 C', 'C 0-0 A', 'A 1-0 E', 'B 1-0 E', 'C 6-5 E');
    const superLig = computeTable({ teams: teams('A', 'B', 'C', 'E'), results: input, rules: 'super-lig' });
    expect(order(superLig).slice(0, 3)).toEqual(['B:5', 'A:5', 'C:5']);
    const premierLeague = computeTable({ teams: teams('A', 'B', 'C', 'E'), results: input, rules: 'premier-league' });
    expect(order(premierLeague).slice(0, 3)).toEqual(['C:5', 'B:5', 'A:5']);
  });

  it('Bundesliga: away goals in the meetings, then away goals overall', () => {
    // Meetings 1-1 at A and 0-0 at B: B scored its goal away.
    const meetings = computeTable({ teams: teams('A', 'B'), results: results('A 1-1 B', 'B 0-0 A'), rules: 'bundesliga' });
    expect(meetings.map((row) => row.teamId)).toEqual([ID.B, ID.A]);
    // No meeting at all: A won 2-1 away, B 2-1 at home.
    const overall = computeTable({ teams: teams('A', 'B', 'C', 'D'), results: results('C 1-2 A', 'B 2-1 D'), rules: 'bundesliga' });
    expect(overall.slice(0, 2).map((row) => [row.teamId, row.tied])).toEqual([
      [ID.A, false],
      [ID.B, false],
    ]);
  });

  it('UEFA league phase: away goals after goals, no head-to-head', () => {
    // A and B: 4 points, +1, 3 goals. A scored 2 away, B 1.
    const table = computeTable({
      teams: teams('A', 'B', 'C', 'D', 'E', 'F'),
      results: results('C 1-2 A', 'A 1-1 D', 'B 2-1 E', 'F 1-1 B'),
      rules: 'uefa-league-phase',
    });
    expect(table.slice(0, 2).map((row) => [row.teamId, row.points, row.goalDifference, row.goalsFor])).toEqual([
      [ID.A, 4, 1, 3],
      [ID.B, 4, 1, 3],
    ]);
  });

  it('Brasileirão and MLS: wins before goal difference', () => {
    // A and B on 6 points: A one win and three draws (+4), B two wins and a loss (+1).
    const input = results('A 4-0 C', 'A 0-0 D', 'A 0-0 E', 'A 0-0 F', 'B 1-0 C', 'B 1-0 D', 'E 1-0 B');
    const top = (rules: 'premier-league' | 'brasileirao' | 'mls') =>
      computeTable({ teams: teams('A', 'B', 'C', 'D', 'E', 'F'), results: input, rules })
        .slice(0, 2)
        .map((row) => [TEAM_NAMES[row.teamId - 1]![0], row.points, row.won, row.goalDifference]);
    expect(top('premier-league')).toEqual([
      ['A', 6, 1, 4],
      ['B', 6, 2, 1],
    ]);
    for (const rules of ['brasileirao', 'mls'] as const) {
      expect(top(rules), rules).toEqual([
        ['B', 6, 2, 1],
        ['A', 6, 1, 4],
      ]);
    }
  });

  it('UEFA league phase: wins after away goals', () => {
    // A: W 1-0, L 0-1, W 1-0, all at home = 6 points, +1, 2 goals, 0 away, 2 wins.
    // B: W 2-1, D 0-0 three times, all at home = 6 points, +1, 2 goals, 0 away, 1 win.
    const table = computeTable({
      teams: teams('A', 'B', 'C', 'D', 'E'),
      results: results('A 1-0 C', 'A 0-1 D', 'A 1-0 E', 'B 2-1 C', 'B 0-0 D', 'B 0-0 E', 'B 0-0 C'),
      rules: 'uefa-league-phase',
    });
    expect(table.slice(0, 2).map((row) => [row.teamId, row.points, row.goalDifference, row.goalsFor, row.won])).toEqual([
      [ID.A, 6, 1, 2, 2],
      [ID.B, 6, 1, 2, 1],
    ]);
  });

  it('UEFA league phase: away wins last', () => {
    // A: W 1-0 at C, L 1-2 at home. B: W 1-0 at home, L 1-2 at F. Both 3 points, 0, 2 goals,
    // 1 away goal, 1 win; only A won away.
    const table = computeTable({
      teams: teams('A', 'B', 'C', 'D', 'E', 'F'),
      results: results('C 0-1 A', 'A 1-2 D', 'B 1-0 E', 'F 2-1 B'),
      rules: 'uefa-league-phase',
    });
    const a = table.find((row) => row.teamId === ID.A)!;
    const b = table.find((row) => row.teamId === ID.B)!;
    expect([a.points, a.goalDifference, a.goalsFor, a.won]).toEqual([3, 0, 2, 1]);
    expect([b.points, b.goalDifference, b.goalsFor, b.won]).toEqual([3, 0, 2, 1]);
    expect(b.position).toBe(a.position + 1);
    expect([a.tied, b.tied]).toEqual([false, false]);
  });
});

describe('computeTable: the head-to-head mini-league', () => {
  /**
   * A, B and C end level on 12 points. Among themselves A won all four of its meetings, B and C
   * won one each against the other. Outside, B and C beat D, E and F (C by far more); A lost to them.
   *
   *   overall goal difference: A +9, C +5, B +1
   *   mini-league of A, B, C:  A 12 pts; B 3 pts, difference -2; C 3 pts, difference -10
   *   mini-league of B and C only: 3 pts each, difference 0 each
   */
  const threeWay = results(
    'A 1-0 B', 'B 0-1 A', 'A 5-0 C', 'C 0-5 A', 'B 1-0 C', 'C 1-0 B',
    'D 1-0 A', 'E 1-0 A', 'F 1-0 A',
    'B 1-0 D', 'B 1-0 E', 'B 1-0 F',
    'C 5-0 D', 'C 5-0 E', 'C 5-0 F',
  );

  it('forms a three-team mini-league among only the level teams; later head-to-head criteria keep it', () => {
    const table = computeTable({ teams: teams('A', 'B', 'C', 'D', 'E', 'F'), results: threeWay, rules: 'la-liga' });
    expect(order(table).slice(0, 3)).toEqual(['A:12', 'B:12', 'C:12']);
    expect(table.slice(0, 3).map((row) => row.goalDifference)).toEqual([9, 1, 5]);
    // B ahead of C on the goal difference of the three-team mini-league (-2 against -10), even
    // though the two-team one would be level (0 and 0) and C's overall difference is better.
    expect(table.slice(0, 3).every((row) => !row.tied)).toBe(true);
  });

  it('counts only the meetings of the level teams, not their matches against others', () => {
    // Under the English chain the same season is ordered by overall goal difference.
    const table = computeTable({ teams: teams('A', 'B', 'C', 'D', 'E', 'F'), results: threeWay, rules: 'premier-league' });
    expect(order(table).slice(0, 3)).toEqual(['A:12', 'C:12', 'B:12']);
  });

  it('Süper Lig: a three-way tie resolved by mini-league points then mini-league goal difference', () => {
    const table = computeTable({ teams: teams('A', 'B', 'C', 'D', 'E', 'F'), results: threeWay, rules: 'super-lig' });
    expect(table.slice(0, 3).map((row) => row.teamId)).toEqual([ID.A, ID.B, ID.C]);
  });

  it('teams level in the mini-league too are ordered by name and marked tied', () => {
    // FIFA groups: points, goal difference, goals, then head-to-head. A, B, C each won one match
    // 1-0 (A beat B, B beat C, C beat A): level overall and among themselves.
    const table = computeTable({ teams: teams('A', 'B', 'C'), results: results('A 1-0 B', 'B 1-0 C', 'C 1-0 A'), rules: 'fifa-group' });
    // Everything is level, in the mini-league too: the name decides and says so.
    expect(table.map((row) => [row.teamId, row.tied])).toEqual([
      [ID.A, true],
      [ID.B, true],
      [ID.C, true],
    ]);
  });
});

describe('computeTable: deductions', () => {
  it('takes deducted points off the table points and ranks by what is left', () => {
    const input = results('A 1-0 B', 'A 1-0 C', 'B 1-0 C');
    const table = computeTable({
      teams: teams('A', 'B', 'C'),
      results: input,
      deductions: [
        { teamId: ID.A, points: 6 },
        { teamId: ID.A, points: 2 },
      ],
      rules: 'premier-league',
    });
    expect(table.map((row) => [row.teamId, row.points, row.deducted])).toEqual([
      [ID.B, 3, 0],
      [ID.C, 0, 0],
      [ID.A, -2, 8],
    ]);
  });

  it('does not change head-to-head points, and ignores deductions of teams not in the table', () => {
    const table = computeTable({
      teams: teams('A', 'B'),
      results: results('A 1-0 B', 'B 1-0 A'),
      deductions: [{ teamId: ID.G, points: 10 }],
      rules: 'la-liga',
    });
    expect(table.map((row) => row.deducted)).toEqual([0, 0]);
    const deducted = computeTable({
      teams: teams('A', 'B', 'C'),
      // A: 6 pts − 3 = 3; B: 3 pts. Meetings: A won 2-0 at home, lost 0-1 away → h2h A 3, B 3, difference A +1.
      results: results('A 2-0 B', 'B 1-0 A', 'A 1-0 C'),
      deductions: [{ teamId: ID.A, points: 3 }],
      rules: 'la-liga',
    });
    expect(deducted.slice(0, 2).map((row) => [row.teamId, row.points])).toEqual([
      [ID.A, 3],
      [ID.B, 3],
    ]);
  });
});

describe('computeTable: basketball', () => {
  it('orders by wins, then head-to-head, with a win worth 2 and a loss 1 in the points column', () => {
    const table = computeTable({
      teams: teams('A', 'B', 'C'),
      results: results('A 80-75 B', 'B 90-70 C', 'C 88-86 A', 'B 101-99 A', 'C 60-62 A', 'C 70-71 B'),
      rules: 'basketball',
    });
    // A: 2 wins 2 losses; B: 3 wins 1 loss; C: 1 win 3 losses.
    expect(table.map((row) => [row.teamId, row.won, row.lost, row.points])).toEqual([
      [ID.B, 3, 1, 7],
      [ID.A, 2, 2, 6],
      [ID.C, 1, 3, 5],
    ]);
  });

  it('ranks by winning percentage when teams have played unequal numbers of games (part-way through a round)', () => {
    // A 1-0 (1.000), B 3-1 (.750, more wins and more points than A), C 1-1 (.500), D 0-0, E 0-3 (.000).
    const table = computeTable({
      teams: teams('A', 'B', 'C', 'D', 'E'),
      results: results('A 90-80 E', 'B 70-60 C', 'C 88-80 B', 'B 100-90 E', 'E 75-80 B'),
      rules: 'basketball',
    });
    expect(table.map((row) => [TEAM_NAMES[row.teamId - 1]![0], row.won, row.lost])).toEqual([
      ['A', 1, 0],
      ['B', 3, 1],
      ['C', 1, 1],
      ['D', 0, 0],
      ['E', 0, 3],
    ]);
  });

  it('breaks equal records head-to-head before points difference', () => {
    // A and B 2-1 each; A beat B by a point, B has the far bigger margin overall (+69 against -9).
    const table = computeTable({
      teams: teams('A', 'B', 'C', 'D'),
      results: results('A 80-79 B', 'A 70-60 D', 'C 90-70 A', 'D 60-120 B', 'B 80-70 C'),
      rules: 'basketball',
    });
    expect(table.slice(0, 2).map((row) => [row.teamId, row.won, row.goalDifference])).toEqual([
      [ID.A, 2, -9],
      [ID.B, 2, 69],
    ]);
  });
});

describe('computeTable: the last resort', () => {
  it('orders teams level on every criterion by name and marks them tied', () => {
    const table = computeTable({
      teams: [
        { id: 9, name: 'Zonguldak' },
        { id: 3, name: 'Artvin' },
        { id: 5, name: 'Muğla' },
      ],
      results: [],
      rules: 'premier-league',
    });
    expect(table.map((row) => [row.position, row.teamId, row.tied])).toEqual([
      [1, 3, true],
      [2, 5, true],
      [3, 9, true],
    ]);
  });

  it('marks only the teams that are level', () => {
    const table = computeTable({ teams: teams('A', 'B', 'C'), results: results('C 1-0 A'), rules: 'premier-league' });
    expect(table.map((row) => [row.teamId, row.tied])).toEqual([
      [ID.C, false],
      [ID.B, false],
      [ID.A, false],
    ]);
    const level = computeTable({ teams: teams('A', 'B', 'C', 'D'), results: results('C 1-0 D'), rules: 'premier-league' });
    expect(level.map((row) => [row.teamId, row.tied])).toEqual([
      [ID.C, false],
      [ID.A, true],
      [ID.B, true],
      [ID.D, false],
    ]);
  });
});

describe('the chains', () => {
  it('are written down per competition, each naming its source and only known criteria, points first', () => {
    expect(STANDINGS_RULES_NAMES.length).toBeGreaterThanOrEqual(8);
    for (const name of STANDINGS_RULES_NAMES) {
      const rules = STANDINGS_RULES[name];
      expect(rules.name).toBe(name);
      expect(rules.source).not.toBe('');
      for (const criterion of rules.criteria) expect(TIEBREAK_CRITERIA).toContain(criterion);
      expect(new Set(rules.criteria).size).toBe(rules.criteria.length);
    }
    expect(STANDINGS_RULES['premier-league'].criteria.slice(0, 3)).toEqual(['points', 'goalDifference', 'goalsFor']);
    expect(STANDINGS_RULES['la-liga'].criteria.slice(0, 2)).toEqual(['points', 'h2hPoints']);
    expect(STANDINGS_RULES.basketball.criteria.slice(0, 2)).toEqual(['winPercentage', 'wins']);
    expect(isStandingsRulesName('super-lig')).toBe(true);
    expect(isStandingsRulesName('toString')).toBe(false);
    expect(isStandingsRulesName('nonsense')).toBe(false);
  });
});
