import { describe, expect, it } from 'vitest';
import { buildRows, groupByCompetition, type RowSection } from './rows';

type M = { match_id: number; competition_id: number };

function group(competitionId: number, ids: number[]) {
  return { competition_id: competitionId, matches: ids.map((match_id) => ({ match_id, competition_id: competitionId })) };
}

describe('score page rows', () => {
  it('lists each non-empty section with its count, then competitions and their matches', () => {
    const sections: RowSection<M>[] = [
      { id: 'live', groups: [group(1, [10, 11])] },
      { id: 'notStarted', groups: [] },
      { id: 'finished', groups: [group(2, [20]), group(1, [12])] },
    ];
    const { rows, truncated, matchCount } = buildRows(sections);
    expect(rows.map((r) => r.key)).toEqual(['s:live', 'c:live:1', 'm:10', 'm:11', 's:finished', 'c:finished:2', 'm:20', 'c:finished:1', 'm:12']);
    expect(rows[0]).toMatchObject({ kind: 'section', count: 2 });
    expect(truncated).toBe(false);
    expect(matchCount).toBe(4);
  });

  it('stops at the row limit without leaving a heading with no match under it', () => {
    const sections: RowSection<M>[] = [
      { id: 'live', groups: [group(1, [1, 2, 3])] },
      { id: 'finished', groups: [group(2, [4, 5])] },
    ];
    const atSeven = buildRows(sections, 7);
    expect(atSeven.rows.map((r) => r.key)).toEqual(['s:live', 'c:live:1', 'm:1', 'm:2', 'm:3']);
    expect(atSeven.truncated).toBe(true);
    expect(atSeven.matchCount).toBe(5);
    const atEight = buildRows(sections, 8);
    expect(atEight.rows.at(-1)?.key).toBe('m:4');
    expect(atEight.rows.length).toBeLessThanOrEqual(8);
  });

  it('never gives more rows than the virtual list limit of 1000', () => {
    const many = Array.from({ length: 60 }, (_, c) => group(c, Array.from({ length: 20 }, (_, i) => c * 100 + i)));
    const { rows, truncated } = buildRows([{ id: 'notStarted', groups: many }]);
    expect(rows.length).toBeLessThanOrEqual(1000);
    expect(truncated).toBe(true);
  });

  it('groups a flat basketball list by competition in order of first appearance', () => {
    const matches = [
      { match_id: 1, competition_id: 7 },
      { match_id: 2, competition_id: 3 },
      { match_id: 3, competition_id: 7 },
    ];
    expect(groupByCompetition(matches)).toEqual([
      { competition_id: 7, matches: [matches[0], matches[2]] },
      { competition_id: 3, matches: [matches[1]] },
    ]);
  });
});
