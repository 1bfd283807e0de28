import type { Sport } from '../../../core/contracts/matches';

export const FEED_TABS = ['latest', 'following', 'hot'] as const;
export type FeedTab = (typeof FEED_TABS)[number];

export interface FeedQuery {
  tab: FeedTab;
  sport: Sport | null;
}

/** The feed's tab and sport filter from its address (`?tab=following&sport=basketball`); anything unknown is the default. */
export function parseFeedQuery(search: URLSearchParams): FeedQuery {
  const tab = search.get('tab');
  const sport = search.get('sport');
  return {
    tab: (FEED_TABS as readonly string[]).includes(tab ?? '') ? (tab as FeedTab) : 'latest',
    sport: sport === 'football' || sport === 'basketball' ? sport : null,
  };
}

/** The feed's address for a tab and filter (the defaults left out). */
export function feedHref(base: string, query: FeedQuery): string {
  const params = new URLSearchParams();
  if (query.tab !== 'latest') params.set('tab', query.tab);
  if (query.sport) params.set('sport', query.sport);
  const text = params.toString();
  return text === '' ? base : `${base}?${text}`;
}

/** Appends a further page to a list, leaving out posts already shown (a post can move between pages of a ranked list). */
export function appendPage<T extends { id: number }>(shown: readonly T[], next: readonly T[]): T[] {
  const seen = new Set(shown.map((item) => item.id));
  return [...shown, ...next.filter((item) => !seen.has(item.id))];
}
