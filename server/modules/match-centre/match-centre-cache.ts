import type { H2hData, StandingsData } from '../../../core/contracts/match-centre';
import type { Sport } from '../../../core/contracts/matches';
import type { Locale } from '../../../core/locale';
import type { Db } from '../../db/client';
import { Lru } from '../../lib/lru';
import { readListVersion } from '../matches/public';
import { readSeasonDigest } from './match-centre-rows';

/** How long the head-to-head of a match that has kicked off is reused without asking whether anything changed. */
const H2H_REUSE_MS = 10 * 60 * 1000;

/**
 * The match centre's cache policy, apart from the readers (match-centre.service.ts composes
 * them). Every cache is bounded (least recently used first out); why each one is safe is
 * written beside it. Cached objects are shared between callers: treat them as read-only.
 */
export interface MatchCentreCache {
  /** An answer as of the sport's list version, until `expiresAtSec` (see `fronts`). */
  gated<T>(key: string, sport: Sport, read: () => Promise<{ value: T; expiresAtSec: number }>): Promise<T>;
  /** A tab of a match that is over, served while the match row's `stamp` stands (see `details`). */
  finalDetail<T>(key: string, stamp: string, build: () => Promise<T>): Promise<T>;
  /** A match's head-to-head (see `h2hEntries`). */
  h2h(key: string, match: { stamp: string; sport: Sport; hasKickedOff: boolean }, build: () => Promise<H2hData>): Promise<H2hData>;
  /** A season's table while the season's digest stands (see `seasonTables`); null answers are not kept. */
  seasonTable(seasonId: number, locale: Locale, build: () => Promise<StandingsData | null>): Promise<StandingsData | null>;
  /** A match's table with its teams highlighted, reused while the season's table is the same object. */
  matchTable(key: string, base: StandingsData, build: () => { standings: StandingsData }): { standings: StandingsData };
  /** The sport's list version; concurrent callers share one read. */
  readVersion(sport: Sport): Promise<number>;
}

export function createMatchCentreCache(options: { db: Db; now: () => number; cacheSize: number }): MatchCentreCache {
  const { db, now, cacheSize } = options;

  /**
   * In front of every match read: the answer as it was at a list version of the sport. Every
   * writer of a match, its events, statistics or lineups (the feed sink, imports, replays) raises
   * that version in the same transaction, so while it stands nothing such an answer reads can
   * have changed — for a live match too. The one thing time alone changes is the three-month
   * rule, kept as `expiresAtSec`. The version is read before the data, so an entry never claims
   * a newer version than what it holds; concurrent requests share one version read.
   */
  const fronts = new Lru<string, { version: number; expiresAtSec: number; value: unknown }>(cacheSize);
  /**
   * Tabs of matches that are over (overview, events, statistics, lineups, players), keyed by
   * tab, match and language. Safe because every detail read first reads the match row anyway
   * (existence and the three-month rule), and an entry is served only while that row's
   * `updated_at`, status and kick-off are the ones it was built from: the feed sink writes a
   * match's events, statistics and lineups in the same transaction that sets its `updated_at`,
   * so any later correction is seen by every process at once. The data is read after the row,
   * so an entry is never older than its stamp. Live matches are never cached: they are read
   * fresh on every request.
   */
  const details = new Lru<string, { stamp: string; value: unknown }>(cacheSize);
  /**
   * Head-to-head, keyed by match and language. It reads only finished matches before the
   * match's kick-off. Before kick-off an entry lives while the sport's list version stands
   * (every writer of matches raises it, so a team's result in between is never missed). Once
   * the match has kicked off, nothing before it can still be played: only a correction or an
   * import of old results could change it, and an entry is reused for at most H2H_REUSE_MS
   * before the list version is asked again.
   */
  const h2hEntries = new Lru<string, { stamp: string; listVersion: number; builtAtMs: number; value: H2hData }>(cacheSize);
  /**
   * Season tables, keyed by season and language. An entry is served only while the digest of
   * the season's matches, point deductions and tie-break chain (readSeasonDigest, one
   * aggregate read over the season's index) equals the one it was built from. Deductions and
   * imports do not move the live-score list version, and live simulated matches (which belong
   * to no season) move it every few seconds, so the digest is both safer and steadier than it.
   */
  const seasonTables = new Lru<string, { digest: string; value: StandingsData }>(cacheSize);
  const matchTables = new Lru<string, { base: StandingsData; value: { standings: StandingsData } }>(cacheSize);

  const versionReads = new Map<Sport, Promise<number>>();
  function readVersion(sport: Sport): Promise<number> {
    let pending = versionReads.get(sport);
    if (!pending) {
      pending = readListVersion(db, sport).finally(() => versionReads.delete(sport));
      versionReads.set(sport, pending);
    }
    return pending;
  }

  return {
    readVersion,

    async gated(key, sport, read) {
      const version = await readVersion(sport);
      const front = fronts.get(key);
      if (front && front.version === version && Math.floor(now() / 1000) < front.expiresAtSec) {
        return front.value as Awaited<ReturnType<typeof read>>['value'];
      }
      const { value, expiresAtSec } = await read();
      fronts.set(key, { version, expiresAtSec, value });
      return value;
    },

    async finalDetail(key, stamp, build) {
      const cached = details.get(key);
      if (cached && cached.stamp === stamp) return cached.value as Awaited<ReturnType<typeof build>>;
      const value = await build();
      details.set(key, { stamp, value });
      return value;
    },

    async h2h(key, match, build) {
      const cached = h2hEntries.get(key);
      let listVersion: number | undefined;
      if (cached && cached.stamp === match.stamp) {
        if (match.hasKickedOff && now() - cached.builtAtMs < H2H_REUSE_MS) return cached.value;
        listVersion = await readVersion(match.sport);
        if (listVersion === cached.listVersion) {
          cached.builtAtMs = now();
          return cached.value;
        }
      }
      // The version is read before the matches, so an entry never claims a newer version than its data.
      listVersion ??= await readVersion(match.sport);
      const value = await build();
      h2hEntries.set(key, { stamp: match.stamp, listVersion, builtAtMs: now(), value });
      return value;
    },

    async seasonTable(seasonId, locale, build) {
      const digest = await readSeasonDigest(db, seasonId);
      const key = `${seasonId}|${locale}`;
      const cached = seasonTables.get(key);
      if (cached && cached.digest === digest) return cached.value;
      const value = await build();
      if (value !== null) seasonTables.set(key, { digest, value });
      return value;
    },

    matchTable(key, base, build) {
      const cached = matchTables.get(key);
      if (cached && cached.base === base) return cached.value;
      const value = build();
      matchTables.set(key, { base, value });
      return value;
    },
  };
}
