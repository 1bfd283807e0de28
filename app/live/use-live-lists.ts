import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { BasketballData, FootballListData, LiveMessage } from '../../core/contracts/matches';
import {
  applyBasketballMessage,
  applyFootballMessage,
  createBasketballLists,
  createFootballLists,
  dropStaleNotStarted,
  type BasketballLists,
  type FootballLists,
} from '../../core/match/lists';
import { endpointCalls } from '../lib/endpoint-calls';
import { knownFootballMatches } from './known-matches';
import { useLiveMessages } from './live-provider';
import { useStaleRefetch } from './stale-refetch';
import { startOfZonedDaySec } from '../lib/match-time';
import { useTimeZone } from '../lib/time-zone';

// The endpoints and their schemas (zod) are loaded with the first refetch, not with the page:
// the page's own data comes from the loader, and refetches are rare.
export const liveListCalls = endpointCalls(async () => (await import('../../core/contracts/matches')).matchesEndpoints);

/** How often not-started lists are checked for matches that should have started long ago. */
export const STALE_CHECK_MS = 60_000;

function withoutStale(lists: FootballLists, nowSec: number): FootballLists {
  const notStarted = dropStaleNotStarted(lists.notStarted, nowSec);
  return notStarted === lists.notStarted ? lists : { ...lists, notStarted };
}

function rememberAll(lists: FootballLists) {
  for (const groups of [lists.live, lists.notStarted, lists.finished, lists.other]) knownFootballMatches.rememberGroups(groups);
  knownFootballMatches.rememberCompetitions(lists.competitions);
}

/**
 * Keeps a page's lists current: starts from the loader's data, applies every live message with
 * the core reducer, and refetches after a reconnect or a long hidden spell. Messages that arrive
 * while a refetch is in flight are applied again on top of its answer, so none is lost.
 */
function useLiveLists<Data, Lists>(options: {
  data: Data;
  sport: 'football' | 'basketball';
  create: (data: Data) => Lists;
  apply: (lists: Lists, message: LiveMessage, nowMs: number) => Lists;
  fetchFresh: (signal: AbortSignal) => Promise<Data | null>;
  onFresh?: (lists: Lists) => void;
}): [Lists, (update: (lists: Lists) => Lists) => void] {
  const { data, create, apply, fetchFresh, onFresh } = options;
  const [state, setState] = useState(() => ({ source: data, lists: create(data) }));
  let current = state;
  if (state.source !== data) {
    // New loader data (navigation or revalidation) replaces whatever the page had.
    current = { source: data, lists: create(data) };
    setState(current);
  }

  const latest = useRef({ create, apply, fetchFresh, onFresh });
  useEffect(() => {
    latest.current = { create, apply, fetchFresh, onFresh };
  });

  useEffect(() => {
    latest.current.onFresh?.(state.lists);
    // Only when the source changes: live updates are tracked by the pop-up layer itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.source]);

  const pending = useRef<LiveMessage[] | null>(null);
  useLiveMessages(options.sport, (message) => {
    pending.current?.push(message);
    setState((s) => {
      const lists = latest.current.apply(s.lists, message, Date.now());
      return lists === s.lists ? s : { ...s, lists };
    });
  });

  const inFlight = useRef<AbortController | null>(null);
  const refetch = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    const buffered: LiveMessage[] = [];
    pending.current = buffered;
    try {
      const fresh = await latest.current.fetchFresh(controller.signal);
      if (fresh === null || controller.signal.aborted) return;
      let lists = latest.current.create(fresh);
      for (const message of buffered) lists = latest.current.apply(lists, message, Date.now());
      latest.current.onFresh?.(lists);
      // A whole new day re-renders every row: a transition, rendered in slices (decision 092).
      startTransition(() => setState((s) => ({ source: s.source, lists })));
    } catch {
      // Keep what is shown; the next reconnect or return to the tab tries again.
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        pending.current = null;
      }
    }
  }, []);
  useEffect(() => () => inFlight.current?.abort(), []);
  useStaleRefetch(() => void refetch());

  const update = useCallback((change: (lists: Lists) => Lists) => {
    setState((s) => {
      const lists = change(s.lists);
      return lists === s.lists ? s : { ...s, lists };
    });
  }, []);

  return [current.lists, update];
}

/**
 * Today's football lists, live. `select` narrows a refetched day the way the loader narrowed
 * the first one (the home page keeps only its hot competitions).
 */
export function useFootballLists(options: {
  data: FootballListData;
  nowSec: number;
  select?: (data: FootballListData) => FootballListData;
}): FootballLists {
  const { nowSec, select } = options;
  // Today is the reader's day in the page's zone, as the loader read it (decision 115).
  const timeZone = useTimeZone();
  const [lists, update] = useLiveLists<FootballListData, FootballLists>({
    data: options.data,
    sport: 'football',
    create: (data) => withoutStale(createFootballLists(data), nowSec),
    apply: (lists, message, nowMs) => applyFootballMessage(lists, message, nowMs).lists,
    fetchFresh: async (signal) => {
      const data = await liveListCalls('footballList', { query: { day: startOfZonedDaySec(Date.now(), timeZone) }, signal });
      return select ? select(data) : data;
    },
    onFresh: rememberAll,
  });

  useEffect(() => {
    const check = () => update((l) => withoutStale(l, Math.floor(Date.now() / 1000)));
    check();
    const timer = setInterval(check, STALE_CHECK_MS);
    return () => clearInterval(timer);
  }, [update]);

  return lists;
}

export function useBasketballLists(options: { data: BasketballData }): BasketballLists {
  const timeZone = useTimeZone();
  const [lists] = useLiveLists<BasketballData, BasketballLists>({
    data: options.data,
    sport: 'basketball',
    create: createBasketballLists,
    apply: applyBasketballMessage,
    fetchFresh: (signal) => liveListCalls('basketballList', { query: { timestamp: startOfZonedDaySec(Date.now(), timeZone) }, signal }),
  });
  return lists;
}
