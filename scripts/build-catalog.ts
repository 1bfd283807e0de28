/**
 * Builds server/catalog/catalog.json from the real data in ../shared/data (see
 * server/catalog/SOURCES.md): competitions, team names, strengths and colours only, so the
 * server never depends on ../shared at run time.
 *
 *   npx tsx scripts/build-catalog.ts
 *
 * Deterministic: the same data gives the same file, ids included.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  findLeagueNameVariants,
  findLookalikeNames,
  goalsPerMatch,
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
  /** `known`: the ids the committed catalog already gave, so a club's id never moves */
  constructor(private next: number, known: ReadonlyMap<string, number> = new Map()) {
    for (const [name, id] of known) {
      this.ids.set(name, id);
      this.next = Math.max(this.next, id + 1);
    }
  }
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

/** The season's real goals per match, which the simulator's scripts score like. */
function withGoals(built: CatalogCompetition, results: SeasonResults): CatalogCompetition {
  const goals = goalsPerMatch(results);
  return goals === null ? built : { ...built, goalsPerMatch: goals };
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
  return withGoals(competition(source, teams), results);
}

/**
 * A league from a Football.TXT season (openfootball/world and south-america). `fixturesFrom`:
 * unplayed dated fixtures on or after this local date are kept as real fixtures to play.
 */
function buildTxtLeague(ids: TeamIds, source: CompetitionSource, file: string, fixturesFrom?: string): CatalogCompetition {
  const results = readSeasonTxt(path.join(DATA, file));
  assertNoVariants(file, results, true);
  const teams = byName(results.teams.map((name) => ({ name }))).map(({ name }) =>
    footballTeam(ids, name, (pointsPerGame(results, name) ?? 0) / 3),
  );
  const built = withGoals(competition(source, teams), results);
  if (fixturesFrom === undefined) return built;
  const fixtures = results.matches
    .filter((match) => match.date !== undefined && match.date >= fixturesFrom && !match.score.ft && !match.score.et)
    .map((match) => ({ date: match.date as string, home: match.home, away: match.away }));
  return { ...built, fixtures };
}

function buildChampionsLeague(ids: TeamIds, source: CompetitionSource): CatalogCompetition {
  const results = readSeasonJson(footballFile(source.season, 'uefa.cl'), (raw) => splitCountrySuffix(raw).name);
  assertNoVariants(`uefa.cl ${source.season}`, results, false);
  const teams = byName(results.teams.map((name) => ({ name }))).map(({ name }) =>
    footballTeam(ids, name, (pointsPerGame(results, name) ?? 0) / 3),
  );
  return withGoals(competition(source, teams), results);
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
  return withGoals(competition(source, teams), cup);
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

/** Team ids of the committed catalog by name: stored matches point at them. */
function knownTeamIds(sport: 'football' | 'basketball'): Map<string, number> {
  const known = new Map<string, number>();
  if (!existsSync(OUTPUT)) return known;
  const existing = CatalogSchema.parse(JSON.parse(readFileSync(OUTPUT, 'utf8')));
  for (const entry of existing.competitions) {
    if (entry.sport !== sport) continue;
    for (const team of entry.teams) if (!known.has(team.name)) known.set(team.name, team.id);
  }
  return known;
}

function buildCatalog(): Catalog {
  const football = new TeamIds(FOOTBALL_TEAM_IDS_FROM, knownTeamIds('football'));
  const basketball = new TeamIds(BASKETBALL_TEAM_IDS_FROM, knownTeamIds('basketball'));
  return {
    competitions: [
      buildLeague(football, competitions.SUPER_LIG, 'tr.1'),
      buildLeague(football, competitions.PREMIER_LEAGUE, 'en.1'),
      buildLeague(football, competitions.LA_LIGA, 'es.1'),
      buildLeague(football, competitions.BUNDESLIGA, 'de.1'),
      buildLeague(football, competitions.SERIE_A, 'it.1'),
      buildChampionsLeague(football, competitions.CHAMPIONS_LEAGUE),
      buildTurkishCup(football, competitions.TURKISH_CUP),
      buildTxtLeague(football, competitions.BRASILEIRAO, 'openfootball-south-america/brazil/2026_br1.txt', '2026-11-15'),
      buildTxtLeague(football, competitions.ARGENTINA_PRIMERA, 'openfootball-south-america/argentina/2025_ar1.txt'),
      buildTxtLeague(football, competitions.MLS, 'openfootball-world/north-america/major-league-soccer/2025_mls.txt'),
      buildTxtLeague(football, competitions.J1_LEAGUE, 'openfootball-world/asia/japan/2025_jp1.txt'),
      buildTxtLeague(football, competitions.CHINESE_SUPER_LEAGUE, 'openfootball-world/asia/china/2025_cn1.txt'),
      buildLeague(football, competitions.LIGUE_1, 'fr.1'),
      buildLeague(football, competitions.EREDIVISIE, 'nl.1'),
      buildLeague(football, competitions.PRIMEIRA_LIGA, 'pt.1'),
      buildNba(basketball, competitions.NBA),
      buildGraded(basketball, competitions.BASKETBOL_SUPER_LIGI, BSL_2025_26),
      buildGraded(basketball, competitions.EUROLEAGUE, EUROLEAGUE_2025_26),
    ],
  };
}

/**
 * Competitions in the committed file that this script does not build (added by another
 * generator) are kept as they are, after the built ones, so a rebuild never drops them.
 */
function keepOthers(built: Catalog): Catalog {
  if (!existsSync(OUTPUT)) return built;
  const existing = CatalogSchema.parse(JSON.parse(readFileSync(OUTPUT, 'utf8')));
  const builtIds = new Set(built.competitions.map((entry) => entry.id));
  return { competitions: [...built.competitions, ...existing.competitions.filter((entry) => !builtIds.has(entry.id))] };
}

const catalog = CatalogSchema.parse(keepOthers(buildCatalog()));
writeFileSync(OUTPUT, `${JSON.stringify(catalog, null, 1)}\n`);
for (const entry of catalog.competitions) {
  console.log(`${entry.id}\t${entry.names.en}\t${entry.teams.length} teams`);
}
