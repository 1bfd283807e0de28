import { describe, expect, it } from 'vitest';
import { footballTxtToSeason } from './football-txt';

function seasonOf(text: string) {
  const read = footballTxtToSeason(text);
  if ('problems' in read) throw new Error(JSON.stringify(read.problems));
  return read.season as { name: string; matches: Record<string, unknown>[] };
}

describe('Football.TXT read as football.json', () => {
  it('reads the title, rounds, dates, times and results, with the line above’s time when a line has none', () => {
    const season = seasonOf(
      [
        '= Türkiye Kupasi 2024/25',
        '# Teams      139',
        '▪ Round 2',
        '  Tue Oct 8 2024',
        '    13:00  Kilis Belediyespor      v Balıkesirspor            2-0',
        '    15:00  Zonguldakspor FK        v Kırıkkale FK             2-4 a.e.t.',
        '           Fethiyespor             v Düzcespor                4-3 pen.',
        '  Thu Oct 10',
        '    13:00  Osmaniyespor 2011       v Diyarbekirspor           3-0    [awarded]',
        '» Matchday 1',
        '  Wed Jan/28 2026',
        '    19.30  EC Bahia                v Chapecoense AF           [postponed]',
        '           Botafogo FR             v EC Vitória',
      ].join('\n'),
    );
    expect(season.name).toBe('Türkiye Kupasi 2024/25');
    expect(season.matches).toEqual([
      { round: 'Round 2', date: '2024-10-08', time: '13:00', team1: 'Kilis Belediyespor', team2: 'Balıkesirspor', score: { ft: [2, 0] } },
      { round: 'Round 2', date: '2024-10-08', time: '15:00', team1: 'Zonguldakspor FK', team2: 'Kırıkkale FK', score: { et: [2, 4] } },
      { round: 'Round 2', date: '2024-10-08', time: '15:00', team1: 'Fethiyespor', team2: 'Düzcespor', score: { p: [4, 3] } },
      { round: 'Round 2', date: '2024-10-10', time: '13:00', team1: 'Osmaniyespor 2011', team2: 'Diyarbekirspor', score: { ft: [3, 0] }, status: 'awarded' },
      { round: 'Matchday 1', date: '2026-01-28', time: '19:30', team1: 'EC Bahia', team2: 'Chapecoense AF', score: {}, status: 'postponed' },
      { round: 'Matchday 1', date: '2026-01-28', time: '19:30', team1: 'Botafogo FR', team2: 'EC Vitória', score: {} },
    ]);
  });

  it('gives a date without its year the year whose day has the weekday written, nearest the last date', () => {
    const season = seasonOf(
      ['= Cup 2024/25', '▪ Group C', '  Thu Feb 27 2025', '    19:00  A  v B  0-0', '▪ Group D', '  Tue Jan 7', '    19:00  C  v D  0-1 (0-1)', '  Sat Dec 28', '    C  v A  1-1'].join('\n'),
    );
    expect(season.matches.map((match) => match.date)).toEqual(['2025-02-27', '2025-01-07', '2024-12-28']);
    // A time is not carried over to another day: the match has no time (noon local when imported).
    expect(season.matches[2]).not.toHaveProperty('time');
  });

  it('names each line it cannot read by its number and text', () => {
    const read = footballTxtToSeason(['= Cup 2024/25', '▪ Round 1', '  Sun Feb 9', '    19:00  A  v B  2-1', '  A beat B', '  Tue Oct 8 2024', '    A  v B  2:1'].join('\n'));
    expect(read).toEqual({
      problems: [
        { input: 'file', path: 'line 3', message: 'imports.txt.yearUnknown', params: { line: 'Sun Feb 9' } },
        { input: 'file', path: 'line 4 (A v B)', message: 'imports.txt.noDate', params: { line: '19:00  A  v B  2-1' } },
        { input: 'file', path: 'line 5', message: 'imports.txt.unreadable', params: { line: 'A beat B' } },
        { input: 'file', path: 'line 7 (A v B  2:1, 2024-10-08, Round 1)', message: 'imports.txt.unreadable', params: { line: 'A  v B  2:1' } },
      ],
    });
  });
});
