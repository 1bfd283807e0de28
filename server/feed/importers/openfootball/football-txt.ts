import { parseTxtResult, txtDateMs } from '../../../catalog/build/football-results';
import type { ImportProblem } from './import-error';

/**
 * openfootball's Football.TXT seasons (openfootball/europe, /world, /south-america), read into
 * the football.json shape so that they go through the same checks, rows and writes:
 *
 *   = Türkiye Kupasi 2024/25
 *   ▪ Group D                    (or `» Matchday 1`)
 *     Tue Feb 4 2025             (the year only when it changes; `Wed Jan/28 2026` in south-america)
 *       13:00  Kocaelispor  v Sivasspor  3-0 (0-1)
 *              Beşiktaş     v Kırklarelispor  2-0 (0-0)     (no time: the line above's)
 *
 * A result is `F-F (H-H)`, `E-E a.e.t. (F-F, H-H)`, `P-P pen. …`, with `[awarded]` or
 * `[postponed]`; a fixture not yet played has none and may have no time. Times are local to
 * the league. `#` lines are comments. Pure: no I/O.
 */

const TITLE = /^=\s*(.+?)\s*$/u;
const ROUND = /^[▪»]\s*(.+?)\s*$/u;
const DATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\s+(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[ /](\d{1,2})(?:\s+(\d{4}))?$/u;
/** `[hh:mm|hh.mm]  Home  v Away  [result]` */
const MATCH = /^(?:(\d{1,2})[:.](\d{2})\s+)?(.+?)\s+v\s+(.+)$/u;
/** The away team ends where the result starts: the first `N-N` or `[status]` after a space. */
const AWAY_AND_RESULT = /^(.+?)\s+(\d+-\d+.*|\[[a-z]+\].*)$/u;

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The date of a date line (the shared rule, txtDateMs). */
function dateOf(found: RegExpExecArray, last: { ms: number } | null): number | null {
  return txtDateMs({ weekday: found[1]!, month: found[2]!, day: Number(found[3]), year: found[4] ? Number(found[4]) : undefined }, last?.ms ?? null);
}

/**
 * A Football.TXT season as football.json would write it (`{name, matches:[…]}`), or the
 * problems of the lines it cannot read, each named by its line number and text.
 */
export function footballTxtToSeason(text: string): { season: unknown } | { problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const matches: Record<string, unknown>[] = [];
  let name = '';
  let round = '';
  let last: { ms: number } | null = null;
  let date: string | null = null;
  let time: string | undefined;
  const lines = text.split(/\r?\n/u);
  lines.forEach((raw, index) => {
    const line = raw.trim();
    const where = `line ${index + 1}`;
    if (line === '' || line.startsWith('#')) return;
    const title = TITLE.exec(line);
    if (title) {
      name = title[1]!;
      return;
    }
    const header = ROUND.exec(line);
    if (header) {
      round = header[1]!;
      return;
    }
    const dateLine = DATE.exec(line);
    if (dateLine) {
      const ms = dateOf(dateLine, last);
      if (ms === null) problems.push({ input: 'file', path: where, message: 'imports.txt.yearUnknown', params: { line } });
      else last = { ms };
      date = ms === null ? null : isoDay(ms);
      time = undefined;
      return;
    }
    const match = MATCH.exec(line);
    if (!match) {
      problems.push({ input: 'file', path: where, message: 'imports.txt.unreadable', params: { line } });
      return;
    }
    if (match[1] !== undefined) time = `${match[1].padStart(2, '0')}:${match[2]}`;
    const home = match[3]!.trim();
    const tail = match[4]!.trim();
    const split = AWAY_AND_RESULT.exec(tail);
    const away = (split?.[1] ?? tail).trim();
    let result: ReturnType<typeof parseTxtResult>;
    try {
      // "B  2:1": a score written otherwise would pass for part of the team's name.
      if (/\s\d+\s*[:.]\s*\d+$/u.test(away)) throw new Error('a score that is not N-N');
      result = parseTxtResult(split?.[2] ?? '');
    } catch {
      problems.push({ input: 'file', path: `${where} (${home} v ${away}, ${date ?? '?'}, ${round || '?'})`, message: 'imports.txt.unreadable', params: { line } });
      return;
    }
    if (date === null) {
      problems.push({ input: 'file', path: `${where} (${home} v ${away})`, message: 'imports.txt.noDate', params: { line } });
      return;
    }
    matches.push({
      round: round || '?',
      date,
      ...(time !== undefined ? { time } : {}),
      team1: home,
      team2: away,
      score: { ...result.score },
      ...(result.status ? { status: result.status } : {}),
    });
  });
  if (problems.length > 0) return { problems };
  return { season: { name, matches } };
}
