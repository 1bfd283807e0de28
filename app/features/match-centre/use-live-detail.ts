import { useCallback, useEffect, useRef, useState } from 'react';
import type { LineupsData } from '../../../core/contracts/match-centre';
import type { Sport } from '../../../core/contracts/matches';
import { endpointCalls } from '../../lib/endpoint-calls';
import { useLiveMatchMessages, useLiveMessages } from '../../live/live-provider';
import { applyDetailMessage, isLineupsChange, type LiveDetail } from './live-detail';

/**
 * A match page's timeline, statistics and momentum kept current over the live channel: starts
 * from the loader's data (and starts again when the loader runs again, e.g. after a reconnect)
 * and applies this match's messages with applyDetailMessage — its events from the sport's topic,
 * its statistics and momentum from its own topic, followed while the page is open.
 */
export function useLiveDetail(sport: Sport, matchId: number, loaded: LiveDetail): LiveDetail {
  const [state, setState] = useState({ source: loaded, detail: loaded });
  let current = state;
  if (state.source !== loaded) {
    current = { source: loaded, detail: loaded };
    setState(current);
  }
  const apply = (message: Parameters<typeof applyDetailMessage>[2]) => {
    setState((s) => {
      const detail = applyDetailMessage(s.detail, matchId, message);
      return detail === s.detail ? s : { ...s, detail };
    });
  };
  // The timeline's events come on the sport's topic; statistics and momentum on the match's own.
  useLiveMessages(sport, apply);
  useLiveMatchMessages(sport, matchId, apply);
  return current.detail;
}

// The endpoints and their schemas come with the first refetch, not with the page (as in app/live/use-live-lists.ts).
const matchCentre = endpointCalls(async () => (await import('../../../core/contracts/match-centre')).matchCentreEndpoints);

function fetchLineups(sport: Sport, matchId: number, signal: AbortSignal): Promise<LineupsData> {
  return matchCentre(sport === 'football' ? 'footballLineups' : 'basketballLineups', { params: { id: matchId }, signal });
}

/**
 * Lineups shown on a page, fetched again over HTTP when the live channel says they changed
 * (`lineups_changed`). A failed fetch keeps what is shown; the next change tries again.
 */
export function useLiveLineups(sport: Sport, matchId: number, loaded: LineupsData): LineupsData {
  const [state, setState] = useState({ source: loaded, lineups: loaded });
  let current = state;
  if (state.source !== loaded) {
    current = { source: loaded, lineups: loaded };
    setState(current);
  }
  const inFlight = useRef<AbortController | null>(null);
  const refetch = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      const lineups = await fetchLineups(sport, matchId, controller.signal);
      if (!controller.signal.aborted) setState((s) => ({ ...s, lineups }));
    } catch {
      // Keep the lineups on screen.
    }
  }, [sport, matchId]);
  useEffect(() => () => inFlight.current?.abort(), []);
  useLiveMessages(sport, (message) => {
    if (isLineupsChange(message, matchId)) void refetch();
  });
  return current.lineups;
}
