import { localizePath, splitLocalePath } from '../locale';
import type { Locale } from '../locale';

/** Football match-detail sub-views (section 2), as they appear in URLs. */
export const FOOTBALL_TABS = ['h2h', 'sorting', 'overview', 'sequence', 'playerData', 'predictions', 'scoreDetails'] as const;
export type FootballTab = (typeof FOOTBALL_TABS)[number];

/** Basketball match-detail sub-views (section 2), as they appear in URLs. */
export const BASKETBALL_TABS = ['analysis', 'overview', 'standings', 'playerData', 'scoreDetails', 'popularLeagues'] as const;
export type BasketballTab = (typeof BASKETBALL_TABS)[number];

export interface Redirect {
  location: string;
  status: 301 | 308;
}

const DATE = String.raw`\d{4}-\d{2}-\d{2}`;
const ALNUM = '[A-Za-z0-9]+';
// One trailing slash is the same old URL typed or linked a little differently.
const END = '/?$';

const SPORTS_CODE = new RegExp(`^/sports_(\\d{3})/${DATE}/${ALNUM}${END}`);
const SPORTS_DATED = new RegExp(`^/sports/${DATE}/${ALNUM}${END}`);
// '#' never reaches a server raw: links written with it arrive percent-encoded as %23.
const HOME_DATED = new RegExp(`^/(?:home|#contact|%23contact|#about-us|%23about-us)/${DATE}/${ALNUM}${END}`);
/**
 * Old detail URLs appended a marker to the id: 1111 for football, 111 for basketball. Reading
 * the marker off is unambiguous only because Tribün's match ids never end in 111; whoever
 * allocates match ids must keep it that way.
 */
const LEGACY_FOOTBALL_DETAIL = /^\/football\/Details\/(\d+)1111(?:\/([A-Za-z0-9]+))?\/?$/;
const LEGACY_BASKETBALL_DETAIL = /^\/basketball\/Details\/(\d+)111(?:\/([A-Za-z0-9]+))?\/?$/;

function isFootballTab(tab: string): tab is FootballTab {
  return (FOOTBALL_TABS as readonly string[]).includes(tab);
}

function isBasketballTab(tab: string): tab is BasketballTab {
  return (BASKETBALL_TABS as readonly string[]).includes(tab);
}

function legacyDetailTarget(sport: 'football' | 'basketball', match: RegExpExecArray): string | null {
  const [, id, tab] = match;
  if (id === undefined) return null;
  if (tab === undefined) return `/${sport}/Details/${id}`;
  const known = sport === 'football' ? isFootballTab(tab) : isBasketballTab(tab);
  return known ? `/${sport}/Details/${id}/${tab}` : null;
}

/** Target of an old-URL rule, on the unprefixed path; null when no rule applies. */
function ruleTarget(path: string): string | null {
  const sports = SPORTS_CODE.exec(path);
  if (sports !== null) return `/sports/${sports[1]}`;
  if (SPORTS_DATED.test(path)) return '/sports';
  if (HOME_DATED.test(path)) return '/';
  const football = LEGACY_FOOTBALL_DETAIL.exec(path);
  if (football !== null) return legacyDetailTarget('football', football);
  const basketball = LEGACY_BASKETBALL_DETAIL.exec(path);
  if (basketball !== null) return legacyDetailTarget('basketball', basketball);
  return null;
}

const AS_IS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?]$/;

/**
 * A path (with its query) as a Location header may carry it: non-ASCII and other characters
 * percent-encoded as UTF-8, existing %XX escapes kept (so an encoded path stays as it is), a
 * stray % encoded, and exactly one leading slash: `//host/…` or `/\host/…` would send a
 * browser to another site.
 */
export function toLocationPath(path: string): string {
  let encoded = '';
  for (let index = 0; index < path.length; index++) {
    const char = path.charAt(index);
    if (char === '%') {
      encoded += /^[0-9A-Fa-f]{2}$/.test(path.slice(index + 1, index + 3)) ? '%' : '%25';
      continue;
    }
    if (AS_IS.test(char)) {
      encoded += char;
      continue;
    }
    const codePoint = path.codePointAt(index) ?? 0xfffd;
    const whole = String.fromCodePoint(codePoint);
    if (whole.length === 2) index++;
    // a lone surrogate has no UTF-8 form: the replacement character stands in
    encoded += encodeURIComponent(codePoint >= 0xd800 && codePoint <= 0xdfff ? '\ufffd' : whole);
  }
  return `/${encoded.replace(/^\/+/, '')}`;
}

/**
 * Permanent redirect for an incoming pathname (section 2), or null to serve it as it is.
 * The rules apply to the path without its locale prefix, and the target keeps that prefix
 * (/en/home/… → /en). A /tr prefix is dropped: Turkish URLs carry none. The caller appends
 * the query string.
 */
export function findRedirect(pathname: string): Redirect | null {
  const { locale, path, prefix } = splitLocalePath(pathname);
  const target = ruleTarget(path);
  if (target === null && prefix !== '/tr') return null;
  return { location: toLocationPath(localizePath(target ?? path, locale)), status: 301 };
}

export type MatchDetailPath =
  | { sport: 'football'; matchId: number; tab: FootballTab | null; locale: Locale }
  | { sport: 'basketball'; matchId: number; tab: BasketballTab | null; locale: Locale };

const DETAIL = /^\/(football|basketball)\/Details\/([1-9]\d*)(?:\/([A-Za-z0-9]+))?\/?$/;

/**
 * Reads a match-detail path (/football/Details/{id}[/{tab}], /basketball/Details/{id}[/{tab}],
 * with or without a locale prefix). Null when the path is not one, the id is not a positive
 * integer, or the tab is not a sub-view of that sport.
 */
export function parseMatchDetailPath(pathname: string): MatchDetailPath | null {
  const { locale, path } = splitLocalePath(pathname);
  const match = DETAIL.exec(path);
  if (match === null) return null;
  const [, sport, id, tab] = match;
  const matchId = Number(id);
  if (!Number.isSafeInteger(matchId)) return null;
  if (sport === 'football') {
    if (tab !== undefined && !isFootballTab(tab)) return null;
    return { sport, matchId, tab: tab ?? null, locale };
  }
  if (tab !== undefined && !isBasketballTab(tab)) return null;
  return { sport: 'basketball', matchId, tab: tab ?? null, locale };
}
