import { readFileSync } from 'node:fs';
import type { Sport } from '../../core/contracts/matches';
import { CatalogSchema, loadCatalog, type Catalog, type CatalogCompetition } from './catalog';

/**
 * The national-team competitions (decision 088): the FIFA World Cup (201) and the UEFA European
 * Championship (202), with the national teams that played them — the World Cups of 2018, 2022
 * and 2026 from openfootball/worldcup.json, the European Championships of 2020 and 2024 from
 * UEFA's published line-ups of groups. They are kept apart from `catalog.json` on purpose: that
 * file is generated from club data and is what the simulator plays; national teams are not
 * simulated, so they never show on today's lists, and are not hot. Imports (`worldcup.json`,
 * `euro.json`) and replays of national-team matches find their competition here.
 */

export const WORLD_CUP_ID = 201;
export const EUROPEAN_CHAMPIONSHIP_ID = 202;

let cached: Catalog | undefined;

/** The national-team competitions, validated once (read-only). */
export function loadNationalTeamCatalog(): Catalog {
  cached ??= CatalogSchema.parse(JSON.parse(readFileSync(new URL('./national-teams.json', import.meta.url), 'utf8')));
  return cached;
}

/** Every catalogue competition: the clubs' (catalog.json) then the national teams'. */
export function listCatalogCompetitions(): CatalogCompetition[] {
  return [...loadCatalog().competitions, ...loadNationalTeamCatalog().competitions];
}

/** The whole catalogue as the database holds it: clubs and national teams. */
export function loadFullCatalog(): Catalog {
  return { competitions: listCatalogCompetitions() };
}

/**
 * Whether a national-team competition was played in `year`: World Cups in 2018, 2022, 2026…;
 * European Championships in 2016, 2024, 2028… and in 2021 (EURO 2020, moved by the pandemic).
 * Club competitions play every year.
 */
export function isPlayedIn(competitionId: number, year: number): boolean {
  if (competitionId === WORLD_CUP_ID) return year % 4 === 2;
  if (competitionId === EUROPEAN_CHAMPIONSHIP_ID) return year % 4 === 0 || year === 2021;
  return true;
}

/**
 * The catalogue competition that lists both teams (by their catalogue names), for a match with
 * no history to go by: the first in catalogue order played in `year` (a World Cup year or a
 * European Championship one for national teams), else the first listing both; undefined when
 * none does.
 */
export function findCatalogCompetitionOfTeams(options: { sport: Sport; teams: readonly [string, string]; year: number }): number | undefined {
  const listing = listCatalogCompetitions().filter(
    (competition) =>
      competition.sport === options.sport && options.teams.every((name) => competition.teams.some((team) => team.name === name)),
  );
  return (listing.find((competition) => isPlayedIn(competition.id, options.year)) ?? listing[0])?.id;
}
