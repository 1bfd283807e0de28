import { useEffect, useMemo, useRef } from 'react';
import { useMatches, type UIMatch } from 'react-router';
import type { FootballListData } from '../../core/contracts/matches';
import { startOfZonedDaySec } from '../lib/match-time';
import { useTimeZone } from '../lib/time-zone';
import { whenIdle } from '../lib/when-idle';
import { knownFootballMatches, type KnownMatches } from './known-matches';
import { useLiveMessages } from './live-provider';
import { useStaleRefetch } from './stale-refetch';
import { liveListCalls } from './use-live-lists';

/**
 * Today's football list, loaded app-wide once the page is idle (section 8: "at start the app
 * preloads football and basketball match lists for today"), so that the goal pop-up fires on
 * every page — /about, the personal centre, a forecast — and not only on the pages that list
 * matches (docs/decisions/096-popups-on-every-page.md). A live message carries ids and scores but
 * no names; the pop-up needs the match's last-known state (known-matches.ts).
 *
 * Only football: the pop-ups (goal, misjudged) are football's. Basketball's list would be
 * fetched and kept for nothing.
 */

/** The longest the preload waits for an idle moment after the pop-up layer is mounted. */
export const TODAY_PRELOAD_IDLE_TIMEOUT_MS = 3000;

/** How often the open tab checks whether the reader's day changed (then it loads the new day). */
export const DAY_CHECK_MS = 60_000;

export type PreloadOutcome = 'fetched' | 'known' | 'page' | 'failed';

export interface TodayPreload {
  /**
   * Loads today's list (`nowMs` decides the day in the page's zone) unless it is already known: loaded before
   * for this day, or kept by the open page itself (today's football page loads and refetches
   * the same list; fetching it again would be the same bytes twice).
   */
  ensure(nowMs: number): Promise<PreloadOutcome>;
  /** The known list may be stale (a reconnect, a long hidden spell): the next ensure loads again. */
  invalidate(): void;
  /** A live message for this match arrived: its known state is newer than a list in flight. */
  noteMessage(matchId: number): void;
  /** Cancels a load in flight. */
  stop(): void;
}

export function createTodayPreload(options: {
  fetchDay: (daySec: number, signal: AbortSignal) => Promise<FootballListData | null>;
  known: KnownMatches;
  /** whether the open page keeps today's whole football list itself (and refetches it) */
  pageHasDay: (daySec: number) => boolean;
  /** the zone the page is rendered in: today is the reader's day there, as on the list pages */
  timeZone: string;
}): TodayPreload {
  let loadedDay: number | null = null;
  let inFlight: { daySec: number; controller: AbortController; touched: Set<number>; done: Promise<PreloadOutcome> } | null = null;

  function remember(data: FootballListData, touched: ReadonlySet<number>) {
    options.known.rememberCompetitions(data.competitionIndexArr.all);
    const lists = [data.liveGlobal, data.soonGlobal, data.scheduledGlobal, data.finishedGlobal, data.otherGlobal];
    for (const groups of lists) {
      for (const group of groups) {
        for (const match of group.matches) {
          // A message reached this match while the list was on its way: the pop-up layer already
          // applied it to the known state, which the answer (read before it) would set back — and
          // the next message would then pop up the same goal again.
          if (touched.has(match.match_id) && options.known.find(match.match_id) !== null) continue;
          options.known.remember(match);
        }
      }
    }
  }

  async function load(daySec: number): Promise<PreloadOutcome> {
    const controller = new AbortController();
    const touched = new Set<number>();
    const run = (async (): Promise<PreloadOutcome> => {
      try {
        const data = await options.fetchDay(daySec, controller.signal);
        if (data === null || controller.signal.aborted) return 'failed';
        remember(data, touched);
        loadedDay = daySec;
        return 'fetched';
      } catch {
        // Nothing is lost: the pages that list matches still feed the cache, and the next check
        // (a minute later, a reconnect, the day's change) tries again.
        return 'failed';
      } finally {
        if (inFlight?.controller === controller) inFlight = null;
      }
    })();
    inFlight = { daySec, controller, touched, done: run };
    return run;
  }

  return {
    ensure(nowMs) {
      const daySec = startOfZonedDaySec(nowMs, options.timeZone);
      if (loadedDay === daySec) return Promise.resolve('known');
      if (options.pageHasDay(daySec)) {
        loadedDay = daySec;
        return Promise.resolve('page');
      }
      if (inFlight !== null) {
        if (inFlight.daySec === daySec) return inFlight.done;
        inFlight.controller.abort();
      }
      return load(daySec);
    },
    invalidate() {
      loadedDay = null;
    },
    noteMessage(matchId) {
      inFlight?.touched.add(matchId);
    },
    stop() {
      inFlight?.controller.abort();
      inFlight = null;
    },
  };
}

// The endpoint and its schema (zod) come with the first load, not with the page (decision 084).
function fetchFootballDay(daySec: number, signal: AbortSignal): Promise<FootballListData> {
  return liveListCalls('footballList', { query: { day: daySec }, signal });
}

/**
 * Whether one of the open routes is today's football list page (route ids `{locale}/football`,
 * app/routes.ts): it holds the whole day and feeds the cache itself. The home page does not
 * count: it keeps only the hot competitions.
 */
export function routesHaveFootballDay(matches: readonly Pick<UIMatch, 'id' | 'data'>[], daySec: number): boolean {
  return matches.some((match) => {
    if (!match.id.endsWith('/football')) return false;
    const data = match.data as { daySec?: unknown; todaySec?: unknown } | null | undefined;
    return typeof data === 'object' && data !== null && data.daySec === daySec && data.todaySec === daySec;
  });
}

/**
 * Keeps today's football matches known on every page: loads them once the page is idle, again
 * when the day changes, and after a reconnect or a long hidden spell (as the list pages refetch).
 */
export function useTodayPreload(): void {
  const matches = useMatches();
  const timeZone = useTimeZone();
  const routes = useRef(matches);
  useEffect(() => {
    routes.current = matches;
  });
  const preload = useMemo(
    () =>
      createTodayPreload({
        fetchDay: fetchFootballDay,
        known: knownFootballMatches,
        pageHasDay: (daySec) => routesHaveFootballDay(routes.current, daySec),
        timeZone,
      }),
    [timeZone],
  );

  useLiveMessages('football', (message) => preload.noteMessage(message.data.match_id));

  useEffect(() => {
    const cancelIdle = whenIdle(() => void preload.ensure(Date.now()), TODAY_PRELOAD_IDLE_TIMEOUT_MS);
    const timer = window.setInterval(() => void preload.ensure(Date.now()), DAY_CHECK_MS);
    return () => {
      cancelIdle();
      window.clearInterval(timer);
      preload.stop();
    };
  }, [preload]);

  useStaleRefetch(() => {
    preload.invalidate();
    void preload.ensure(Date.now());
  });
}

/** Mounted once, next to the pop-up layer (app/root.tsx): renders nothing. */
export function TodayPreload(): null {
  useTodayPreload();
  return null;
}
