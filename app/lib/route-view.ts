import { useMatches } from 'react-router';

/** The sub-view in a route id `{locale}/{page}/{view}` (app/routes.ts); null for the page itself. */
export function viewOfRouteId(id: string | undefined): string | null {
  const parts = (id ?? '').split('/');
  return parts.length >= 3 ? (parts[parts.length - 1] ?? null) : null;
}

/** The sub-view of the current page from its route id, for meta functions. */
export function viewOfMatches(matches: readonly ({ id: string } | undefined)[]): string | null {
  return viewOfRouteId(matches[matches.length - 1]?.id);
}

/** The sub-view of the current page; null on the page itself. */
export function useRouteView(): string | null {
  return viewOfMatches(useMatches());
}
