import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Db } from '../db/client';
import { setErrorHandling } from '../http/error-handler';
import { crestsRoutes } from '../modules/crests/crests.routes';
import { matchCentreRoutes } from '../modules/match-centre/match-centre.routes';
import { createMatchCentreService, type MatchCentreService } from '../modules/match-centre/match-centre.service';
import { createMatchService } from '../modules/matches/matches.service';
import { matchesRoutes } from '../modules/matches/matches.routes';

/**
 * A minimal Fastify instance with the live-score routes, compiled with the same zod
 * validator, serializer and error handler as the real app, for `app.inject()` tests.
 */
export async function buildMatchesTestApp(options: { db: Db; now?: () => number }): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  setErrorHandling(app);
  await app.register(matchesRoutes, { service: createMatchService(options) });
  await app.register(crestsRoutes, { db: options.db });
  await app.ready();
  return app;
}

/**
 * A minimal Fastify instance with the match centre's routes (and the live-score ones), for
 * `app.inject()` tests. Pass `service` to share one (and its caches) with the test.
 */
export async function buildMatchCentreTestApp(options: {
  db: Db;
  now?: () => number;
  service?: MatchCentreService;
}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  setErrorHandling(app);
  await app.register(matchesRoutes, { service: createMatchService(options) });
  await app.register(matchCentreRoutes, { service: options.service ?? createMatchCentreService(options) });
  await app.ready();
  return app;
}
