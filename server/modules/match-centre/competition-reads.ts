import type { CompetitionPageData, StandingsData, TeamPageData } from '../../../core/contracts/match-centre';
import type { Sport } from '../../../core/contracts/matches';
import { NOT_STARTED_STALE_SECONDS } from '../../../core/constants';
import type { Locale } from '../../../core/locale';
import { competitionConfig } from '../../catalog/competition-config';
import type { Db } from '../../db/client';
import type { SeasonKind } from '../../db/schema/seasons';
import { teamCrestUrl } from '../crests/crest-urls';
import {
  buildStandings,
  endedStatus,
  notStartedStatus,
  sortCompetitions,
  toCompetitionOf,
  toHistoryMatch,
  toSeasonRef,
  topScorers,
} from './match-centre-mappers';
import {
  findCompetitionRow,
  findSeasonRow,
  findTeamRow,
  listDeductionRows,
  listFixtureRows,
  listResultRows,
  listScorerEventRows,
  listSeasonMatchRows,
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
    listSeasonMatchRows(db, seasonId),
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

export async function buildCompetitionPage(
  db: Db,
  options: {
    competition: CompetitionRow;
    seasons: SeasonRow[];
    selected: SeasonRow | null;
    locale: Locale;
    nowSec: number;
    seasonStandings: (seasonId: number) => Promise<StandingsData | null>;
  },
): Promise<CompetitionPageData> {
  const { competition, seasons, selected, locale } = options;
  const sport = competition.sport;
  // Without seasons (simulated days only), the page is about the competition's matches that belong to none.
  const scope: MatchScope = selected ? { seasonId: selected.id } : { competitionId: competition.id, seasonless: true };
  const where = scopeWhere(scope);
  const [standings, fixtureRows, resultRows, scorerEvents] = await Promise.all([
    selected && hasTable(competition.id, selected.kind) ? options.seasonStandings(selected.id) : Promise.resolve(null),
    listFixtureRows(db, {
      where,
      notStartedStatus: notStartedStatus(sport),
      fromSec: options.nowSec - NOT_STARTED_STALE_SECONDS,
      limit: FIXTURES_LIMIT,
    }),
    listResultRows(db, { where, endedStatus: endedStatus(sport), limit: RESULTS_LIMIT }),
    sport === 'football' ? listScorerEventRows(db, scope) : Promise.resolve([]),
  ]);
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
