import type { Sport } from '../../../core/contracts/matches';
import { COLLECTION_LIMIT } from '../../../core/contracts/collection-limit';

/**
 * What a signed-out reader starred and follows, kept in the browser's local storage
 * (docs/decisions/095): starred matches (`football:123`), followed competitions and teams.
 * At sign-in these move into the account. Everything here is pure; the storage itself is
 * read and written by collected-store.ts.
 */

/** Versioned: a later shape gets a new key, and this one is then simply ignored. */
export const LOCAL_FOLLOWS_KEY = 'tribun.follows.v1';

/** The same bound the account has: at most this many matches, competitions and teams each. */
export const LOCAL_FOLLOW_LIMIT = COLLECTION_LIMIT;

export type FollowKind = 'competition' | 'team';

export interface LocalFollows {
  /** `${sport}:${match_id}`, oldest first */
  matches: readonly string[];
  competitions: readonly number[];
  teams: readonly number[];
}

export const EMPTY_LOCAL_FOLLOWS: LocalFollows = Object.freeze({
  matches: [],
  competitions: [],
  teams: [],
});

const MAX_ID = 2_147_483_647;
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID;
const MATCH_KEY = /^(football|basketball):(\d{1,10})$/;

/** The sport and id of a `football:123` key, or null when it is not one. */
export function parseMatchKey(key: string): { sport: Sport; matchId: number } | null {
  const found = MATCH_KEY.exec(key);
  if (!found) return null;
  const matchId = Number(found[2]);
  return isId(matchId) ? { sport: found[1] as Sport, matchId } : null;
}

function validList<T>(value: unknown, valid: (item: unknown) => item is T): T[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<T>();
  for (const item of value as unknown[]) {
    if (valid(item)) seen.add(item);
    if (seen.size >= LOCAL_FOLLOW_LIMIT) break;
  }
  return Array.from(seen);
}

const isMatchKey = (item: unknown): item is string => typeof item === 'string' && parseMatchKey(item) !== null;

/**
 * The stored value, checked: anything that is not our shape (edited by hand, another
 * version, broken JSON) reads as nothing; single bad entries are dropped, duplicates
 * merged, and each list cut to the limit. Never throws.
 */
export function parseLocalFollows(raw: string | null): LocalFollows {
  if (raw === null || raw.length > 200_000) return EMPTY_LOCAL_FOLLOWS;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return EMPTY_LOCAL_FOLLOWS;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return EMPTY_LOCAL_FOLLOWS;
  const record = value as Record<string, unknown>;
  if (record.v !== 1) return EMPTY_LOCAL_FOLLOWS;
  return {
    matches: validList(record.matches, isMatchKey),
    competitions: validList(record.competitions, isId),
    teams: validList(record.teams, isId),
  };
}

export function serializeLocalFollows(follows: LocalFollows): string {
  return JSON.stringify({
    v: 1,
    matches: follows.matches,
    competitions: follows.competitions,
    teams: follows.teams,
  });
}

export function isLocalEmpty(follows: LocalFollows): boolean {
  return follows.matches.length === 0 && follows.competitions.length === 0 && follows.teams.length === 0;
}

function toggled<T>(list: readonly T[], item: T, on: boolean): readonly T[] | 'limit' {
  const has = list.includes(item);
  if (has === on) return list;
  if (!on) return list.filter((entry) => entry !== item);
  if (list.length >= LOCAL_FOLLOW_LIMIT) return 'limit';
  return [...list, item];
}

/** Stars or un-stars a match; 'limit' when the list is full. */
export function withLocalMatch(follows: LocalFollows, key: string, on: boolean): LocalFollows | 'limit' {
  const matches = toggled(follows.matches, key, on);
  if (matches === 'limit') return 'limit';
  return matches === follows.matches ? follows : { ...follows, matches };
}

/** Follows or stops following a competition or team; 'limit' when the list is full. */
export function withLocalFollow(follows: LocalFollows, kind: FollowKind, id: number, on: boolean): LocalFollows | 'limit' {
  const field = kind === 'competition' ? 'competitions' : 'teams';
  const list = toggled(follows[field], id, on);
  if (list === 'limit') return 'limit';
  return list === follows[field] ? follows : { ...follows, [field]: list };
}

/** One entry of the local lists, as sent to the account at sign-in. */
export type MergeEntry = { kind: 'match'; key: string } | { kind: FollowKind; id: number };

export function mergeEntries(follows: LocalFollows): MergeEntry[] {
  return [
    ...follows.matches.map((key): MergeEntry => ({ kind: 'match', key })),
    ...follows.competitions.map((id): MergeEntry => ({
      kind: 'competition',
      id,
    })),
    ...follows.teams.map((id): MergeEntry => ({ kind: 'team', id })),
  ];
}

/**
 * What stays in local storage after a merge: the entries that are there now (another tab may
 * have added some meanwhile) minus those the account took. `done` holds the entries the
 * server accepted, or refused for good (the match no longer exists); what failed otherwise
 * (offline, server error, the account's limit) stays to be tried at the next page load.
 */
export function afterMerge(current: LocalFollows, done: readonly MergeEntry[]): LocalFollows {
  const matches = new Set<string>();
  const competitions = new Set<number>();
  const teams = new Set<number>();
  for (const entry of done) {
    if (entry.kind === 'match') matches.add(entry.key);
    else (entry.kind === 'competition' ? competitions : teams).add(entry.id);
  }
  return {
    matches: current.matches.filter((key) => !matches.has(key)),
    competitions: current.competitions.filter((id) => !competitions.has(id)),
    teams: current.teams.filter((id) => !teams.has(id)),
  };
}

/**
 * Sends the entries to the account, a few at a time, and answers those that are done: taken by
 * the account, or refused for good (`refusedForGood`, e.g. a match that no longer exists).
 * Stops early when `stillSignedIn` says the session ended. Never rejects.
 */
export async function sendToAccount(
  entries: readonly MergeEntry[],
  add: (entry: MergeEntry) => Promise<unknown>,
  options: { refusedForGood: (error: unknown) => boolean; stillSignedIn: () => boolean; batch?: number },
): Promise<MergeEntry[]> {
  const size = options.batch ?? 4;
  const done: MergeEntry[] = [];
  for (let start = 0; start < entries.length; start += size) {
    const batch = entries.slice(start, start + size);
    const results = await Promise.allSettled(batch.map(add));
    results.forEach((result, index) => {
      const entry = batch[index];
      if (entry && (result.status === 'fulfilled' || options.refusedForGood(result.reason))) done.push(entry);
    });
    if (!options.stillSignedIn()) break;
  }
  return done;
}
