import type {
  Competition,
  CompetitionIndex,
  FootballGroup,
  FootballListData,
  FootballMatch,
  HotListData,
  Team,
} from '../../../core/contracts/matches';
import { NOT_STARTED_STALE_SECONDS, SOON_WINDOW_SECONDS } from '../../../core/constants';
import type { Locale } from '../../../core/locale';
import { footballListKind } from '../../../core/match/status';
import { compareCompetitions, toCompetition, toFootballMatch, toSeconds, toTeams } from './match-mappers';
import type { MatchRow } from './match-rows';

/** Builds the football lists of section 7 from one day's rows (already in kick-off order). */

type Bucket = 'live' | 'soon' | 'scheduled' | 'finished' | 'other';

interface Classified {
  row: MatchRow;
  match: FootballMatch;
  bucket: Bucket;
}

/**
 * Sorts each match into its list. A match still "not started" more than 120 minutes after its
 * start is stale and dropped (section 5); one starting within the hour is "soon".
 */
function classify(rows: MatchRow[], nowSec: number): Classified[] {
  const classified: Classified[] = [];
  for (const row of rows) {
    const kind = footballListKind(row.statusId);
    let bucket: Bucket;
    if (kind === 'notStarted') {
      const matchTime = toSeconds(row.matchTime);
      if (nowSec - matchTime > NOT_STARTED_STALE_SECONDS) continue;
      bucket = matchTime - nowSec <= SOON_WINDOW_SECONDS ? 'soon' : 'scheduled';
    } else {
      bucket = kind;
    }
    classified.push({ row, match: toFootballMatch(row), bucket });
  }
  return classified;
}

/** Competition ids in display order, with the first row seen for each (for its names). */
function orderCompetitions(items: Classified[], locale: Locale): MatchRow[] {
  const firstRows = new Map<number, MatchRow>();
  for (const { row } of items) if (!firstRows.has(row.competitionId)) firstRows.set(row.competitionId, row);
  return [...firstRows.values()].sort(compareCompetitions(locale));
}

/** Items per competition in display order; within one, the rows' kick-off order is kept. */
function groupItems(items: Classified[], order: MatchRow[]): Classified[][] {
  const byCompetition = new Map<number, Classified[]>();
  for (const item of items) {
    const group = byCompetition.get(item.row.competitionId);
    if (group) group.push(item);
    else byCompetition.set(item.row.competitionId, [item]);
  }
  const groups: Classified[][] = [];
  for (const competition of order) {
    const group = byCompetition.get(competition.competitionId);
    if (group) groups.push(group);
  }
  return groups;
}

function toGroup(items: Classified[]): FootballGroup {
  return { competition_id: items[0]?.row.competitionId ?? 0, matches: items.map((item) => item.match) };
}

function indexCompetitions(order: MatchRow[], locale: Locale): CompetitionIndex {
  const all: Record<string, Competition> = {};
  const hot: number[] = [];
  for (const row of order) {
    all[String(row.competitionId)] = toCompetition(row, locale);
    if (row.competitionIsHot) hot.push(row.competitionId);
  }
  return { hot, all };
}

function indexTeams(items: Classified[]): Record<string, Team> {
  const teams: Record<string, Team> = {};
  for (const { row } of items) {
    const [home, away] = toTeams(row);
    teams[String(home.team_id)] = home;
    teams[String(away.team_id)] = away;
  }
  return teams;
}

/**
 * The first second after `nowSec` at which the clock alone changes an answer built from these
 * rows: a scheduled match becoming "soon", or a never-started match turning stale and leaving
 * the lists. Until then an answer built at `nowSec` is exactly what a rebuild would give.
 * Infinity when no not-started match is left to move.
 */
export function footballListValidUntil(rows: MatchRow[], nowSec: number): number {
  let until = Infinity;
  for (const row of rows) {
    if (footballListKind(row.statusId) !== 'notStarted') continue;
    const matchTime = toSeconds(row.matchTime);
    for (const boundary of [matchTime - SOON_WINDOW_SECONDS, matchTime + NOT_STARTED_STALE_SECONDS + 1]) {
      if (boundary > nowSec && boundary < until) until = boundary;
    }
  }
  return until;
}

export function buildFootballList(rows: MatchRow[], options: { nowSec: number; locale: Locale }): FootballListData {
  const items = classify(rows, options.nowSec);
  const order = orderCompetitions(items, options.locale);
  const inBucket = (bucket: Bucket) =>
    groupItems(
      items.filter((item) => item.bucket === bucket),
      order,
    ).map(toGroup);
  return {
    competitionIndexArr: indexCompetitions(order, options.locale),
    teamIndexArr: indexTeams(items),
    liveGlobal: inBucket('live'),
    soonGlobal: inBucket('soon'),
    scheduledGlobal: inBucket('scheduled'),
    finishedGlobal: inBucket('finished'),
    otherGlobal: inBucket('other'),
  };
}

/** Hot list sections in reading order: live, then not started, then finished, then the rest. */
const HOT_SECTIONS: Bucket[][] = [['live'], ['soon', 'scheduled'], ['finished'], ['other']];

/**
 * One page of the hot competitions' matches. `size` counts matches; the page's matches are
 * regrouped per competition, so a competition cut by a page boundary shows on both pages.
 */
export function buildHotList(
  rows: MatchRow[],
  options: { nowSec: number; locale: Locale; page: number; size: number },
): HotListData {
  const items = classify(
    rows.filter((row) => row.competitionIsHot),
    options.nowSec,
  );
  const order = orderCompetitions(items, options.locale);
  const sections = HOT_SECTIONS.map((section) =>
    groupItems(
      items.filter((item) => section.includes(item.bucket)),
      order,
    ),
  );
  const total = sections.reduce((sum, groups) => sum + groups.reduce((count, group) => count + group.length, 0), 0);

  // Walk the groups in reading order and keep the slice of matches that falls on this page.
  const start = (options.page - 1) * options.size;
  const end = start + options.size;
  const list: FootballGroup[] = [];
  const page: Classified[] = [];
  let position = 0;
  for (const groups of sections) {
    for (const group of groups) {
      const from = Math.max(start - position, 0);
      const to = Math.min(end - position, group.length);
      if (from < to) {
        const slice = group.slice(from, to);
        list.push(toGroup(slice));
        page.push(...slice);
      }
      position += group.length;
    }
  }
  return {
    competitionIndexArr: indexCompetitions(order, options.locale),
    teamIndexArr: indexTeams(page),
    list,
    page: options.page,
    size: options.size,
    total,
  };
}
