import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccessSchema, ErrorBodySchema } from '../../../core/contracts/api';
import { liveEndpoints, LiveTokenSchema } from '../../../core/contracts/live';
import type { LiveBroker } from '../../live/broker';
import { requireUser } from '../../http/current-user';

/**
 * POST /api/live/token (decision 063): the MQTT credentials with which the signed-in browser
 * (or app) reads its own `users/<id>` topic, on the embedded broker and on an external one.
 * The session cookie is HttpOnly and an external broker is another origin, so the page asks
 * for these instead; they end with the session (logout, password change, account closure).
 */
export const liveRoutes: FastifyPluginAsyncZod<{ broker: Pick<LiveBroker, 'grantUserAccess'> }> = async (app, options) => {
  app.post(
    liveEndpoints.token.path,
    {
      schema: {
        tags: ['live'],
        summary: "Credentials for the live channel that let this session read its user's topic users/<id>",
        response: { 200: apiSuccessSchema(LiveTokenSchema), 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const expiresAt = user.sessionExpiresAt;
      const credentials = await options.broker.grantUserAccess({ userId: user.id, sessionId: user.sessionId, expiresAt });
      reply.header('cache-control', 'private, no-store');
      return { code: 0 as const, msg: 'success', data: { userId: user.id, ...credentials, expiresAt: expiresAt.toISOString() } };
    },
  );
};
