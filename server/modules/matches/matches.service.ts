import type { Sport } from '../../../core/contracts/matches';
import type { MatchReadServices } from '../../../core/contracts/services';
import { HOT_LIST_PAGE_SIZE } from '../../../core/constants';
import { DEFAULT_LOCALE } from '../../../core/locale';
import type { Db } from '../../db/client';
import { buildBasketballList } from './basketball-list';
import { buildFootballList, buildHotList } from './football-lists';
import { filterByKeywords } from './keyword-filter';
import { readListVersion } from './list-version';
import { toBasketballMatch, toCompetition, toFootballMatch } from './match-mappers';
import { findMatchRow, listDayMatchRows, type MatchRow } from './match-rows';

const DAY_SECONDS = 86_400;
/** Days kept in memory per process: today, yesterday, tomorrow and a few a reader browsed to. */
const MAX_CACHED_DAYS = 16;
/** Built answers kept per day and second; more distinct keyword searches than this are rebuilt. */
const MAX_BUILT_PER_SECOND = 64;

export type MatchService = MatchReadServices;

interface DaySnapshot {
  version: number;
  rows: MatchRow[];
  /** answers built from these rows during `builtAtSec`: they depend on the clock only by the second */
  builtAtSec: number;
  built: Map<string, unknown>;
}

/**
 * The live-score reads: the day's football lists (all and hot), the day's basketball lists and
 * one match's header. A day is [day, day + 86400) in unix seconds; without one, today's UTC day.
 * `now` (milliseconds, like Date.now) decides which not-started matches are "soon" or stale.
 *
 * Every list request costs one primary-key read: a day's rows are kept in memory until the
 * sport's list version moves (list-version.ts), and an answer built in one second is reused in
 * that second. Returned objects are shared between callers: treat them as read-only.
 */
export function createMatchService(options: { db: Db; now?: () => number }): MatchService {
  const { db } = options;
  const now = options.now ?? Date.now;
  const snapshots = new Map<string, DaySnapshot>();
  // Requests arriving together after a change share one reload instead of each running it.
  const loading = new Map<string, Promise<DaySnapshot>>();

  function nowSec(): number {
    return Math.floor(now() / 1000);
  }

  function dayStart(day: number | undefined): number {
    const current = nowSec();
    return day ?? current - (current % DAY_SECONDS);
  }

  async function loadDay(sport: Sport, fromSec: number): Promise<DaySnapshot> {
    const key = `${sport}:${fromSec}`;
    const version = await readListVersion(db, sport);
    const cached = snapshots.get(key);
    if (cached && cached.version === version) return cached;
    const loadKey = `${key}@${version}`;
    let pending = loading.get(loadKey);
    if (!pending) {
      pending = listDayMatchRows(db, { sport, fromSec, toSec: fromSec + DAY_SECONDS })
        .then((rows) => {
          const snapshot: DaySnapshot = { version, rows, builtAtSec: -1, built: new Map() };
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
  ) {
    const snapshot = await loadDay(sport, dayStart(day));
    const atSec = nowSec();
    if (snapshot.builtAtSec !== atSec) {
      snapshot.builtAtSec = atSec;
      snapshot.built.clear();
    }
    const reused = snapshot.built.get(key);
    if (reused !== undefined) return reused as T;
    const value = build(snapshot.rows, atSec);
    if (snapshot.built.size < MAX_BUILT_PER_SECOND) snapshot.built.set(key, value);
    return value;
  }

  return {
    listFootball({ day, keywords = '', locale = DEFAULT_LOCALE }) {
      return buildOnce('football', day, `all|${locale}|${keywords}`, (rows, atSec) =>
        buildFootballList(filterByKeywords(rows, keywords), { nowSec: atSec, locale }),
      );
    },

    listHotFootball({ day, page = 1, size = HOT_LIST_PAGE_SIZE, locale = DEFAULT_LOCALE }) {
      return buildOnce('football', day, `hot|${locale}|${page}|${size}`, (rows, atSec) =>
        buildHotList(rows, { nowSec: atSec, locale, page, size }),
      );
    },

    listBasketball({ timestamp, locale = DEFAULT_LOCALE }) {
      return buildOnce('basketball', timestamp, `all|${locale}`, (rows) => buildBasketballList(rows, { locale }));
    },

    async findFootballMatch({ matchId, locale = DEFAULT_LOCALE }) {
      const row = await findMatchRow(db, { sport: 'football', matchId });
      return row ? { match: toFootballMatch(row), competition: toCompetition(row, locale) } : null;
    },

    async findBasketballMatch({ matchId, locale = DEFAULT_LOCALE }) {
      const row = await findMatchRow(db, { sport: 'basketball', matchId });
      return row ? { match: toBasketballMatch(row), competition: toCompetition(row, locale) } : null;
    },
  };
}
