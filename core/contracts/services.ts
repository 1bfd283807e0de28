import type { Locale } from '../locale';
import type { UserInfo } from './account';
import type {
  BasketballOverviewData,
  CompetitionPageData,
  FootballOverviewData,
  H2hData,
  LineupsData,
  PlayersData,
  StandingsData,
  StatisticsData,
  TeamPageData,
} from './match-centre';
import type { BasketballData, BasketballMatch, Competition, FootballListData, FootballMatch, HotListData, Sport } from './matches';
import type { NextKickOff } from './next-kick-off';
import type { SearchData } from './search';

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
  /** the earliest match still to start, of one sport or of both (same answer as /api/match/next_kick_off) */
  findNextKickOff(options: { sport?: Sport }): Promise<NextKickOff | null>;
}

/**
 * A match detail read: the data, `null` when no such match exists, or `'expired'` when the
 * match is older than three months and has no detail (sections 5 and 9).
 */
export type DetailResult<T> = T | null | 'expired';

/** The match centre's reads (same answers as its HTTP API). */
export interface MatchCentreReadServices {
  footballOverview(options: { matchId: number; locale?: Locale }): Promise<DetailResult<FootballOverviewData>>;
  basketballOverview(options: { matchId: number; locale?: Locale }): Promise<DetailResult<BasketballOverviewData>>;
  statistics(options: { sport: Sport; matchId: number }): Promise<DetailResult<StatisticsData>>;
  lineups(options: { sport: Sport; matchId: number }): Promise<DetailResult<LineupsData>>;
  players(options: { sport: Sport; matchId: number }): Promise<DetailResult<PlayersData>>;
  h2h(options: { sport: Sport; matchId: number; locale?: Locale }): Promise<DetailResult<H2hData>>;
  /** the table of the match's season (or the competition's latest), the two teams highlighted; null inside when there is none */
  matchStandings(options: { sport: Sport; matchId: number; locale?: Locale }): Promise<DetailResult<{ standings: StandingsData | null }>>;
  competitionPage(options: { competitionId: number; seasonId?: number; locale?: Locale }): Promise<CompetitionPageData | null>;
  teamPage(options: { teamId: number; locale?: Locale }): Promise<TeamPageData | null>;
}

/** Search over teams, competitions and matches (same answers as GET /api/search). */
export interface SearchReadServices {
  search(options: { q: string; locale?: Locale }): Promise<SearchData>;
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
  matchCentre: MatchCentreReadServices;
  /** absent in loader tests that do not search */
  search?: SearchReadServices;
  config: PublicConfig;
  /** the account of the request's session (cookie or Token header), or null when signed out */
  currentUser: UserInfo | null;
  /**
   * This response's Content Security Policy nonces (docs/decisions/072): inline scripts and
   * `<style>` elements the page renders carry them. Absent when the server sends no policy.
   */
  cspNonce?: CspNonce;
}

export interface CspNonce {
  script: string;
  style: string;
}
