/**
 * Sub-views of the match pages, in the specification's order (section 2); each is its own
 * address (/football/Details/{id}/{tab}). The specification's names are kept in the addresses
 * and mapped to what they show: football "sorting" is the competition's standings, "sequence"
 * the lineups (the starting order of the players, drawn on a pitch, with bench and
 * substitutions), "scoreDetails" the score by period with every statistic; basketball
 * "analysis" is head to head and form.
 */
export const FOOTBALL_TABS = ['h2h', 'sorting', 'overview', 'sequence', 'playerData', 'predictions', 'scoreDetails'] as const;
export type FootballTab = (typeof FOOTBALL_TABS)[number];

export const BASKETBALL_TABS = ['analysis', 'overview', 'standings', 'playerData', 'scoreDetails', 'popularLeagues'] as const;
export type BasketballTab = (typeof BASKETBALL_TABS)[number];

/** The tab a detail page opens on when its address names none. */
export const DEFAULT_DETAIL_TAB = 'overview';

/**
 * The tab named in the address: the default when none is named, null when the name is not one
 * of the sport's tabs (the page answers 404 rather than showing a made-up tab).
 */
export function resolveTab<T extends string>(tabs: readonly T[], value: string | undefined): T | null {
  if (value === undefined || value === '') return tabs.find((tab) => tab === DEFAULT_DETAIL_TAB) ?? null;
  return tabs.find((tab) => tab === value) ?? null;
}
