import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Sport } from '../../../core/contracts/matches';
import type { DbTransaction } from '../../db/client';
import { competitions } from '../../db/schema/competitions';
import { matches } from '../../db/schema/matches';
import { teams } from '../../db/schema/teams';

/**
 * Ids for matches, teams and competitions that come from outside the catalog and the simulator
 * (imports, replays). Simulated matches use day number × 10 000 + index (ids above 10 000 000 for
 * any day after 1972); outside matches take the range below it, so the two never meet. Like every
 * Tribün match id, none ends in 111 (legacy detail URLs append 111/1111 to the id).
 * Catalog teams have ids below 2 000, catalog competitions below 1 000.
 */
export const OUTSIDE_MATCH_ID_LIMIT = 10_000_000;
export const OUTSIDE_TEAM_ID_START = 100_000;
export const OUTSIDE_COMPETITION_ID_START = 1_000;

/** Serialises id allocation between concurrent imports and replays (PostgreSQL advisory lock). */
const ALLOCATION_LOCK_KEY = 7_301_000_004;

/** Takes the allocation lock for the rest of the transaction. */
export async function lockAllocation(tx: DbTransaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ALLOCATION_LOCK_KEY})`);
}

/** The next id after `id` whose last three digits are not 111. */
export function nextMatchId(id: number): number {
  let next = id + 1;
  if (next % 1000 === 111) next += 1;
  return next;
}

/**
 * `count` fresh match ids in the outside range, in increasing order. Call inside a transaction
 * that holds `lockAllocation`, so two imports never hand out the same ids.
 */
export async function allocateMatchIds(tx: DbTransaction, count: number): Promise<number[]> {
  if (count === 0) return [];
  const [row] = await tx
    .select({ max: sql<number | null>`max(${matches.id})` })
    .from(matches)
    .where(lt(matches.id, OUTSIDE_MATCH_ID_LIMIT));
  const ids: number[] = [];
  let id = row?.max ?? 0;
  for (let i = 0; i < count; i += 1) {
    id = nextMatchId(id);
    ids.push(id);
  }
  if (id >= OUTSIDE_MATCH_ID_LIMIT) throw new Error('no match ids left in the range for imported matches');
  return ids;
}

/**
 * The team of `sport` called exactly `name`, created (with a colour pair from its name) when
 * there is none. Names are compared as they are: variants are the importer's to report, never
 * merged here. Call inside a transaction holding `lockAllocation`.
 */
export async function findOrCreateTeams(
  tx: DbTransaction,
  sport: Sport,
  names: readonly string[],
): Promise<{ ids: Map<string, number>; created: string[] }> {
  const ids = new Map<string, number>();
  const existing = await tx.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.sport, sport));
  const byName = new Map<string, number>();
  // One club may exist once per sport; should a name repeat, the lowest id (the catalog's) wins.
  for (const team of existing.sort((a, b) => a.id - b.id)) if (!byName.has(team.name)) byName.set(team.name, team.id);
  const missing: string[] = [];
  for (const name of new Set(names)) {
    const id = byName.get(name);
    if (id === undefined) missing.push(name);
    else ids.set(name, id);
  }
  if (missing.length > 0) {
    const [row] = await tx
      .select({ max: sql<number | null>`max(${teams.id})` })
      .from(teams)
      .where(gte(teams.id, OUTSIDE_TEAM_ID_START));
    let id = row?.max ?? OUTSIDE_TEAM_ID_START - 1;
    const rows = missing.map((name) => {
      id += 1;
      ids.set(name, id);
      const [primary, secondary] = colorsFromName(name);
      return {
        id,
        sport,
        name,
        shortName: shortNameOf(name),
        colorPrimary: primary,
        colorSecondary: secondary,
        // Outside teams do not play in the simulator; a middle strength keeps the column honest.
        strength: 0.5,
      };
    });
    await tx.insert(teams).values(rows);
  }
  return { ids, created: missing };
}

/** A new competition id in the outside range. Call inside a transaction holding `lockAllocation`. */
export async function allocateCompetitionId(tx: DbTransaction): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number | null>`max(${competitions.id})` })
    .from(competitions)
    .where(and(gte(competitions.id, OUTSIDE_COMPETITION_ID_START)));
  return (row?.max ?? OUTSIDE_COMPETITION_ID_START - 1) + 1;
}

const PALETTE: readonly [string, string][] = [
  ['#1d4ed8', '#ffffff'],
  ['#b91c1c', '#ffffff'],
  ['#047857', '#ffffff'],
  ['#7c3aed', '#fde047'],
  ['#0f172a', '#f97316'],
  ['#be185d', '#ffffff'],
  ['#0369a1', '#facc15'],
  ['#65a30d', '#1f2937'],
];

function colorsFromName(name: string): [string, string] {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return PALETTE[hash % PALETTE.length]!;
}

/** "Wolverhampton Wanderers FC" → "Wolverhampton Wanderers": drops the club-type word at either end. */
export function shortNameOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => !/^(FC|AFC|CF|SC|FK|SK|AS|AC|SS|SSC|US|1\.)$/.test(word));
  return (words.join(' ') || name).slice(0, 24);
}
