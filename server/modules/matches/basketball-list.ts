import type { BasketballData, BasketballMatch, Competition } from '../../../core/contracts/matches';
import type { Locale } from '../../../core/locale';
import { basketballListKind } from '../../../core/match/status';
import { compareCompetitions, toBasketballMatch, toCompetition } from './match-mappers';
import type { MatchRow } from './match-rows';

/**
 * Builds the basketball answer of section 7 from one day's rows: live (2–9), waiting (0, 1 and
 * 11–15, which the browser shows as finished) and ended (10). Each list runs competition by
 * competition in display order, in kick-off order within one.
 */
export function buildBasketballList(rows: MatchRow[], options: { locale: Locale }): BasketballData {
  const compare = compareCompetitions(options.locale);
  const firstRows = new Map<number, MatchRow>();
  for (const row of rows) if (!firstRows.has(row.competitionId)) firstRows.set(row.competitionId, row);
  const order = [...firstRows.values()].sort(compare);
  const rank = new Map(order.map((row, index) => [row.competitionId, index]));

  // A stable sort by competition keeps the rows' kick-off order inside each competition.
  const sorted = [...rows].sort((a, b) => (rank.get(a.competitionId) ?? 0) - (rank.get(b.competitionId) ?? 0));
  const matchIngList: BasketballMatch[] = [];
  const matchWaitList: BasketballMatch[] = [];
  const matchEndList: BasketballMatch[] = [];
  for (const row of sorted) {
    const kind = basketballListKind(row.statusId);
    const list = kind === 'live' ? matchIngList : kind === 'finished' ? matchEndList : matchWaitList;
    list.push(toBasketballMatch(row));
  }
  const competitionList: Competition[] = order.map((row) => toCompetition(row, options.locale));
  return { competitionList, matchIngList, matchWaitList, matchEndList };
}
