/**
 * Builds server/catalog/catalog.json from the real data in ../shared/data (see
 * server/catalog/SOURCES.md): competitions, team names, strengths and colours only, so the
 * server never depends on ../shared at run time.
 *
 *   npx tsx scripts/build-catalog.ts
 *
 * Deterministic: the same data gives the same file, ids included.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  findLeagueNameVariants,
  findLookalikeNames,
  pointsPerGame,
  readSeasonJson,
  readSeasonTxt,
  splitCountrySuffix,
  type SeasonResults,
} from '../server/catalog/build/football-results';
import { readNbaPlayoffs } from '../server/catalog/build/nba-playoffs';
import { deriveShortName } from '../server/catalog/build/short-names';
import { CatalogSchema, type Catalog, type CatalogCompetition, type CatalogTeam } from '../server/catalog/catalog';
import {
  BSL_2025_26,
  EUROLEAGUE_2025_26,
  NBA_FRANCHISES,
  type GradedTeam,
} from '../server/catalog/sources/basketball-leagues';
import { BASKETBALL_CLUB_COLORS, FOOTBALL_CLUB_COLORS } from '../server/catalog/sources/club-colors';
import * as competitions from '../server/catalog/sources/competitions';
import type { CompetitionSource } from '../server/catalog/sources/competitions';
import { pickTeamColors } from '../server/catalog/team-colors';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATA = path.resolve(REPO, '../shared/data');
const OUTPUT = path.join(REPO, 'server/catalog/catalog.json');

const FOOTBALL_TEAM_IDS_FROM = 1;
const BASKETBALL_TEAM_IDS_FROM = 1001;
/** NBA franchises without a playoff game in 2010-11 … 2023-24 */
const NBA_NO_PLAYOFFS_STRENGTH = 0.2;
/** Lower-division cup clubs sit below every Süper Lig club: 0.1 plus up to 0.3 from their cup results. */
const CUP_LOWER_DIVISION_BASE = 0.1;
const CUP_LOWER_DIVISION_RANGE = 0.3;

function footballFile(season: string, code: string): string {
  return path.join(DATA, 'openfootball-football.json', season, `${code}.json`);
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** One id per club across competitions: Real Madrid in La Liga and in the Champions League is one team. */
class TeamIds {
  private readonly ids = new Map<string, number>();
  constructor(private next: number) {}
  idOf(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.next;
      this.next += 1;
      this.ids.set(name, id);
    }
    return id;
  }
}

function assertNoVariants(label: string, results: SeasonResults, isLeague: boolean): void {
  const lookalikes = findLookalikeNames(results);
  if (lookalikes.length > 0) throw new Error(`${label}: one club under several names: ${JSON.stringify(lookalikes)}`);
  if (!isLeague) return;
  const variants = findLeagueNameVariants(results);
  if (variants.length > 0)
    throw new Error(`${label}: uneven fixture counts, alias these names: ${variants.join(', ')}`);
}

function competition(source: CompetitionSource, teams: CatalogTeam[]): CatalogCompetition {
  const { hotRank, ...rest } = source;
  const sorted = [...teams].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { ...rest, isHot: hotRank > 0, hotRank, teams: sorted };
}

