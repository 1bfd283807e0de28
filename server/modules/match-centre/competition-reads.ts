import type { CompetitionPageData, StandingsData, TeamPageData } from '../../../core/contracts/match-centre';
import type { Sport } from '../../../core/contracts/matches';
import { NOT_STARTED_STALE_SECONDS } from '../../../core/constants';
import type { Locale } from '../../../core/locale';
import { competitionConfig } from '../../catalog/competition-config';
import type { Db } from '../../db/client';
import type { SeasonKind } from '../../db/schema/seasons';
import { teamCrestUrl } from '../crests/public';
import {
  buildStandings,
  endedStatus,
  liveStatuses,
  notStartedStatus,
  rulesOf,
  sortCompetitions,
  toCompetitionOf,
  toHistoryMatch,
  toSeasonRef,
  topScorers,
} from './match-centre-mappers';
import {
  competitionWhere,
  findCompetitionRow,
  findSeasonRow,
  findTeamRow,
  listDeductionRows,
  listFixtureRows,
  listResultRows,
  listScopeMatchRows,
  listScorerEventRows,
  listSeasonRows,
  listTeamCompetitionRows,
  listTeamNames,
  scopeWhere,
  teamWhere,
  type CompetitionRow,
  type MatchScope,
  type SeasonRow,
} from './match-centre-rows';

/** The readers of competition and team pages and of season tables (no caching here: match-centre-cache.ts decides). */

const FIXTURES_LIMIT = 10;
const RESULTS_LIMIT = 10;
const TOP_SCORERS_LIMIT = 20;

/** A competition without a table (a knockout cup) answers no standings; outside the catalog, a playoff season has none. */
export function hasTable(competitionId: number, seasonKind: SeasonKind): boolean {
  return competitionConfig(competitionId)?.hasTable ?? seasonKind !== 'playoffs';
}

/** A season's table computed from its results, deductions and tie-break chain; null when the season or its competition is gone. */
export async function buildSeasonStandings(db: Db, seasonId: number, locale: Locale): Promise<StandingsData | null> {
  const season = await findSeasonRow(db, seasonId);
  if (!season) return null;
  const [competition, matchRows, deductions] = await Promise.all([
    findCompetitionRow(db, season.competitionId),
    listScopeMatchRows(db, { seasonId }),
    listDeductionRows(db, seasonId),
  ]);
  if (!competition) return null;
  const teamIds = new Set<number>();
  for (const match of matchRows) {
    teamIds.add(match.homeTeamId);
    teamIds.add(match.awayTeamId);
  }
  return buildStandings({
    competition: toCompetitionOf(competition, locale),
    season: toSeasonRef(season, competition.standingsRules),
    sport: competition.sport,
    matches: matchRows,
    teamNames: await listTeamNames(db, [...teamIds]),
    deductions,
  });
}

/** Stands in for a season in the table of matches that belong to none (no stored season has id 0). */
export const SEASONLESS_SEASON_ID = 0;

/** "2026", or "2025/26" when the matches span two calendar years. */
function seasonlessName(matchTimes: readonly Date[]): string {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const time of matchTimes) {
    first = Math.min(first, time.getUTCFullYear());
    last = Math.max(last, time.getUTCFullYear());
  }
  return first === last ? String(first) : `${first}/${String(last).slice(-2)}`;
}

/**
 * The table of a competition's matches that belong to no season (simulated days and replays),
 * by the competition's chain: what a competition that has results but no stored season (the
 * basketball leagues) shows. Null when it has no such match or no table.
 */
export async function buildSeasonlessStandings(db: Db, competition: CompetitionRow, locale: Locale): Promise<StandingsData | null> {
  if (!hasTable(competition.id, 'regular')) return null;
  const matchRows = await listScopeMatchRows(db, { competitionId: competition.id, seasonless: true });
  if (matchRows.length === 0) return null;
  const teamIds = new Set<number>();
  for (const match of matchRows) {
    teamIds.add(match.homeTeamId);
    teamIds.add(match.awayTeamId);
  }
  return buildStandings({
    competition: toCompetitionOf(competition, locale),
    season: {
      season_id: SEASONLESS_SEASON_ID,
      name: seasonlessName(matchRows.map((match) => match.matchTime)),
      kind: 'regular',
      rules: rulesOf(null, competition.standingsRules),
    },
    sport: competition.sport,
    matches: matchRows,
    teamNames: await listTeamNames(db, [...teamIds]),
    deductions: [],
  });
}

/** The season a competition's pages show: the one asked for, else the newest; 'unknown-season' when it is not one of them. */
export async function selectSeason(
  db: Db,
  options: { competitionId: number; sport: Sport; seasonId: number | undefined },
): Promise<{ seasons: SeasonRow[]; selected: SeasonRow | null } | 'unknown-season'> {
  const seasons = await listSeasonRows(db, { competitionId: options.competitionId, endedStatus: endedStatus(options.sport) });
  if (options.seasonId === undefined) return { seasons, selected: seasons[0] ?? null };
  const selected = seasons.find((season) => season.id === options.seasonId);
  return selected ? { seasons, selected } : 'unknown-season';
}

