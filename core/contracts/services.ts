import type { Locale } from '../locale';
import type { CodeRequestResult, UserInfo } from './account';
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
import type { ContactSent } from './contact';
import type { BettingDayData } from './guessing';
import type { NextKickOff } from './next-kick-off';
import type { SearchData } from './search';
import type { BloggerProfile } from './bloggers';
import type { CommunityPost, PostListData, WeeklyData } from './community';

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

/** The guessing contest's reads for its pages (the same answers as GET /api/guessing/day). */
export interface GuessingReadServices {
  /** day: unix seconds of the day's start (the reader's day); its matches kick off in the 24 hours from it */
  bettingDay(options: { sport: Sport; day: number; locale: Locale }): Promise<BettingDayData>;
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

/**
 * The answer of a page form's write (docs/decisions/100): the same service the API calls,
 * its error already translated into the page's language. `fields` holds one message per field
 * of the body; a failure that names no field has only `message`.
 */
export type FormResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; error: string; message: string; fields: Record<string, string>; retryAfterSec?: number };

/** What a page's action hands a form service: the posted fields as they came, and the page's language. */
export interface FormInput {
  body: Record<string, string>;
  locale: Locale;
}

/** A new session: the user and the `Set-Cookie` value of its HttpOnly session cookie. */
export interface FormSignIn {
  user: UserInfo;
  setCookie: string;
}

/**
 * The account writes the pages' forms make before (or without) their scripts: each validates
 * the body with the API's contract schema and calls the API's own service function with the
 * request's user, client address and rate limits. Bound to one request.
 */
export interface AccountFormServices {
  logIn(input: FormInput): Promise<FormResult<FormSignIn>>;
  /** `purpose` comes in the body, as on POST /api/user/code */
  requestCode(input: FormInput): Promise<FormResult<CodeRequestResult>>;
  checkRegistration(input: FormInput): Promise<FormResult<null>>;
  register(input: FormInput): Promise<FormResult<FormSignIn>>;
  /** signed out the reset of `email`, which ends every session (`clearCookie` removes this browser's) */
  changePasswordByCode(input: FormInput): Promise<FormResult<{ clearCookie: string | null }>>;
  updatePassword(input: FormInput): Promise<FormResult<null>>;
  changeNickname(input: FormInput): Promise<FormResult<UserInfo>>;
  updateInfo(input: FormInput): Promise<FormResult<UserInfo>>;
  changeEmail(input: FormInput): Promise<FormResult<UserInfo>>;
}

/**
 * The /contact page's form (docs/decisions/127): the API's contact service with the request's
 * user, client address and limits. Bound to one request.
 */
export interface ContactFormServices {
  send(input: FormInput): Promise<FormResult<ContactSent>>;
}

/** A fan's page header for the community's pages (docs/decisions/145): null when missing to the reader (unknown, closed, blocked either way). */
export interface BloggerReadServices {
  profile(options: { id: number; readerId: number | null }): Promise<BloggerProfile | null>;
}

/**
 * The community's lists and post for its pages (docs/decisions/142): the API's own answers for
 * the request's reader (readerId null: signed out). `post` is null where the API answers 404
 * (missing, waiting or hidden to another reader, deleted, blocked either way).
 */
export interface CommunityReadServices {
  latest(options: { sport?: Sport; readerId: number | null }): Promise<PostListData>;
  /** the posts of the fans a signed-in reader follows */
  following(options: { sport?: Sport; readerId: number }): Promise<PostListData>;
  hot(options: { sport?: Sport; readerId: number | null }): Promise<PostListData>;
  weekly(options: { sport?: Sport; readerId: number | null }): Promise<WeeklyData>;
  post(options: { id: number; readerId: number | null }): Promise<CommunityPost | null>;
}

/** A new one for every request: `currentUser` is the signed-in reader of that request. */
export interface ServerLoadContext {
  matches: MatchReadServices;
  matchCentre: MatchCentreReadServices;
  /** absent in loader tests that do not search */
  search?: SearchReadServices;
  /** the betting page's day, rendered on the server (docs/decisions/118); absent in loader tests without it */
  guessing?: GuessingReadServices;
  /** a fan's page header, rendered on the server (docs/decisions/145); absent in loader tests without it */
  bloggers?: BloggerReadServices;
  /** the community's feed, hot list, weekly ranking and post, rendered on the server (docs/decisions/142); absent in loader tests without it */
  community?: CommunityReadServices;
  config: PublicConfig;
  /** the account of the request's session (cookie or Token header), or null when signed out */
  currentUser: UserInfo | null;
  /**
   * This response's Content Security Policy nonces (docs/decisions/072): inline scripts and
   * `<style>` elements the page renders carry them. Absent when the server sends no policy.
   */
  cspNonce?: CspNonce;
  /** the account forms' writes for this request (page actions); absent in loader tests without forms */
  forms?: AccountFormServices;
  /** the contact form's write for this request (a POST only); absent in loader tests without it */
  contact?: ContactFormServices;
}

export interface CspNonce {
  script: string;
  style: string;
}
