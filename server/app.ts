import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { findRedirect, toLocationPath } from '../core/routing/redirects';
import type { AppOptions } from './app-options';
import { AppError } from './errors';
import { createOpenfootballImporter } from './feed/importers/openfootball/staff-importer';
import { handleError, setErrorHandling } from './http/error-handler';
import { trackApiRoutes } from './http/unmatched-requests';
import { createSiteOrigin } from './http/site-origin';
import { registerSecurityHeaders } from './http/security-headers';
import { registerCompression } from './http/compression';
import { fileRoutes } from './http/file-routes';
import { currentUserPlugin } from './http/current-user';
import { getUserInfo } from './modules/account/public';
import { sessionLookup } from './modules/auth/public';
import type { ModuleContext } from './modules/definition';
import { MODULES } from './modules/index';
import { readListVersions } from './modules/matches/list-version';
import { createMatchWrites } from './modules/matches/match-writes';
import { PageCache } from './web/page-cache';
import { createLoadContextFactory, registerSsr } from './web/ssr';

export type { AppOptions } from './app-options';

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

  await app.register(currentUserPlugin, { findSessionUser: sessionLookup(options.db), siteOrigin });
  // Every feature, in the order of server/modules/index.ts: the services it lends the features
  // after it, then its routes (docs/architecture.md, "One definition per feature").
  const context: ModuleContext = {
    // Staff imports write matches through the match write service (the feed sink), like the feed;
    // an app without one (tests, benchmarks) writes through a service that publishes nothing.
    options: {
      ...options,
      seasonImporter:
        options.seasonImporter ??
        createOpenfootballImporter({ db: options.db, matchWrites: options.feedSink ?? createMatchWrites({ db: options.db, publish: async () => undefined }) }),
    },
    db: options.db,
    siteOrigin,
    log: app.log,
    services: {},
    environment: options.environment ?? {},
    modules: MODULES,
  };
  for (const module of MODULES) Object.assign(context.services, module.provide?.(context));
  for (const module of MODULES) await module.routes?.(app, context);
  // User files at /files/<key>, with their own headers (decision 132).
  if (options.files) await app.register(fileRoutes, { storage: options.files.uploads.storage, linkSecret: options.files.linkSecret });

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
      getUserInfo: (userId) => getUserInfo(options.db, { userId }),
      config: options.publicConfig,
      pages: MODULES.flatMap((module) => (module.pageReads ? [module.pageReads(context)] : [])),
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
