import { standingsRules, type StandingsRulesName, type TiebreakCriterion } from './rules';

/** A match that counts for the table: finished or awarded, with its (awarded) score. */
export interface TableResult {
  homeTeamId: number;
  awayTeamId: number;
  homeGoals: number;
  awayGoals: number;
}

/** Points taken off a team by its league (they appear in no results file). */
export interface TableDeduction {
  teamId: number;
  points: number;
}

export interface TableTeam {
  id: number;
  name: string;
}

export interface TableRow {
  position: number;
  teamId: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  goalDifference: number;
  /** after deductions */
  points: number;
  /** points deducted (0 when none) */
  deducted: number;
  /** level with a neighbour on every criterion of the chain; ordered by name as a last resort */
  tied: boolean;
}

interface Tally {
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  awayGoalsFor: number;
  awayWins: number;
}

const EMPTY: Tally = { played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0, awayGoalsFor: 0, awayWins: 0 };

function tally(results: readonly TableResult[], teamIds: ReadonlySet<number>): Map<number, Tally> {
  const tallies = new Map<number, Tally>();
  for (const id of teamIds) tallies.set(id, { ...EMPTY });
  for (const result of results) {
    const home = tallies.get(result.homeTeamId);
    const away = tallies.get(result.awayTeamId);
    if (!home || !away) continue;
    home.played += 1;
    away.played += 1;
    home.goalsFor += result.homeGoals;
    home.goalsAgainst += result.awayGoals;
    away.goalsFor += result.awayGoals;
    away.goalsAgainst += result.homeGoals;
    away.awayGoalsFor += result.awayGoals;
    if (result.homeGoals > result.awayGoals) {
      home.won += 1;
      away.lost += 1;
    } else if (result.homeGoals < result.awayGoals) {
      away.won += 1;
      home.lost += 1;
      away.awayWins += 1;
    } else {
      home.drawn += 1;
      away.drawn += 1;
    }
  }
  return tallies;
}

/**
 * The league table of `teams` from `results`, ordered by the competition's tie-break chain.
 * Results naming a team outside `teams` are ignored. Pure: the same input gives the same table.
 */
export function computeTable(options: {
  teams: readonly TableTeam[];
  results: readonly TableResult[];
  deductions?: readonly TableDeduction[];
  rules: StandingsRulesName;
}): TableRow[] {
  const rules = standingsRules(options.rules);
  const names = new Map(options.teams.map((team) => [team.id, team.name]));
  const ids = new Set(names.keys());
  const overall = tally(options.results, ids);
  const deducted = new Map<number, number>();
  for (const deduction of options.deductions ?? []) {
    if (ids.has(deduction.teamId)) deducted.set(deduction.teamId, (deducted.get(deduction.teamId) ?? 0) + deduction.points);
  }
  const pointsOf = (t: Tally) => t.won * rules.points.win + t.drawn * rules.points.draw + t.lost * rules.points.loss;

  function value(criterion: TiebreakCriterion, teamId: number, mini: Map<number, Tally> | null): number {
    const own = overall.get(teamId)!;
    switch (criterion) {
      case 'points':
        return pointsOf(own) - (deducted.get(teamId) ?? 0);
      case 'goalDifference':
        return own.goalsFor - own.goalsAgainst;
      case 'goalsFor':
        return own.goalsFor;
      case 'wins':
        return own.won;
      case 'winPercentage':
        // Division is correctly rounded, so equal records (1/2 and 2/4) compare equal.
        return own.played === 0 ? 0 : own.won / own.played;
      case 'awayGoalsFor':
        return own.awayGoalsFor;
      case 'awayWins':
        return own.awayWins;
      default: {
        const h2h = mini!.get(teamId)!;
        if (criterion === 'h2hPoints') return pointsOf(h2h);
        if (criterion === 'h2hGoalDifference') return h2h.goalsFor - h2h.goalsAgainst;
        if (criterion === 'h2hGoalsFor') return h2h.goalsFor;
        return h2h.awayGoalsFor;
      }
    }
  }

  const byName = (a: number, b: number) => (names.get(a) ?? '').localeCompare(names.get(b) ?? '', 'en') || a - b;
  const tiedIds = new Set<number>();

  /**
   * Orders `group` (teams level on every criterion before `from`). `league` is the mini-league
   * the previous criterion used when it was a head-to-head one: consecutive head-to-head
   * criteria share the mini-league of the teams level when the first of them was reached, as
   * the regulations word it ("the matches between the clubs concerned"); it is not re-formed
   * among the teams a head-to-head criterion left level.
   */
  function order(group: number[], from: number, league: Map<number, Tally> | null): number[] {
    if (group.length <= 1) return group;
    if (from >= rules.criteria.length) {
      for (const id of group) tiedIds.add(id);
      return group.slice().sort(byName);
    }
    const criterion = rules.criteria[from]!;
    const isHeadToHead = criterion.startsWith('h2h');
    // A mini-league among exactly the teams still level.
    const mini = isHeadToHead ? (league ?? tally(options.results, new Set(group))) : null;
    const values = new Map(group.map((id) => [id, value(criterion, id, mini)]));
    const sorted = group.slice().sort((a, b) => values.get(b)! - values.get(a)!);
    const ordered: number[] = [];
    for (let start = 0; start < sorted.length; ) {
      let end = start + 1;
      while (end < sorted.length && values.get(sorted[end]!) === values.get(sorted[start]!)) end += 1;
      ordered.push(...order(sorted.slice(start, end), from + 1, mini));
      start = end;
    }
    return ordered;
  }

  const ordered = order([...ids].sort((a, b) => a - b), 0, null);
  return ordered.map((teamId, index) => {
    const own = overall.get(teamId)!;
    return {
      position: index + 1,
      teamId,
      played: own.played,
      won: own.won,
      drawn: own.drawn,
      lost: own.lost,
      goalsFor: own.goalsFor,
      goalsAgainst: own.goalsAgainst,
      goalDifference: own.goalsFor - own.goalsAgainst,
      points: pointsOf(own) - (deducted.get(teamId) ?? 0),
      deducted: deducted.get(teamId) ?? 0,
      tied: tiedIds.has(teamId),
    };
  });
}
