import type { Sport } from '../../../core/contracts/matches';
import type { NextKickOff } from '../../../core/contracts/next-kick-off';
import type { MatchReadServices } from '../../../core/contracts/services';
import { HOT_LIST_PAGE_SIZE } from '../../../core/constants';
import { DEFAULT_LOCALE } from '../../../core/locale';
import type { Db } from '../../db/client';
import { buildBasketballList } from './basketball-list';
import { buildFootballList, buildHotList, footballListValidUntil } from './football-lists';
import { filterByKeywords } from './keyword-filter';
import { readListVersion } from './list-version';
import { toBasketballMatch, toCompetition, toFootballMatch } from './match-mappers';
import { findMatchRow, listDayMatchRows, type MatchRow } from './match-rows';
import { findNextKickOff } from './next-kick-off';
import { Lru } from '../../lib/lru';

const DAY_SECONDS = 86_400;
/** Days kept in memory per process: today, yesterday, tomorrow and a few a reader browsed to. */
const MAX_CACHED_DAYS = 16;
/** Match headers kept (detail pages); a few hundred bytes each. */
const MAX_CACHED_HEADERS = 4000;
/** Built answers kept per day; more distinct keyword searches than this are rebuilt each time. */
const MAX_BUILT_PER_DAY = 64;

export type MatchService = MatchReadServices & {
  /** the earliest match still to start after now (decision 091: quiet hours say when play resumes) */
  findNextKickOff(options: { sport?: Sport }): Promise<NextKickOff | null>;
};

interface BuiltAnswer {
  value: unknown;
  /** the first second at which the clock alone would change this answer */
  validUntilSec: number;
}

interface DaySnapshot {
  version: number;
  rows: MatchRow[];
  built: Map<string, BuiltAnswer>;
}

/**
 * The live-score reads: the day's football lists (all and hot), the day's basketball lists and
 * one match's header. A day is [day, day + 86400) in unix seconds; without one, today's UTC day.
 * `now` (milliseconds, like Date.now) decides which not-started matches are "soon" or stale.
 *
 * Every list request costs at most one primary-key read (requests arriving while one is under
 * way share it): a day's rows are kept in memory until the sport's list version moves
 * (list-version.ts), and a built answer is reused until the version moves or the clock reaches
 * the next second that would change it (a match becoming "soon" or stale). Returned objects are
 * shared between callers: treat them as read-only.
 */
export function createMatchService(options: { db: Db; now?: () => number }): MatchService {
  const { db } = options;
  const now = options.now ?? Date.now;
  const snapshots = new Map<string, DaySnapshot>();
  // Requests arriving together after a change share one reload instead of each running it.
  const loading = new Map<string, Promise<DaySnapshot>>();
  // A version read started after a request arrived would tell it nothing newer than one already
  // under way, give or take the read's own few milliseconds: concurrent requests share it.
  const versionReads = new Map<Sport, Promise<number>>();

  function readVersion(sport: Sport): Promise<number> {
    let pending = versionReads.get(sport);
    if (!pending) {
      pending = readListVersion(db, sport).finally(() => versionReads.delete(sport));
      versionReads.set(sport, pending);
    }
    return pending;
  }

  /**
   * A match page's header, kept while the sport's list version stands: every write of a match
   * raises it in the same transaction, so an entry built at the current version is the row as
   * it is. The version is read before the row, so an entry never claims a newer one than its data.
   */
  const headers = new Lru<string, { version: number; value: unknown }>(MAX_CACHED_HEADERS);
  async function findHeader<T>(sport: Sport, matchId: number, locale: string, map: (row: MatchRow) => T): Promise<T | null> {
    const version = await readVersion(sport);
    const key = `${sport}|${matchId}|${locale}`;
    const cached = headers.get(key);
    if (cached && cached.version === version) return cached.value as T | null;
    const row = await findMatchRow(db, { sport, matchId });
    const value = row ? map(row) : null;
    headers.set(key, { version, value });
    return value;
  }

  function nowSec(): number {
    return Math.floor(now() / 1000);
  }

  function dayStart(day: number | undefined): number {
    const current = nowSec();
    return day ?? current - (current % DAY_SECONDS);
  }

  async function loadDay(sport: Sport, fromSec: number): Promise<DaySnapshot> {
    const key = `${sport}:${fromSec}`;
    const version = await readVersion(sport);
    const cached = snapshots.get(key);
    if (cached && cached.version === version) return cached;
    const loadKey = `${key}@${version}`;
    let pending = loading.get(loadKey);
    if (!pending) {
      pending = listDayMatchRows(db, { sport, fromSec, toSec: fromSec + DAY_SECONDS })
        .then((rows) => {
          const snapshot: DaySnapshot = { version, rows, built: new Map() };
          snapshots.delete(key);
          snapshots.set(key, snapshot);
          // Maps iterate in insertion order: the first key is the day loaded longest ago.
          if (snapshots.size > MAX_CACHED_DAYS) snapshots.delete(snapshots.keys().next().value as string);
          return snapshot;
        })
        .finally(() => loading.delete(loadKey));
      loading.set(loadKey, pending);
    }
    return pending;
  }

  async function buildOnce<T>(
    sport: Sport,
    day: number | undefined,
    key: string,
    build: (rows: MatchRow[], atSec: number) => T,
    validUntil: (rows: MatchRow[], atSec: number) => number = () => Infinity,
  ) {
    const snapshot = await loadDay(sport, dayStart(day));
    const atSec = nowSec();
    const reused = snapshot.built.get(key);
    if (reused !== undefined && atSec < reused.validUntilSec) return reused.value as T;
    const value = build(snapshot.rows, atSec);
    if (reused !== undefined || snapshot.built.size < MAX_BUILT_PER_DAY) {
      snapshot.built.set(key, { value, validUntilSec: validUntil(snapshot.rows, atSec) });
    }
    return value;
  }

  return {
    listFootball({ day, keywords = '', locale = DEFAULT_LOCALE }) {
      return buildOnce(
        'football',
        day,
        `all|${locale}|${keywords}`,
        (rows, atSec) => buildFootballList(filterByKeywords(rows, keywords), { nowSec: atSec, locale }),
        footballListValidUntil,
      );
    },

    listHotFootball({ day, page = 1, size = HOT_LIST_PAGE_SIZE, locale = DEFAULT_LOCALE }) {
      return buildOnce(
        'football',
        day,
        `hot|${locale}|${page}|${size}`,
        (rows, atSec) => buildHotList(rows, { nowSec: atSec, locale, page, size }),
        footballListValidUntil,
      );
    },

    listBasketball({ timestamp, locale = DEFAULT_LOCALE }) {
      return buildOnce('basketball', timestamp, `all|${locale}`, (rows) => buildBasketballList(rows, { locale }));
    },

    findFootballMatch({ matchId, locale = DEFAULT_LOCALE }) {
      return findHeader('football', matchId, locale, (row) => ({ match: toFootballMatch(row), competition: toCompetition(row, locale) }));
    },

    findBasketballMatch({ matchId, locale = DEFAULT_LOCALE }) {
      return findHeader('basketball', matchId, locale, (row) => ({ match: toBasketballMatch(row), competition: toCompetition(row, locale) }));
    },

    findNextKickOff({ sport }) {
      return findNextKickOff(db, { afterSec: nowSec(), ...(sport ? { sport } : {}) });
    },
  };
}
