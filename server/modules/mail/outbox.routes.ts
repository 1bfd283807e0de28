import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccessSchema, ErrorBodySchema } from '../../../core/contracts/api';
import { OutboxMailSchema } from '../../../core/contracts/mail';
import type { Db } from '../../db/client';
import { requireRole } from '../../http/current-user';
import { listOutboxMails } from './outbox';

const STAFF_ROLES = ['staff', 'admin'] as const;

const OutboxQuerySchema = z.object({
  to: z.string().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

/**
 * GET /api/staff/outbox?to=<address>: the latest mails of the development outbox, newest first,
 * for a staff session only (401 signed out, 403 otherwise) — the mails hold sign-up and reset
 * codes, so anyone else reading them could take over any account (issue 11, decision 070).
 * Registered only outside production; `npm run mail:outbox` asks it while a server holds PGlite.
 */
export const staffOutboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, options) => {
  // Checked before the query is: signed out 401, a plain user 403, whatever they send.
  app.addHook('onRequest', async (request) => {
    requireRole(request, STAFF_ROLES);
  });
  app.get(
    '/api/staff/outbox',
    {
      schema: {
        hide: true,
        querystring: OutboxQuerySchema,
        response: {
          200: apiSuccessSchema(z.object({ list: z.array(OutboxMailSchema) })),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      requireRole(request, STAFF_ROLES);
      const list = await listOutboxMails(options.db, request.query);
      return reply.header('cache-control', 'no-store').send({ code: 0 as const, msg: 'success', data: { list } });
    },
  );
};
