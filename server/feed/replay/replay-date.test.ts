import { describe, expect, it } from 'vitest';
import { parseReplayDate } from './replay-date';
import { toCatalogTeamName } from './statsbomb/team-aliases';

describe('the real date a replay keeps (--date)', () => {
  it('reads a kick-off with its zone, and a day alone as noon UTC', () => {
    expect(new Date(parseReplayDate('2018-09-23T20:45+02:00') * 1000).toISOString()).toBe('2018-09-23T18:45:00.000Z');
    expect(new Date(parseReplayDate('2018-07-15T15:00Z') * 1000).toISOString()).toBe('2018-07-15T15:00:00.000Z');
    expect(new Date(parseReplayDate('2021-07-11T21:00:00+01:00') * 1000).toISOString()).toBe('2021-07-11T20:00:00.000Z');
    expect(new Date(parseReplayDate('2018-09-23') * 1000).toISOString()).toBe('2018-09-23T12:00:00.000Z');
  });

  it('refuses other forms, a time without its zone and days that do not exist', () => {
    for (const text of ['23/09/2018', '2018-09-23 20:45', '2018-09-23T20:45', '2018-02-30', '2018-02-30T20:00Z', 'yesterday', '']) {
      expect(() => parseReplayDate(text), text).toThrow(/^--date must be a day \(2018-09-23\) or a kick-off with its zone/);
    }
  });
});

describe('national-team names of other sources', () => {
  it('join the catalogue national teams (openfootball World Cup names)', () => {
    expect(toCatalogTeamName('United States')).toBe('USA');
    expect(toCatalogTeamName('Korea Republic')).toBe('South Korea');
    expect(toCatalogTeamName("Côte d'Ivoire")).toBe('Ivory Coast');
    expect(toCatalogTeamName('France')).toBe('France');
  });
});
