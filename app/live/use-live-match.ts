import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { LiveMessage, Sport } from '../../core/contracts/matches';
import { useLiveMessages } from './live-provider';
import { useStaleRefetch } from './stale-refetch';

/**
 * One match kept current over the live channel (detail pages): starts from the loader's match,
 * applies messages about it with `apply` (the core reducers), flags score changes for the
 * highlight, and re-runs the loader after a reconnect or a long hidden spell.
 */
export function useLiveMatch<M extends { match_id: number; a0: number; b0: number }>(options: {
  sport: Sport;
  match: M;
  apply: (match: M, message: LiveMessage, nowMs: number) => M;
}): { match: M; changedAt: Record<string, number> } {
  const { sport, match: loaded, apply } = options;
  const [state, setState] = useState({ source: loaded, match: loaded, changedAt: {} as Record<string, number> });
  let current = state;
  if (state.source !== loaded) {
    current = { source: loaded, match: loaded, changedAt: {} };
    setState(current);
  }

  useLiveMessages(sport, (message) => {
    if (message.data.match_id !== loaded.match_id) return;
    setState((s) => {
      const nowMs = Date.now();
      const match = apply(s.match, message, nowMs);
      if (match === s.match) return s;
      const scored = match.a0 !== s.match.a0 || match.b0 !== s.match.b0;
      return { ...s, match, changedAt: scored ? { [String(match.match_id)]: nowMs } : s.changedAt };
    });
  });

  const revalidator = useRevalidator();
  useStaleRefetch(() => {
    if (revalidator.state === 'idle') void revalidator.revalidate();
  });

  return { match: current.match, changedAt: current.changedAt };
}
