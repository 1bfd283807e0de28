import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServerBuild } from 'react-router';
import type { PublicConfig } from '../core/contracts/services';
import type { StaffStatusData } from '../core/contracts/staff';
import { findRedirect, toLocationPath } from '../core/routing/redirects';
import type { Db } from './db/client';
import type { MatchWrites } from './modules/matches/match-writes';
import { AppError } from './errors';
import { handleError, setErrorHandling } from './http/error-handler';
import { trackApiRoutes } from './http/unmatched-requests';
import { createSiteOrigin } from './http/site-origin';
import { registerSecurityHeaders } from './http/security-headers';
import { registerCompression } from './http/compression';
import { accountRoutes, createAccountDeps, type AccountRoutesOptions } from './modules/account/account.routes';
import { currentUserPlugin } from './modules/auth/current-user';
import { collectionsRoutes } from './modules/collections/collections.routes';
import { createContactForm } from './modules/contact/contact-form';
import { contactRoutes } from './modules/contact/contact.routes';
import { crestsRoutes } from './modules/crests/crests.routes';
import { DEFAULT_FORECAST_CONFIG, DEFAULT_ODDS_MARGIN, type ForecastConfig } from './modules/forecast/forecast-config';
import { forecastRecordsRoutes } from './modules/forecast/forecast-records.routes';
import { forecastRoutes } from './modules/forecast/forecast.routes';
import { forecastStaffRoutes } from './modules/forecast/forecast-staff.routes';
import type { SettlementPublisher } from './modules/forecast/settle-plans';
import { DEFAULT_GUESSING_CONFIG, type GuessingConfig } from './modules/guessing/guessing-config';
import { createGuessingPageReads, guessingRoutes } from './modules/guessing/guessing.routes';
import { openfootballImporter } from './feed/importers/openfootball/staff-importer';
import { importsRoutes } from './modules/imports/imports.routes';
import type { LiveBroker } from './live/broker';
import { liveRoutes } from './modules/live/live.routes';
import { oauthRoutes, type OAuthRoutesOptions } from './modules/oauth/oauth.routes';
import { matchCentreRoutes } from './modules/match-centre/match-centre.routes';
import { createMatchCentreService, toMatchCentreReads, type MatchCentreService } from './modules/match-centre/match-centre.service';
import { matchesRoutes } from './modules/matches/matches.routes';
import { createOddsService } from './modules/odds/odds.service';
import type { createMatchService } from './modules/matches/matches.service';
import { pointsRoutes } from './modules/points/points.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { replayRoutes } from './modules/replay/replay.routes';
import { seoRoutes } from './modules/seo/seo.routes';
import { searchRoutes } from './modules/search/search.routes';
import { createSearchService, type SearchService } from './modules/search/search.service';
import { staffRoutes } from './modules/staff/staff.routes';
import { readListVersions } from './modules/matches/list-version';
import { PageCache } from './web/page-cache';
import { createAccountForms } from './web/account-forms';
import { createLoadContextFactory, registerSsr } from './web/ssr';

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
  /** where feed updates go (the simulator's sink); with it, staff can drive replays (/api/staff/replays) */
  feedSink?: MatchWrites;
  /** API_DOCS: Swagger UI at /api/docs and its OpenAPI JSON; true when absent (start.ts: off in production) */
  apiDocs?: boolean;
  /** the prediction centre: FORECAST_DAILY_LIMIT, FORECAST_SELLER_SHARE and ODDS_MARGIN; their defaults when absent */
  /** the prediction centre's settings, and the publisher a staff re-run sends its pop-ups through */
  forecast?: { config: ForecastConfig; oddsMargin: number; publisher?: SettlementPublisher };
  /** the guessing contest's limits (GUESSING_*); the defaults when absent */
  guessing?: { config: GuessingConfig };
  /** fit the odds models of the leagues with upcoming matches once the server is ready (server/start.ts) */
  warmOdds?: boolean;
  /** PAGE_CACHE_TTL_MS: signed-out readers' pages are kept this long (decision 085); off when absent or 0 */
  pageCacheTtlMs?: number;
  /** what the staff console shows of how this server runs (GET /api/staff/status, decision 099) */
  staffStatus?: StaffStatusData;
}

