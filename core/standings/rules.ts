/**
 * Tie-break chains of league tables. Each competition names one chain in its configuration
 * (the catalog's `standingsRules`, or `--rules` on import); the table is sorted by the chain's
 * criteria in order, and teams still level share nothing: the last resort is the team name,
 * which keeps the order stable and is said so in the row (`tied`).
 *
 * Head-to-head criteria compare only the matches among the teams that are level on every
 * earlier criterion (a "mini-league"), as the leagues that use them do. Consecutive head-to-head
 * criteria share one mini-league: the one of the teams level when the first was reached
 * (docs/decisions/050-standings-and-imports.md).
 */
export const TIEBREAK_CRITERIA = [
  'points',
  'goalDifference',
  'goalsFor',
  'wins',
  /** wins per match played (0 before the first): what basketball leagues rank by when teams have played unequal numbers of games */
  'winPercentage',
  'awayGoalsFor',
  'awayWins',
  'h2hPoints',
  'h2hGoalDifference',
  'h2hGoalsFor',
  'h2hAwayGoalsFor',
] as const;
export type TiebreakCriterion = (typeof TIEBREAK_CRITERIA)[number];

export interface StandingsRules {
  name: string;
  /** points for a win, a draw, a loss */
  points: { win: number; draw: number; loss: number };
  criteria: readonly TiebreakCriterion[];
  /** where the chain is written down by the competition itself */
  source: string;
}

const THREE_POINTS = { win: 3, draw: 1, loss: 0 } as const;

export const STANDINGS_RULES = {
  /** Premier League handbook, section C.17: points, goal difference, goals scored, then head-to-head */
  'premier-league': {
    name: 'premier-league',
    points: THREE_POINTS,
    criteria: ['points', 'goalDifference', 'goalsFor', 'h2hPoints', 'h2hAwayGoalsFor'],
    source: 'Premier League Handbook, rule C.17',
  },
  /** DFL Spielordnung §4: points, goal difference, goals scored, head-to-head, away goals in head-to-head, away goals */
  bundesliga: {
    name: 'bundesliga',
    points: THREE_POINTS,
    criteria: ['points', 'goalDifference', 'goalsFor', 'h2hPoints', 'h2hGoalDifference', 'h2hAwayGoalsFor', 'awayGoalsFor'],
    source: 'DFL Spielordnung, §4',
  },
  /** RFEF/LaLiga: points, head-to-head points, head-to-head goal difference, goal difference, goals scored */
  'la-liga': {
    name: 'la-liga',
    points: THREE_POINTS,
    criteria: ['points', 'h2hPoints', 'h2hGoalDifference', 'goalDifference', 'goalsFor'],
    source: 'RFEF General Regulations, article 201',
  },
  /** TFF Süper Lig: points, head-to-head points, head-to-head goal difference, head-to-head goals, goal difference, goals scored */
  'super-lig': {
    name: 'super-lig',
    points: THREE_POINTS,
    criteria: ['points', 'h2hPoints', 'h2hGoalDifference', 'h2hGoalsFor', 'goalDifference', 'goalsFor'],
    source: 'TFF Professional Football Leagues instruction, article 21',
  },
  /** Lega Serie A (from 2022-23): points, head-to-head points, head-to-head goal difference, goal difference, goals scored */
  'serie-a': {
    name: 'serie-a',
    points: THREE_POINTS,
    criteria: ['points', 'h2hPoints', 'h2hGoalDifference', 'goalDifference', 'goalsFor'],
    source: 'Lega Serie A regulations, 2022-23 onwards',
  },
  /** UEFA club competitions league phase (2024-25): points, goal difference, goals, away goals, wins, away wins */
  'uefa-league-phase': {
    name: 'uefa-league-phase',
    points: THREE_POINTS,
    criteria: ['points', 'goalDifference', 'goalsFor', 'awayGoalsFor', 'wins', 'awayWins'],
    source: 'UEFA Champions League regulations 2024-25, article 18',
  },
  /**
   * Brasileirão Série A (CBF): points, then wins, goal difference, goals scored and the meetings
   * of the level clubs. The CBF's further criteria (fewer red cards, then yellow cards, then a
   * draw) need card counts the table does not keep: clubs level that far are marked tied.
   */
  brasileirao: {
    name: 'brasileirao',
    points: THREE_POINTS,
    criteria: ['points', 'wins', 'goalDifference', 'goalsFor', 'h2hPoints', 'h2hGoalDifference', 'h2hGoalsFor'],
    source: 'CBF, Regulamento Específico do Campeonato Brasileiro Série A, critérios de desempate',
  },
  /**
   * Major League Soccer: points, then wins, goal difference, goals scored. MLS ranks by conference
   * and goes on with fewer disciplinary points, then away and home goals; the table here is the
   * whole league and keeps no disciplinary points, so clubs level after goals are marked tied.
   */
  mls: {
    name: 'mls',
    points: THREE_POINTS,
    criteria: ['points', 'wins', 'goalDifference', 'goalsFor'],
    source: 'MLS Competition Guidelines, tiebreaker procedures',
  },
  /** FIFA World Cup groups: points, goal difference, goals scored, then head-to-head among the level teams */
  'fifa-group': {
    name: 'fifa-group',
    points: THREE_POINTS,
    criteria: ['points', 'goalDifference', 'goalsFor', 'h2hPoints', 'h2hGoalDifference', 'h2hGoalsFor'],
    source: 'FIFA World Cup regulations, article 32',
  },
  /**
   * Basketball: winning percentage, then wins, then head-to-head (a win 2, a loss 1 in FIBA's
   * points column). With equal games played the percentage orders as wins and FIBA's points do;
   * part-way through, when teams have played unequal numbers of games, it is what the NBA ranks
   * by (a 1-0 team above a 1-1 team) — docs/decisions/090-pages-that-agree.md.
   */
  basketball: {
    name: 'basketball',
    points: { win: 2, draw: 0, loss: 1 },
    criteria: ['winPercentage', 'wins', 'h2hPoints', 'h2hGoalDifference', 'goalDifference', 'goalsFor'],
    source: 'FIBA Internal Regulations, D.1.6; NBA standings by winning percentage',
  },
} as const satisfies Record<string, StandingsRules>;

export type StandingsRulesName = keyof typeof STANDINGS_RULES;
export const STANDINGS_RULES_NAMES = Object.keys(STANDINGS_RULES) as StandingsRulesName[];

export function isStandingsRulesName(value: string): value is StandingsRulesName {
  return Object.hasOwn(STANDINGS_RULES, value);
}

export function standingsRules(name: StandingsRulesName): StandingsRules {
  return STANDINGS_RULES[name];
}
