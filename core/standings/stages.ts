/**
 * Which matches of a season count for its league table. A season can hold more than its
 * league: the Champions League's 2024-25 season is a league phase ("League, Matchday 1" … 8)
 * followed by knockout play-offs ("Playoffs, Matchday 1") and finals ("Finals, Round of 16" …
 * "Finals, Final"), all in one results file. Only the league stage makes the table
 * (docs/decisions/090-pages-that-agree.md).
 *
 * The rule reads the round as the source names it: a round that names a knockout stage does
 * not count; every other round (a league's "Matchday 12", a group, a round with no name, as
 * simulated days have) does.
 */
const KNOCKOUT_ROUND = /^(finals?|play-?offs?|knockout|round of \d+|last \d+|(1\/\d+|quarter|semi)[- ]?finals?|third[- ]place|bronze|relegation)\b/i;

export function countsForTable(round: string | null): boolean {
  if (round === null) return true;
  return !KNOCKOUT_ROUND.test(round.trim());
}
