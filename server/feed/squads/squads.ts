import { readFileSync } from 'node:fs';
import type { SquadPlayer, SquadPool } from './build-squads';

/**
 * The committed player pools (squads.json, written by write-squads.ts from the data) and the
 * lookup the simulator uses: pools by team id for the teams it plays (decision 097).
 */

let cached: readonly SquadPool[] | undefined;

/** The committed pools, read once. */
export function loadSquadPools(): readonly SquadPool[] {
  cached ??= (JSON.parse(readFileSync(new URL('./squads.json', import.meta.url), 'utf8')) as { pools: SquadPool[] }).pools;
  return cached;
}

/** Pools by team id for the given teams, matched by their catalog name; teams without a pool are absent. */
export function squadPoolsByTeamId(
  teams: Iterable<{ id: number; name: string }>,
  pools: readonly SquadPool[] = loadSquadPools(),
): Map<number, readonly SquadPlayer[]> {
  const byName = new Map(pools.map((pool) => [pool.team, pool.players]));
  const byId = new Map<number, readonly SquadPlayer[]>();
  for (const team of teams) {
    const players = byName.get(team.name);
    if (players && players.length > 0) byId.set(team.id, players);
  }
  return byId;
}

/** A player drawn by weight with `draw` uniform in [0, 1); null for an empty pool. */
export function pickWeighted(players: readonly SquadPlayer[], draw: number): SquadPlayer | null {
  const total = players.reduce((sum, player) => sum + player.weight, 0);
  if (!(total > 0)) return null;
  let point = draw * total;
  for (const player of players) {
    point -= player.weight;
    if (point < 0) return player;
  }
  return players[players.length - 1] ?? null;
}
