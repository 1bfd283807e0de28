import { readFileSync } from 'node:fs';

/**
 * Playoff records per NBA franchise from NocturneBear/NBA-Data-2010-2024
 * `play_off_totals_2010_2024.csv`: one team box-score row per playoff game, with `TEAM_ID`,
 * `TEAM_ABBREVIATION`, `TEAM_NAME`, `GAME_ID`, `GAME_DATE` and `WL` among many columns.
 */

export interface NbaPlayoffRecord {
  /** NBA.com team id: stays the same when a franchise is renamed */
  teamId: string;
  /** abbreviation in the franchise's latest game in the file (NOP, not NOH) */
  abbreviation: string;
  /** name in the franchise's latest game in the file */
  name: string;
  games: number;
  wins: number;
  losses: number;
}

const REQUIRED_COLUMNS = ['TEAM_ID', 'TEAM_ABBREVIATION', 'TEAM_NAME', 'GAME_ID', 'GAME_DATE', 'WL'] as const;
type Column = (typeof REQUIRED_COLUMNS)[number];
type Row = Record<Column, string>;

/** Splits one CSV line; handles double-quoted fields with `""` escapes. */
export function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else {
      field += char;
    }
  }
  fields.push(field);
  return fields;
}

function readRows(text: string): Row[] {
  const lines = text.split(/\r?\n/u).filter((line) => line.trim() !== '');
  const header = splitCsvLine(lines[0] ?? '');
  const positions = REQUIRED_COLUMNS.map((column) => {
    const position = header.indexOf(column);
    if (position < 0) throw new Error(`NBA playoff CSV: no ${column} column`);
    return [column, position] as const;
  });
  return lines.slice(1).map((line) => {
    const fields = splitCsvLine(line);
    const row = {} as Row;
    for (const [column, position] of positions) row[column] = (fields[position] ?? '').trim();
    return row;
  });
}

/**
 * Playoff wins and losses per franchise, keyed by the abbreviation it carries in its latest
 * game in the file (sorted by key). Rules:
 * - franchises are joined by `TEAM_ID`, so a renamed franchise (New Orleans Hornets → Pelicans,
 *   Charlotte Bobcats → Hornets) is one record under its latest abbreviation and name;
 * - each game counts once per team: rows repeating a `GAME_ID` for the same team are
 *   duplicates (the file lists some games with four rows instead of two); a repeated row
 *   that disagrees on `WL` is an error;
 * - `WL` must be `W` or `L`.
 */
export function parseNbaPlayoffs(text: string): Map<string, NbaPlayoffRecord> {
  const outcomes = new Map<string, Map<string, 'W' | 'L'>>();
  const latest = new Map<string, Row>();
  for (const row of readRows(text)) {
    if (row.WL !== 'W' && row.WL !== 'L') {
      throw new Error(`NBA playoff CSV: game ${row.GAME_ID} of team ${row.TEAM_ID} has WL "${row.WL}"`);
    }
    const games = outcomes.get(row.TEAM_ID) ?? new Map<string, 'W' | 'L'>();
    outcomes.set(row.TEAM_ID, games);
    const seen = games.get(row.GAME_ID);
    if (seen !== undefined && seen !== row.WL) {
      throw new Error(`NBA playoff CSV: game ${row.GAME_ID} of team ${row.TEAM_ID} is both W and L`);
    }
    games.set(row.GAME_ID, row.WL);
    const previous = latest.get(row.TEAM_ID);
    if (!previous || row.GAME_DATE >= previous.GAME_DATE) latest.set(row.TEAM_ID, row);
  }

  const records: NbaPlayoffRecord[] = [];
  for (const [teamId, games] of outcomes) {
    const last = latest.get(teamId);
    if (!last) continue;
    const wins = [...games.values()].filter((outcome) => outcome === 'W').length;
    records.push({
      teamId,
      abbreviation: last.TEAM_ABBREVIATION,
      name: last.TEAM_NAME,
      games: games.size,
      wins,
      losses: games.size - wins,
    });
  }
  records.sort((a, b) => (a.abbreviation < b.abbreviation ? -1 : a.abbreviation > b.abbreviation ? 1 : 0));
  const byAbbreviation = new Map<string, NbaPlayoffRecord>();
  for (const record of records) {
    if (byAbbreviation.has(record.abbreviation)) {
      throw new Error(`NBA playoff CSV: two franchises end as ${record.abbreviation}`);
    }
    byAbbreviation.set(record.abbreviation, record);
  }
  return byAbbreviation;
}

/** Reads the NocturneBear playoff CSV; see {@link parseNbaPlayoffs}. */
export function readNbaPlayoffs(file: string): Map<string, NbaPlayoffRecord> {
  return parseNbaPlayoffs(readFileSync(file, 'utf8'));
}
