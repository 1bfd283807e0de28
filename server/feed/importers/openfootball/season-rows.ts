import type { FootballScoreColumns } from '../../../../core/match/score-details';
import { FOOTBALL_STATUS } from '../../../../core/match/status';
import type { ImportWarning } from '../../../../core/contracts/imports';
import { splitCountrySuffix } from '../../../catalog/build/football-results';
import { isAwardedOverHalfTime, type OpenfootballSeason } from './football-json';
import { describeMatch, type ImportProblem } from './import-error';
import { kickOffUtc } from './zoned-time';

/**
 * The pure half of an openfootball import: from a file's name and its validated content to the
 * rows the database will hold. No I/O; the clock is a parameter.
 */

const SEASON_FOLDER = /^\d{4}(-\d{2})?$/;
/** Football.TXT names: `2024-25_trcup.txt`, `2025_cn1.txt`, `2025_mls.txt` — the season, then the league. */
const TXT_NAME = /^(\d{4}(?:-\d{2})?)_(.+)$/;

/** A Football.TXT league name as football.json codes it: `tr1` → `tr.1`, `trcup` → `tr.cup`, `mls` stays. */
function codeOfTxtName(name: string): string {
  const found = /^([a-z]{2})(\d+|cup)$/i.exec(name);
  return found ? `${found[1]}.${found[2]}`.toLowerCase() : name;
}

/**
 * `2023-24/en.1.json` → code `en.1`, folder `2023-24`, format json; `2024-25_trcup.txt` → code
 * `tr.cup`, folder `2024-25`, format txt (Football.TXT). A name without a season has folder null.
 */
export function readFileName(fileName: string): { code: string; folder: string | null; format: 'json' | 'txt' } | null {
  const parts = fileName.replace(/\\/g, '/').split('/').filter((part) => part !== '');
  const base = parts.at(-1) ?? '';
  const parent = parts.at(-2) ?? '';
  const folder = SEASON_FOLDER.test(parent) ? parent : null;
  if (/\.txt$/i.test(base) && base.length > 4) {
    const stem = base.slice(0, -4);
    const named = TXT_NAME.exec(stem);
    return named ? { code: codeOfTxtName(named[2]!), folder: named[1]!, format: 'txt' } : { code: codeOfTxtName(stem), folder, format: 'txt' };
  }
  if (!/\.json$/i.test(base) || base.length <= 5) return null;
  return { code: base.slice(0, -5), folder, format: 'json' };
}

const SEASON_NAME = /^(\d{4})(?:\/(\d{2}))?$/;

/** "2023/24" → "2023-24" (the folder openfootball keeps it in), "2026" → "2026". */
export function seasonFolderOf(seasonName: string): string {
  return seasonName.replace('/', '-');
}

/**
 * The season's name ("2023/24", or "2026" for a one-year competition): the option when given,
 * else the file's folder (`2023-24/`), else the end of the file's `name` ("… 2023/24").
 * Null when none says; an option that is not a season name is a problem.
 */
export function seasonNameOf(options: { option?: string; folder: string | null; fileTitle: string }): string | ImportProblem | null {
  if (options.option !== undefined) {
    const option = options.option.trim().replace('-', '/');
    return SEASON_NAME.test(option) ? option : { input: 'season', path: '', message: 'imports.season.invalid' };
  }
  if (options.folder) return options.folder.replace('-', '/');
  const title = /(\d{4})(?:[/-](\d{2}))?\s*$/.exec(options.fileTitle);
  if (!title) return null;
  return title[2] ? `${title[1]}/${title[2]}` : title[1]!;
}

/** The competition's name without the season: "English Premier League 2023/24" → "English Premier League". */
export function competitionTitleOf(fileTitle: string): string {
  return fileTitle.replace(/\s*\d{4}(?:[/-]\d{2})?\s*$/, '').trim() || fileTitle;
}

export interface MatchRow extends FootballScoreColumns {
  /** position in the file's `matches` */
  index: number;
  externalKey: string;
  round: string;
  /** team names as the database keeps them (country suffix dropped when the competition says so) */
  home: string;
  away: string;
  matchTime: Date;
  statusId: number;
  note: 'awarded' | 'postponed' | null;
}

/** A team's name as the catalog writes it: "Liverpool FC (ENG)" → "Liverpool FC" when the competition carries suffixes. */
export function teamNameOf(raw: string, countrySuffixInNames: boolean): string {
  return countrySuffixInNames ? splitCountrySuffix(raw).name : raw;
}

