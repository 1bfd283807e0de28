import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseNbaPlayoffs, readNbaPlayoffs, splitCsvLine } from './nba-playoffs';

const HEADER = 'SEASON_YEAR,TEAM_ID,TEAM_ABBREVIATION,TEAM_NAME,GAME_ID,GAME_DATE,MATCHUP,WL,PTS';

function csv(rows: string[]): string {
  return `${[HEADER, ...rows].join('\n')}\n`;
}

const ROWS = [
  '2011-12,1610612740,NOH,New Orleans Hornets,0041100101,2012-04-28T00:00:00,NOH @ SAS,L,90',
  '2011-12,1610612759,SAS,San Antonio Spurs,0041100101,2012-04-28T00:00:00,SAS vs. NOH,W,101',
  '2017-18,1610612740,NOP,New Orleans Pelicans,0041700101,2018-04-14T00:00:00,NOP @ POR,W,97',
  '2017-18,1610612757,POR,Portland Trail Blazers,0041700101,2018-04-14T00:00:00,POR vs. NOP,L,95',
  '2017-18,1610612740,NOP,New Orleans Pelicans,0041700102,2018-04-17T00:00:00,NOP @ POR,W,111',
  '2017-18,1610612757,POR,Portland Trail Blazers,0041700102,2018-04-17T00:00:00,POR vs. NOP,L,102',
  // the same game listed twice for both teams
  '2017-18,1610612740,NOP,New Orleans Pelicans,0041700102,2018-04-17T00:00:00,NOP @ POR,W,111',
  '2017-18,1610612757,POR,Portland Trail Blazers,0041700102,2018-04-17T00:00:00,POR vs. NOP,L,102',
];

const tempDir = mkdtempSync(path.join(tmpdir(), 'nba-playoffs-'));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

describe('parseNbaPlayoffs', () => {
  const records = parseNbaPlayoffs(csv(ROWS));

  it('joins a renamed franchise by TEAM_ID under its latest abbreviation and name', () => {
    expect(records.has('NOH')).toBe(false);
    expect(records.get('NOP')).toEqual({
      teamId: '1610612740',
      abbreviation: 'NOP',
      name: 'New Orleans Pelicans',
      games: 3,
      wins: 2,
      losses: 1,
    });
  });

  it('counts a game listed twice once', () => {
    expect(records.get('POR')).toMatchObject({ games: 2, wins: 0, losses: 2 });
    expect(records.get('SAS')).toMatchObject({ games: 1, wins: 1, losses: 0 });
  });

  it('keys the map by abbreviation, sorted', () => {
    expect([...records.keys()]).toEqual(['NOP', 'POR', 'SAS']);
  });

  it('reads Windows line ends and quoted fields', () => {
    const text = csv([
      '2011-12,1610612740,NOH,"New Orleans Hornets, LLC",0041100101,2012-04-28T00:00:00,NOH @ SAS,L,90',
    ]).replace(/\n/g, '\r\n');
    expect(parseNbaPlayoffs(text).get('NOH')).toMatchObject({ name: 'New Orleans Hornets, LLC', games: 1, wins: 0 });
  });

  it('rejects a missing column, a bad WL and a game that is both won and lost', () => {
    expect(() => parseNbaPlayoffs('TEAM_ID,GAME_ID,WL\n1,2,W\n')).toThrow(/TEAM_ABBREVIATION/);
    expect(() => parseNbaPlayoffs(csv(['2011-12,1,AAA,A,0041,2012-04-28,AAA @ BBB,,90']))).toThrow(/WL/);
    expect(() =>
      parseNbaPlayoffs(
        csv(['2011-12,1,AAA,A,0041,2012-04-28,AAA @ BBB,W,90', '2011-12,1,AAA,A,0041,2012-04-28,AAA @ BBB,L,90']),
      ),
    ).toThrow(/both W and L/);
  });

  it('is empty for a file with only a header', () => {
    expect(parseNbaPlayoffs(csv([])).size).toBe(0);
  });

  it('reads the same from a file', () => {
    const file = path.join(tempDir, 'playoffs.csv');
    writeFileSync(file, csv(ROWS));
    expect(readNbaPlayoffs(file)).toEqual(records);
  });
});

describe('splitCsvLine', () => {
  it('splits on commas outside quotes and unescapes doubled quotes', () => {
    expect(splitCsvLine('a,b,,c')).toEqual(['a', 'b', '', 'c']);
    expect(splitCsvLine('"a, b","say ""hi""",c')).toEqual(['a, b', 'say "hi"', 'c']);
  });
});