/** The season whose table a match shows: its own, else (a match of no season) the competition's latest with results. */
export async function findMatchTableSeason(
  db: Db,
  row: { sport: Sport; competitionId: number; seasonId: number | null; seasonKind: SeasonKind | null },
): Promise<number | null> {
  let seasonId = row.seasonId;
  let seasonKind = row.seasonKind;
  if (seasonId === null) {
    const seasons = await listSeasonRows(db, { competitionId: row.competitionId, endedStatus: endedStatus(row.sport) });
    const latest = seasons.find((season) => season.results > 0);
    seasonId = latest?.id ?? null;
    seasonKind = latest?.kind ?? null;
  }
  if (seasonId === null || seasonKind === null || !hasTable(row.competitionId, seasonKind)) return null;
  return seasonId;
}

/**
 * A competition page. Its table and top scorers are the shown season's (the one asked for, else
 * the newest); without a season, those of the competition's matches that belong to none. Its
 * fixtures (live matches first) and results are the competition's own, whatever season its
 * matches belong to — today's simulated or replayed matches are not in an imported season, and a
 * page that said "no fixtures" while they were being played was the bug — unless the reader
 * picked a season, which narrows them to it.
 */
export async function buildCompetitionPage(
  db: Db,
  options: {
    competition: CompetitionRow;
    seasons: SeasonRow[];
    selected: SeasonRow | null;
    /** true when the reader picked the season (`?season=`), false for the default one */
    isSeasonChosen: boolean;
    locale: Locale;
    nowSec: number;
    seasonStandings: (seasonId: number) => Promise<StandingsData | null>;
    seasonlessStandings: () => Promise<StandingsData | null>;
  },
): Promise<CompetitionPageData> {
  const { competition, seasons, selected, locale } = options;
  const sport = competition.sport;
  const seasonless: MatchScope = { competitionId: competition.id, seasonless: true };
  // Without seasons (simulated days only), the table is about the competition's matches that belong to none.
  const scope: MatchScope = selected ? { seasonId: selected.id } : seasonless;
  const listWhere = options.isSeasonChosen ? scopeWhere(scope) : competitionWhere(competition.id);
  const [standings, fixtureRows, resultRows, scopeScorers] = await Promise.all([
    selected ? (hasTable(competition.id, selected.kind) ? options.seasonStandings(selected.id) : Promise.resolve(null)) : options.seasonlessStandings(),
    listFixtureRows(db, {
      where: listWhere,
      notStartedStatus: notStartedStatus(sport),
      liveStatuses: liveStatuses(sport),
      fromSec: options.nowSec - NOT_STARTED_STALE_SECONDS,
      limit: FIXTURES_LIMIT,
    }),
    listResultRows(db, { where: listWhere, endedStatus: endedStatus(sport), limit: RESULTS_LIMIT }),
    sport === 'football' ? listScorerEventRows(db, scope) : Promise.resolve([]),
  ]);
  // A default season without scorers (openfootball files name none): the scorers replays and
  // feeds recorded in the competition's matches of no season, when there are any.
  const scorerEvents =
    scopeScorers.length === 0 && selected !== null && !options.isSeasonChosen && sport === 'football'
      ? await listScorerEventRows(db, seasonless)
      : scopeScorers;
  const scorerTeamIds = new Set<number>();
  for (const event of scorerEvents) {
    scorerTeamIds.add(event.homeTeamId);
    scorerTeamIds.add(event.awayTeamId);
  }
  const teamNames = scorerEvents.length > 0 ? await listTeamNames(db, [...scorerTeamIds]) : new Map<number, string>();
  return {
    competition: toCompetitionOf(competition, locale),
    seasons: seasons.map((season) => toSeasonRef(season, competition.standingsRules)),
    season: selected ? toSeasonRef(selected, competition.standingsRules) : null,
    standings,
    fixtures: fixtureRows.map((row) => toHistoryMatch(row, { sport, locale, perspectiveTeamId: null })),
    results: resultRows.map((row) => toHistoryMatch(row, { sport, locale, perspectiveTeamId: null })),
    top_scorers: topScorers(scorerEvents, teamNames, TOP_SCORERS_LIMIT),
  };
}

/** A team page; null for an unknown team. */
export async function findTeamPage(db: Db, options: { teamId: number; locale: Locale; nowSec: number }): Promise<TeamPageData | null> {
  const { teamId, locale } = options;
  const team = await findTeamRow(db, teamId);
  if (!team) return null;
  const where = teamWhere(teamId);
  const [competitionRows, fixtureRows, resultRows] = await Promise.all([
    listTeamCompetitionRows(db, teamId),
    listFixtureRows(db, {
      where,
      notStartedStatus: notStartedStatus(team.sport),
      liveStatuses: liveStatuses(team.sport),
      fromSec: options.nowSec - NOT_STARTED_STALE_SECONDS,
      limit: FIXTURES_LIMIT,
    }),
    listResultRows(db, { where, endedStatus: endedStatus(team.sport), limit: RESULTS_LIMIT }),
  ]);
  const history = (rows: typeof fixtureRows) =>
    rows.map((row) => toHistoryMatch(row, { sport: team.sport, locale, perspectiveTeamId: teamId }));
  return {
    team: { team_id: team.id, name: team.name, short_name: team.shortName, logo: teamCrestUrl(team.id), sport: team.sport },
    competitions: sortCompetitions(
      competitionRows.map((row) => toCompetitionOf(row, locale)),
      competitionRows,
      locale,
    ),
    fixtures: history(fixtureRows),
    results: history(resultRows),
  };
}