/**
 * One row per match of the file:
 * - `status: "postponed"` → status 9 (postponed), note 'postponed', no score;
 * - `status: "awarded"` → ended (8) with the awarded score and note 'awarded'; the half-time
 *   score stays in its columns, the score of the match as played when it stopped (decision 088);
 * - a full-time score below its half-time score (no play takes goals away: the match was
 *   abandoned and awarded, as the 2024-25 Turkish Cup's Kocaelispor v Sivasspor "3-0 (0-1)") is
 *   read as awarded too, with an `awardedOverHalfTime` warning, so a season never fails over it;
 * - a full-time (or extra-time) score → ended (8); the score shown is the one after extra time
 *   when there was extra time; half time, extra time and shoot-out go to their own columns;
 * - no score → not started (1) when the kick-off is still ahead of `now`, else 13 (to be
 *   determined: the file does not know what happened).
 * A shoot-out with no winner (`p: [4, 4]`, as 2024-25 `uefa.cl` has) cannot be right and is not
 * stored; it becomes a warning. The external key is `openfootball:<code>:<season folder>:<round>:
 * <team1>:<team2>` with the names as the file writes them; a repeat of the same key in one file
 * gets `:2`, `:3`… in file order.
 */
export function toMatchRows(
  season: OpenfootballSeason,
  options: { code: string; seasonFolder: string; timeZone: string; countrySuffixInNames: boolean; now: Date },
): { rows: MatchRow[]; warnings: ImportWarning[] } {
  const seen = new Map<string, number>();
  const warnings: ImportWarning[] = [];
  const rows = season.matches.map((match, index): MatchRow => {
    const base = ['openfootball', options.code, options.seasonFolder, match.round, match.team1, match.team2].join(':');
    const repeat = (seen.get(base) ?? 0) + 1;
    seen.set(base, repeat);
    const externalKey = repeat === 1 ? base : `${base}:${repeat}`;
    const matchTime = kickOffUtc(match.date, match.time, options.timeZone);
    const score = match.score ?? {};
    const final = score.et ?? score.ft;
    let shootout = score.p ?? null;
    const place = describeMatch(match) ?? `matches[${index}]`;
    if (shootout && shootout[0] === shootout[1]) {
      warnings.push({ code: 'shootoutLevel', field: `${place}, score.p`, params: { home: match.team1, away: match.team2, score: `${shootout[0]}-${shootout[1]}` } });
      shootout = null;
    }
    const isAwarded = match.status === 'awarded' || (final !== undefined && isAwardedOverHalfTime(match));
    if (isAwarded && match.status !== 'awarded') {
      warnings.push({
        code: 'awardedOverHalfTime',
        field: place,
        params: { home: match.team1, away: match.team2, date: match.date, round: match.round, score: `${final![0]}-${final![1]}`, halfTime: `${score.ht![0]}-${score.ht![1]}` },
      });
    }
    const common = {
      index,
      externalKey,
      round: match.round,
      home: teamNameOf(match.team1, options.countrySuffixInNames),
      away: teamNameOf(match.team2, options.countrySuffixInNames),
      matchTime,
    };
    if (match.status === 'postponed') {
      return { ...common, statusId: FOOTBALL_STATUS.DELAYED, homeScore: 0, awayScore: 0, htHome: null, htAway: null, etHome: null, etAway: null, penHome: null, penAway: null, note: 'postponed' };
    }
    if (final) {
      return {
        ...common,
        statusId: FOOTBALL_STATUS.ENDED,
        homeScore: final[0],
        awayScore: final[1],
        htHome: score.ht?.[0] ?? null,
        htAway: score.ht?.[1] ?? null,
        etHome: score.et?.[0] ?? null,
        etAway: score.et?.[1] ?? null,
        penHome: shootout?.[0] ?? null,
        penAway: shootout?.[1] ?? null,
        note: isAwarded ? 'awarded' : null,
      };
    }
    const statusId = matchTime.getTime() > options.now.getTime() ? FOOTBALL_STATUS.NOT_STARTED : FOOTBALL_STATUS.TO_BE_DETERMINED;
    return { ...common, statusId, homeScore: 0, awayScore: 0, htHome: null, htAway: null, etHome: null, etAway: null, penHome: null, penAway: null, note: null };
  });
  return { rows, warnings };
}
