import { VIRTUAL_LIST_ITEM_LIMIT } from '../../../core/constants';
import { countMatches } from '../../../core/match/lists';

/**
 * The flat row list a score page renders: a heading per section (live, not started, …), a
 * heading per competition, then its matches. Flat so that one window virtualiser handles the
 * whole page, however the matches are grouped.
 */

export type SectionId = 'live' | 'notStarted' | 'finished' | 'other';

export interface RowGroup<M> {
  competition_id: number;
  matches: readonly M[];
}

export interface RowSection<M> {
  id: SectionId;
  groups: readonly RowGroup<M>[];
}

export type ListRow<M> =
  | { kind: 'section'; key: string; section: SectionId; count: number }
  | { kind: 'competition'; key: string; section: SectionId; competitionId: number }
  | { kind: 'match'; key: string; section: SectionId; match: M };

export interface BuiltRows<M> {
  rows: ListRow<M>[];
  /** true when rows were cut at the limit */
  truncated: boolean;
  /** matches in all sections, shown or not */
  matchCount: number;
}

/**
 * Rows of the given sections, in order. Empty sections are left out (the page shows one empty
 * state instead of four empty headings). At most `limit` rows (section 9's virtual list item
 * limit): past it the rows stop, and the page says so.
 */
export function buildRows<M extends { match_id: number }>(
  sections: readonly RowSection<M>[],
  limit: number = VIRTUAL_LIST_ITEM_LIMIT,
): BuiltRows<M> {
  const rows: ListRow<M>[] = [];
  let matchCount = 0;
  let truncated = false;
  for (const section of sections) {
    const count = countMatches(section.groups);
    matchCount += count;
    if (count === 0 || truncated) continue;
    const candidate: ListRow<M>[] = [{ kind: 'section', key: `s:${section.id}`, section: section.id, count }];
    for (const group of section.groups) {
      if (group.matches.length === 0) continue;
      candidate.push({
        kind: 'competition',
        key: `c:${section.id}:${group.competition_id}`,
        section: section.id,
        competitionId: group.competition_id,
      });
      for (const match of group.matches) {
        candidate.push({ kind: 'match', key: `m:${match.match_id}`, section: section.id, match });
      }
    }
    const room = limit - rows.length;
    if (candidate.length > room) {
      truncated = true;
      // A heading with nothing under it would mislead: cut back to the last match.
      let cut = candidate.slice(0, Math.max(0, room));
      while (cut.length > 0 && cut[cut.length - 1]!.kind !== 'match') cut = cut.slice(0, -1);
      rows.push(...cut);
    } else {
      rows.push(...candidate);
    }
  }
  return { rows, truncated, matchCount };
}

/** Groups a flat match list by competition, in order of first appearance (basketball lists are flat). */
export function groupByCompetition<M extends { competition_id: number }>(matches: readonly M[]): RowGroup<M>[] {
  const groups: { competition_id: number; matches: M[] }[] = [];
  const indexOf = new Map<number, number>();
  for (const match of matches) {
    const at = indexOf.get(match.competition_id);
    if (at === undefined) {
      indexOf.set(match.competition_id, groups.length);
      groups.push({ competition_id: match.competition_id, matches: [match] });
    } else {
      groups[at]!.matches.push(match);
    }
  }
  return groups;
}