/** Sorted by name before ids are handed out, so ids do not depend on fixture order. */
function byName<T extends { name: string }>(items: T[]): T[] {
  return [...items].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function footballTeam(ids: TeamIds, name: string, strength: number): CatalogTeam {
  return {
    id: ids.idOf(name),
    name,
    shortName: deriveShortName(name),
    strength: round3(strength),
    colors: pickTeamColors(name, FOOTBALL_CLUB_COLORS),
  };
}

function buildLeague(ids: TeamIds, source: CompetitionSource, code: string): CatalogCompetition {
  const results = readSeasonJson(footballFile(source.season, code));
  assertNoVariants(`${code} ${source.season}`, results, true);
  const teams = byName(results.teams.map((name) => ({ name }))).map(({ name }) =>
    footballTeam(ids, name, (pointsPerGame(results, name) ?? 0) / 3),
  );
  return competition(source, teams);
}

function buildChampionsLeague(ids: TeamIds, source: CompetitionSource): CatalogCompetition {
  const results = readSeasonJson(footballFile(source.season, 'uefa.cl'), (raw) => splitCountrySuffix(raw).name);
  assertNoVariants(`uefa.cl ${source.season}`, results, false);
  const teams = byName(results.teams.map((name) => ({ name }))).map(({ name }) =>
    footballTeam(ids, name, (pointsPerGame(results, name) ?? 0) / 3),
  );
  return competition(source, teams);
}

function buildTurkishCup(ids: TeamIds, source: CompetitionSource): CatalogCompetition {
  const cup = readSeasonTxt(path.join(DATA, 'openfootball-europe/turkey/2024-25_trcup.txt'));
  assertNoVariants('trcup 2024-25', cup, false);
  const league = readSeasonJson(footballFile('2024-25', 'tr.1'));
  const teams = byName(cup.teams.map((name) => ({ name }))).map(({ name }) => {
    const leaguePpg = pointsPerGame(league, name);
    const strength =
      leaguePpg !== null
        ? leaguePpg / 3
        : CUP_LOWER_DIVISION_BASE + (CUP_LOWER_DIVISION_RANGE * (pointsPerGame(cup, name) ?? 0)) / 3;
    return footballTeam(ids, name, strength);
  });
  return competition(source, teams);
}

function basketballTeam(ids: TeamIds, team: GradedTeam): CatalogTeam {
  return {
    id: ids.idOf(team.name),
    name: team.name,
    shortName: team.shortName,
    strength: round3(team.strength),
    colors: pickTeamColors(team.name, BASKETBALL_CLUB_COLORS),
  };
}

function buildNba(ids: TeamIds, source: CompetitionSource): CatalogCompetition {
  const playoffs = readNbaPlayoffs(path.join(DATA, 'nba-NocturneBear/play_off_totals_2010_2024.csv'));
  const known = new Set(NBA_FRANCHISES.map((franchise) => franchise.abbreviation));
  const unknown = [...playoffs.keys()].filter((abbreviation) => !known.has(abbreviation));
  if (unknown.length > 0) throw new Error(`NBA data has franchises missing from the list: ${unknown.join(', ')}`);
  const mostWins = Math.max(...[...playoffs.values()].map((franchise) => franchise.wins));
  const teams = byName(NBA_FRANCHISES).map((franchise) => {
    const record = playoffs.get(franchise.abbreviation);
    // Playoff win share across the seasons: the most successful franchise is 1.0.
    const strength = record ? 0.25 + (0.75 * record.wins) / mostWins : NBA_NO_PLAYOFFS_STRENGTH;
    return basketballTeam(ids, { name: franchise.name, shortName: franchise.shortName, strength });
  });
  return competition(source, teams);
}

function buildGraded(ids: TeamIds, source: CompetitionSource, teams: GradedTeam[]): CatalogCompetition {
  return competition(
    source,
    byName(teams).map((team) => basketballTeam(ids, team)),
  );
}

function buildCatalog(): Catalog {
  const football = new TeamIds(FOOTBALL_TEAM_IDS_FROM);
  const basketball = new TeamIds(BASKETBALL_TEAM_IDS_FROM);
  return {
    competitions: [
      buildLeague(football, competitions.SUPER_LIG, 'tr.1'),
      buildLeague(football, competitions.PREMIER_LEAGUE, 'en.1'),
      buildLeague(football, competitions.LA_LIGA, 'es.1'),
      buildLeague(football, competitions.BUNDESLIGA, 'de.1'),
      buildLeague(football, competitions.SERIE_A, 'it.1'),
      buildChampionsLeague(football, competitions.CHAMPIONS_LEAGUE),
      buildTurkishCup(football, competitions.TURKISH_CUP),
      buildNba(basketball, competitions.NBA),
      buildGraded(basketball, competitions.BASKETBOL_SUPER_LIGI, BSL_2025_26),
      buildGraded(basketball, competitions.EUROLEAGUE, EUROLEAGUE_2025_26),
    ],
  };
}

const catalog = CatalogSchema.parse(buildCatalog());
writeFileSync(OUTPUT, `${JSON.stringify(catalog, null, 1)}\n`);
for (const entry of catalog.competitions) {
  console.log(`${entry.id}\t${entry.names.en}\t${entry.teams.length} teams`);
}
