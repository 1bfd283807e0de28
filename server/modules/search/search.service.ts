import { and, asc, desc, eq, gte, inArray, lt, ne, not, or } from 'drizzle-orm';
import type { Locale } from '../../../core/locale';
import {
  foldForSearch,
  isSearchable,
  SEARCH_COMPETITIONS_LIMIT,
  SEARCH_MATCHES_LIMIT,
  SEARCH_TEAMS_LIMIT,
  type SearchCompetition,
  type SearchData,
  type SearchMatch,
  type SearchTeam,
} from '../../../core/contracts/search';
import { basketballListKind, FOOTBALL_STATUS, footballListKind } from '../../../core/match/status';
import type { Sport } from '../../../core/contracts/matches';
import type { Db } from '../../db/client';
import { competitions } from '../../db/schema/competitions';
import { matches } from '../../db/schema/matches';
import { teams } from '../../db/schema/teams';
import { competitionCrestUrl, teamCrestUrl } from '../crests/public';
import { awayTeams, homeTeams } from '../matches/public';
import { COMPETITION_ALIASES } from './competition-aliases';
import {
  buildSearchIndex,
  findCompetitions,
  findTeams,
  primaryCompetition,
  type IndexedCompetition,
  type SearchIndex,
} from './search-index';

/** The index is rebuilt in the background when older than this: new teams arrive only with an import. */
const INDEX_MAX_AGE_MS = 60_000;
/** The matched teams whose matches are looked up (the best-placed ones). */
const MATCH_TEAMS = 4;
/** Of a team's matches: the upcoming ones shown at most, the rest recent results. */
const UPCOMING_SHOWN = 4;
/** A match that started this long ago may still be being played (extra time, overtime, delays). */
const LIVE_WINDOW_MS = 4 * 3600 * 1000;

export interface SearchService {
  search(options: { q: string; locale?: Locale }): Promise<SearchData>;
}

function competitionName(competition: Pick<IndexedCompetition, 'nameTr' | 'nameEn' | 'nameZh'>, locale: Locale): string {
  return locale === 'en' ? competition.nameEn : locale === 'zh' ? competition.nameZh : competition.nameTr;
}

async function loadIndex(db: Db): Promise<SearchIndex> {
  const [competitionRows, teamRows, homePairs, awayPairs] = await Promise.all([
    db.select().from(competitions),
    db.select({ id: teams.id, sport: teams.sport, name: teams.name, shortName: teams.shortName, strength: teams.strength }).from(teams),
    db.selectDistinct({ teamId: matches.homeTeamId, competitionId: matches.competitionId }).from(matches),
    db.selectDistinct({ teamId: matches.awayTeamId, competitionId: matches.competitionId }).from(matches),
  ]);
  const competitionsOf = new Map<number, Set<number>>();
  for (const pair of [...homePairs, ...awayPairs]) {
    let set = competitionsOf.get(pair.teamId);
    if (!set) competitionsOf.set(pair.teamId, (set = new Set()));
    set.add(pair.competitionId);
  }
  return buildSearchIndex({
    competitions: competitionRows.map((competition) => ({ ...competition, aliases: COMPETITION_ALIASES[competition.id] ?? [] })),
    teams: teamRows.map((team) => ({ ...team, competitionIds: [...(competitionsOf.get(team.id) ?? [])] })),
  });
}

function stateOf(sport: Sport, statusId: number): SearchMatch['state'] {
  if (sport === 'football') {
    const kind = footballListKind(statusId);
    return kind === 'notStarted' ? 'scheduled' : kind;
  }
  const kind = basketballListKind(statusId);
  if (kind === 'live' || kind === 'finished') return kind;
  return statusId === 1 ? 'scheduled' : 'other';
}

const STATE_ORDER: Record<SearchMatch['state'], number> = { live: 0, scheduled: 1, finished: 2, other: 3 };

/**
 * Search over teams, competitions and matches (docs/decisions/094-search.md): teams and
 * competitions from the in-memory index, the matched teams' matches from the database (their
 * scores change by the second).
 */
