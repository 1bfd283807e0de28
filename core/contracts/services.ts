import type { Locale } from '../locale';
import type { UserInfo } from './account';
import type { BasketballData, BasketballMatch, Competition, FootballListData, FootballMatch, HotListData } from './matches';

/**
 * What the web app's server-side loaders may ask of the server: the server passes an object
 * of this shape as React Router's load context. The app never imports server internals.
 */
export interface MatchReadServices {
  /**
   * day: unix seconds of the day's start; defaults to today (UTC).
   * locale: language of competition names; defaults to Turkish.
   */
  listFootball(options: { day?: number; keywords?: string; locale?: Locale }): Promise<FootballListData>;
  listHotFootball(options: { day?: number; page?: number; size?: number; locale?: Locale }): Promise<HotListData>;
  listBasketball(options: { timestamp?: number; locale?: Locale }): Promise<BasketballData>;
  findFootballMatch(options: {
    matchId: number;
    locale?: Locale;
  }): Promise<{ match: FootballMatch; competition: Competition } | null>;
  findBasketballMatch(options: {
    matchId: number;
    locale?: Locale;
  }): Promise<{ match: BasketballMatch; competition: Competition } | null>;
}

/** Configuration the browser may see (an explicit allow-list). */
export interface PublicConfig {
  /** WebSocket URL of the live broker; null means the same origin's /mqtt */
  brokerWsUrl: string | null;
  buildId: string;
  appStore: { enabled: boolean; iosUrl: string; androidUrl: string };
  /**
   * Sign-in providers that are switched on ('google', 'apple', 'facebook'): the login page shows
   * a button for each. Absent means none, the same as [].
   */
  oauthProviders?: readonly string[];
}

/** A new one for every request: `currentUser` is the signed-in reader of that request. */
export interface ServerLoadContext {
  matches: MatchReadServices;
  config: PublicConfig;
  /** the account of the request's session (cookie or Token header), or null when signed out */
  currentUser: UserInfo | null;
}
