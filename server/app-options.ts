import type { FastifyServerOptions } from 'fastify';
import type { PublicConfig } from '../core/contracts/services';
import type { StaffStatusData } from '../core/contracts/staff';
import type { Db } from './db/client';
import type { LiveBroker } from './live/broker';
import type { AccountRoutesOptions } from './modules/account/account.routes';
import type { SettlementPublisher } from './modules/markets/public';
import type { SeasonImporter } from './modules/imports/imports.service';
import type { MatchCentreService } from './modules/match-centre/match-centre.service';
import type { MatchWrites } from './modules/matches/match-writes';
import type { createMatchService } from './modules/matches/matches.service';
import type { OAuthRoutesOptions } from './modules/oauth/oauth.routes';
import type { SearchService } from './modules/search/search.service';
import type { ServerBuild } from 'react-router';
import type { UploadPipeline } from './http/uploads';
import type { RawEnvironment } from './settings/module-settings';

/**
 * How the HTTP application is built (server/app.ts buildApp): what every process shares (the
 * database, the public configuration) and each feature's settings and collaborators. Features
 * read their part through their module definition (server/modules/definition.ts).
 */
export interface AppOptions {
  logger?: FastifyServerOptions['logger'];
  db: Db;
  matches: ReturnType<typeof createMatchService>;
  /** the search (teams, competitions, their matches); by default over `db` on the real clock */
  search?: SearchService;
  /** the match centre's reads (match tabs, competition and team pages); made from `db` when absent */
  matchCentre?: MatchCentreService;
  publicConfig: PublicConfig;
  /** the built web app; without it only the API is served (tests, benchmarks) */
  web?: { build: ServerBuild; clientDir: string };
  /** sign-in with Google, Apple, Facebook; without it none is switched on */
  oauth?: Omit<OAuthRoutesOptions, 'db'>;
  /** sign-in and registration: mail, welcome points, cookies, the development outbox */
  account?: Omit<AccountRoutesOptions, 'db'>;
  /** the live channel: with it, signed-in readers get credentials for users/<id> (POST /api/live/token) */
  live?: Pick<LiveBroker, 'grantUserAccess'>;
  /** the site's public address (canonical links, sitemap, robots.txt, the Origin check); without it, the request's own host when allowed */
  publicUrl?: string;
  /** TRUST_PROXY: proxies whose X-Forwarded-* headers count; none when absent (decision 071) */
  trustProxy?: readonly string[];
  /** ALLOWED_HOSTS: host[:port] public links may name when publicUrl is unset */
  allowedHosts?: readonly string[];
  /** localhost, 127.0.0.1 and [::1] on any port count as allowed hosts (outside production); true when absent */
  allowLoopbackHosts?: boolean;
  /** /api/health answers 200 only once this says so */
  isReady?: () => boolean;
  /** the importer of past seasons staff run (/api/staff/imports); openfootball's, writing through `feedSink`, when absent */
  seasonImporter?: SeasonImporter;
  /** where feed updates go (the simulator's sink); with it, staff can drive replays (/api/staff/replays) and import seasons (/api/staff/imports) */
  feedSink?: MatchWrites;
  /** API_DOCS: Swagger UI at /api/docs and its OpenAPI JSON; true when absent (start.ts: off in production) */
  apiDocs?: boolean;
  /** the environment variables features read their own settings from (checked at start); every default when absent */
  environment?: RawEnvironment;
  /** the live publisher: settlement pop-ups and notifications after commit; nothing is pushed without it */
  publisher?: SettlementPublisher;
  /** user files (decision 132): the upload pipeline features read uploads with, and the key of private links; without it /files/… is not served */
  files?: { uploads: UploadPipeline; linkSecret: Buffer };
  /** fit the odds models of the leagues with upcoming matches once the server is ready (server/start.ts) */
  warmOdds?: boolean;
  /** PAGE_CACHE_TTL_MS: signed-out readers' pages are kept this long (decision 085); off when absent or 0 */
  pageCacheTtlMs?: number;
  /** what the staff console shows of how this server runs (GET /api/staff/status, decision 099) */
  staffStatus?: StaffStatusData;
}
