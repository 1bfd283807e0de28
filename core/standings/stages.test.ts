import { describe, expect, it } from 'vitest';
import { countsForTable } from './stages';

describe('countsForTable: only the league stage makes the table', () => {
  it('counts league rounds, matchdays, groups and rounds with no name (simulated days)', () => {
    for (const round of ['League, Matchday 1', 'League, Matchday 8', 'Matchday 12', 'Round 3', 'Group A', ' Matchday 1 ', null]) {
      expect(countsForTable(round), String(round)).toBe(true);
    }
  });

  it('leaves out knockout rounds as openfootball and other sources name them', () => {
    for (const round of [
      'Playoffs, Matchday 1',
      'Playoffs, Matchday 2',
      'Finals, Round of 16',
      'Finals, Quarterfinals',
      'Finals, Semifinals',
      'Finals, Final',
      'Final',
      'Round of 16',
      'Quarter-finals',
      'Semi-finals',
      'Quarterfinal',
      'Play-off',
      'Knockout round play-offs',
      'Third place play-off',
      'Third place',
      'Relegation play-off',
    ]) {
      expect(countsForTable(round), round).toBe(false);
    }
  });
});