export function createSearchService(options: { db: Db; now?: () => number }): SearchService {
  const { db } = options;
  const now = options.now ?? Date.now;
  let index: { value: SearchIndex; builtAt: number } | null = null;
  let building: Promise<SearchIndex> | null = null;

  function rebuild(): Promise<SearchIndex> {
    building ??= loadIndex(db)
      .then((value) => {
        index = { value, builtAt: Date.now() };
        return value;
      })
      .finally(() => {
        building = null;
      });
    return building;
  }

  async function currentIndex(): Promise<SearchIndex> {
    if (index === null) return rebuild();
    // A stale index answers at once while the next one is read.
    if (Date.now() - index.builtAt > INDEX_MAX_AGE_MS) rebuild().catch(() => undefined);
    return index.value;
  }

  async function listTeamMatches(teamIds: number[], locale: Locale): Promise<SearchMatch[]> {
    if (teamIds.length === 0) return [];
    const nowMs = now();
    const ofTeams = or(inArray(matches.homeTeamId, teamIds), inArray(matches.awayTeamId, teamIds));
    const columns = {
      id: matches.id,
      sport: matches.sport,
      competitionId: matches.competitionId,
      homeTeamId: matches.homeTeamId,
      awayTeamId: matches.awayTeamId,
      matchTime: matches.matchTime,
      statusId: matches.statusId,
      homeScore: matches.homeScore,
      awayScore: matches.awayScore,
      homeName: homeTeams.name,
      awayName: awayTeams.name,
      nameTr: competitions.nameTr,
      nameEn: competitions.nameEn,
      nameZh: competitions.nameZh,
    };
    const select = () =>
      db
        .select(columns)
        .from(matches)
        .innerJoin(competitions, eq(competitions.id, matches.competitionId))
        .innerJoin(homeTeams, eq(homeTeams.id, matches.homeTeamId))
        .innerJoin(awayTeams, eq(awayTeams.id, matches.awayTeamId));
    const since = new Date(nowMs - LIVE_WINDOW_MS);
    const [ahead, before] = await Promise.all([
      select()
        .where(and(ofTeams, gte(matches.matchTime, since)))
        .orderBy(asc(matches.matchTime), asc(matches.id))
        .limit(SEARCH_MATCHES_LIMIT * 2),
      select()
        // A past match never played (a fixture whose result never came, still "not started" or
        // "to be determined") tells a fan nothing: the room goes to real results.
        .where(
          and(
            ofTeams,
            lt(matches.matchTime, since),
            ne(matches.statusId, FOOTBALL_STATUS.NOT_STARTED),
            not(and(eq(matches.sport, 'football'), eq(matches.statusId, FOOTBALL_STATUS.TO_BE_DETERMINED))!),
          ),
        )
        .orderBy(desc(matches.matchTime), desc(matches.id))
        .limit(SEARCH_MATCHES_LIMIT),
    ]);
    const all = [...ahead, ...before].map(
      (row): SearchMatch => ({
        match_id: row.id,
        sport: row.sport,
        competition_id: row.competitionId,
        competition_name: competitionName(row, locale),
        home: { team_id: row.homeTeamId, name: row.homeName, logo: teamCrestUrl(row.homeTeamId) },
        away: { team_id: row.awayTeamId, name: row.awayName, logo: teamCrestUrl(row.awayTeamId) },
        match_time: Math.floor(row.matchTime.getTime() / 1000),
        status_id: row.statusId,
        state: stateOf(row.sport, row.statusId),
        home_score: row.homeScore,
        away_score: row.awayScore,
      }),
    );
    const live = all.filter((m) => m.state === 'live');
    const scheduled = all.filter((m) => m.state === 'scheduled').sort((a, b) => a.match_time - b.match_time);
    const finished = all.filter((m) => m.state === 'finished').sort((a, b) => b.match_time - a.match_time);
    const other = all.filter((m) => m.state === 'other').sort((a, b) => b.match_time - a.match_time);
    // Live always; then a few upcoming; the rest of the room goes to the latest results.
    const chosen = [...live, ...scheduled.slice(0, UPCOMING_SHOWN)];
    for (const match of [...finished, ...scheduled.slice(UPCOMING_SHOWN), ...other]) {
      if (chosen.length >= SEARCH_MATCHES_LIMIT) break;
      chosen.push(match);
    }
    return chosen
      .slice(0, SEARCH_MATCHES_LIMIT)
      .sort(
        (a, b) =>
          STATE_ORDER[a.state] - STATE_ORDER[b.state] ||
          (a.state === 'scheduled' ? a.match_time - b.match_time : b.match_time - a.match_time),
      );
  }

  return {
    async search({ q, locale = 'tr' }) {
      const query = foldForSearch(q);
      if (!isSearchable(query)) return { q, teams: [], competitions: [], matches: [] };
      const idx = await currentIndex();
      const foundTeams = findTeams(idx, query, SEARCH_TEAMS_LIMIT);
      const foundCompetitions = findCompetitions(idx, query, SEARCH_COMPETITIONS_LIMIT);
      const teamResults = foundTeams.map((team): SearchTeam => {
        const competition = primaryCompetition(idx, team);
        return {
          team_id: team.id,
          name: team.name,
          short_name: team.shortName,
          logo: teamCrestUrl(team.id),
          sport: team.sport,
          competition_name: competition ? competitionName(competition, locale) : null,
        };
      });
      const competitionResults = foundCompetitions.map(
        (competition): SearchCompetition => ({
          competition_id: competition.id,
          name: competitionName(competition, locale),
          short_name: competition.shortName,
          country: competition.country,
          logo: competitionCrestUrl(competition.id),
          sport: competition.sport,
          is_hot: competition.isHot,
        }),
      );
      const matchResults = await listTeamMatches(
        foundTeams.slice(0, MATCH_TEAMS).map((team) => team.id),
        locale,
      );
      return { q, teams: teamResults, competitions: competitionResults, matches: matchResults };
    },
  };
}
