import { isNotNull, isNull, type SQL } from 'drizzle-orm';
import { matches } from '../../db/schema/matches';

/**
 * Where a match comes from, told by its external key (docs/decisions/090-pages-that-agree.md):
 * - imported real results carry `openfootball:<code>:<season>:<round>:<home>:<away>`
 *   (server/feed/importers), always with a season;
 * - replays of recorded real matches carry `replay:<id>` (server/modules/replay), with no season;
 * - the simulator's matches (createMatchWrites.upsertFixtures, the only writer that leaves the
 *   key empty) carry none.
 * So the key alone tells a simulated match from a real one, for every writer; a season does not
 * (replays have none), nor does the id range (replays and imports share it). match-origin.test.ts
 * writes one match through each writer and checks this still holds.
 */
export type MatchOrigin = 'simulated' | 'imported' | 'replay';

export const REPLAY_KEY_PREFIX = 'replay:';

export function matchOrigin(externalKey: string | null): MatchOrigin {
  if (externalKey === null) return 'simulated';
  return externalKey.startsWith(REPLAY_KEY_PREFIX) ? 'replay' : 'imported';
}

export function isSimulatedMatch(row: { externalKey: string | null }): boolean {
  return matchOrigin(row.externalKey) === 'simulated';
}

/** The same rule in SQL: matches that are real (imported or replayed), or simulated. */
export function realMatchWhere(): SQL {
  return isNotNull(matches.externalKey);
}

export function simulatedMatchWhere(): SQL {
  return isNull(matches.externalKey);
}