/** The anonymous page cache's bounds: a page is ~150 KB plain and ~25 KB per compressed form. */
const PAGE_CACHE_MAX_ENTRIES = 500;
const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** A kept page outlives a change of its matches by at most this (one version read per 50 ms under load). */
const PAGE_CACHE_VERSION_LEASE_MS = 50;

/** Builds the whole HTTP application. Never listens: server/main.ts does. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // one line per request would drown the feed's log; errors are logged by the handler
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 64 * 1024,
    // X-Forwarded-* count only from the proxies TRUST_PROXY names: a client picks its own header.
    trustProxy: options.trustProxy && options.trustProxy.length > 0 ? [...options.trustProxy] : false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // errors met before routing (a malformed URL) get the same section 8 answer as every other
    frameworkErrors: handleError,
  }).withTypeProvider<ZodTypeProvider>();

  // Public links and the Origin check name the site itself, never a host a request makes up.
  const siteOrigin = createSiteOrigin({
    publicUrl: options.publicUrl,
    allowedHosts: options.allowedHosts,
    allowLoopback: options.allowLoopbackHosts ?? true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The one error handler and the not-found answer (section 8): every route's errors end there.
  // Routes are watched from here on, so an API address asked with another method answers 405.
  const unmatched = trackApiRoutes(app);
  setErrorHandling(app, unmatched);
  // Security headers and the Content Security Policy on every response, redirects included
  // (docs/decisions/072); pages get the per-response nonce as `reply.cspNonce`.
  await registerSecurityHeaders(app, { publicUrl: options.publicUrl, brokerWsUrl: options.publicConfig.brokerWsUrl });
  // Every text answer above 1 KB goes out in brotli or gzip; built assets are precompressed.
  await registerCompression(app);

  // Old addresses of the site move permanently to their current form (specification section 2).
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const queryStart = request.url.indexOf('?');
    const pathname = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
    const query = queryStart === -1 ? '' : request.url.slice(queryStart);
    // `//host/…` is a path to us but another site to a browser or React Router: one slash.
    if (/^[/\\]{2}/.test(pathname)) return reply.redirect(toLocationPath(pathname + query), 301);
    if (pathname.startsWith('/api/') || pathname.startsWith('/assets/')) return;
    let decoded = pathname;
    try {
      decoded = decodeURI(pathname);
    } catch {
      return;
    }
    const redirect = findRedirect(decoded);
    // Location must be ASCII: the target is percent-encoded, the query too.
    if (redirect) return reply.redirect(toLocationPath(redirect.location + query), redirect.status);
  });

  // Without them /api/docs and /api/docs/json are plain 404s (the one error body).
  if (options.apiDocs ?? true) {
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: 'Tribün API', version: '1.0.0', description: 'Live scores of football and basketball.' },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  }

  app.get('/api/health', { schema: { hide: true } }, async (_request, reply) => {
    const ready = options.isReady ? options.isReady() : true;
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'starting' });
  });

  await app.register(currentUserPlugin, { db: options.db, siteOrigin });
  await app.register(matchesRoutes, { service: options.matches });
  const matchCentre = options.matchCentre ?? createMatchCentreService({ db: options.db });
  await app.register(matchCentreRoutes, { service: matchCentre });
  await app.register(crestsRoutes, { db: options.db });
  await app.register(pointsRoutes, { db: options.db });
  await app.register(profileRoutes, { db: options.db });
  await app.register(collectionsRoutes, { db: options.db });
  const search = options.search ?? createSearchService({ db: options.db });
  await app.register(searchRoutes, { service: search });
  const forecast = options.forecast ?? { config: DEFAULT_FORECAST_CONFIG, oddsMargin: DEFAULT_ODDS_MARGIN };
  const odds = createOddsService({ db: options.db, margin: forecast.oddsMargin });
  if (options.warmOdds) {
    // In the background: the first betting day or publish form then finds the leagues fitted.
    app.addHook('onReady', async () => {
      odds.warm().catch((error: unknown) => app.log.error({ err: error }, 'odds: warming the models failed'));
    });
  }
  await app.register(forecastRoutes, { db: options.db, odds, config: forecast.config });
  await app.register(forecastRecordsRoutes, { db: options.db });
  await app.register(forecastStaffRoutes, { db: options.db, publisher: forecast.publisher, log: app.log });
  await app.register(guessingRoutes, {
    db: options.db,
    odds,
    config: options.guessing?.config ?? DEFAULT_GUESSING_CONFIG,
    publisher: forecast.publisher,
    log: app.log,
  });
  await app.register(staffRoutes, { db: options.db, ...(options.staffStatus ? { status: options.staffStatus } : {}) });
  await app.register(importsRoutes, { db: options.db, importer: openfootballImporter });
  if (options.feedSink) await app.register(replayRoutes, { db: options.db, sink: options.feedSink });
  await app.register(seoRoutes, { db: options.db, siteOrigin });
  // One set of account dependencies for the API and the pages' forms: the same mail, the same limits.
  const accountOptions: AccountRoutesOptions = { db: options.db, ...options.account };
  const accountDeps = createAccountDeps(accountOptions);
  await app.register(accountRoutes, { ...accountOptions, deps: accountDeps });
  // The contact form mails staff answers through the account's mailer (the development outbox without SMTP).
  const contactDeps = { db: options.db, mailer: accountDeps.mailer, limiter: accountDeps.limiter };
  await app.register(contactRoutes, { deps: contactDeps, now: accountOptions.now });
  if (options.live) await app.register(liveRoutes, { broker: options.live });
  await app.register(oauthRoutes, { db: options.db, ...(options.oauth ?? { providers: [], welcomePoints: 0, secureCookies: false }) });

  const buildId = options.publicConfig.buildId;
  app.get('/builds/latest.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ buildId }),
  );
  app.get<{ Params: { id: string } }>('/builds/meta/:id', { schema: { hide: true } }, async (request, reply) => {
    if (request.params.id !== `${buildId}.json`) throw new AppError('NOT_FOUND');
    return reply.header('cache-control', 'public, max-age=31536000, immutable').send({ buildId });
  });

  if (options.web) {
    await app.register(fastifyStatic, {
      root: path.resolve(options.web.clientDir),
      wildcard: false,
      index: false,
      // `npm run build` writes .br and .gz beside every text asset (scripts/precompress.mjs).
      preCompressed: true,
      setHeaders: (response, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          response.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
    const loadContext = createLoadContextFactory({
      db: options.db,
      matches: options.matches,
      matchCentre: toMatchCentreReads(matchCentre),
      search,
      guessing: createGuessingPageReads({ db: options.db, odds, config: options.guessing?.config ?? DEFAULT_GUESSING_CONFIG }),
      config: options.publicConfig,
      forms: createAccountForms({ deps: accountDeps, secureCookies: accountOptions.secureCookies ?? false, now: accountOptions.now }),
      contact: createContactForm({ deps: contactDeps, now: accountOptions.now }),
    });
    const ttlMs = options.pageCacheTtlMs ?? 0;
    const db = options.db;
    const pageCache =
      ttlMs > 0
        ? {
            ttlMs,
            cache: new PageCache({
              ttlMs,
              maxEntries: PAGE_CACHE_MAX_ENTRIES,
              maxBytes: PAGE_CACHE_MAX_BYTES,
              liveVersions: () => readListVersions(db),
              versionLeaseMs: PAGE_CACHE_VERSION_LEASE_MS,
            }),
          }
        : undefined;
    await registerSsr(app, { build: options.web.build, loadContext, siteOrigin, unmatched, pageCache });
  }

  return app;
}
