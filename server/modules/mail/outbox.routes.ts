import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccessSchema } from '../../../core/contracts/api';
import { OutboxMailSchema } from '../../../core/contracts/mail';
import type { Db } from '../../db/client';
import { listOutboxMails } from './outbox';

const OutboxQuerySchema = z.object({
  to: z.string().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

/**
 * GET /api/dev/outbox?to=<address>: the latest mails of the development outbox, newest first.
 * Registered only outside production (the end-to-end tests read registration codes here).
 */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, options) => {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        hide: true,
        querystring: OutboxQuerySchema,
        response: { 200: apiSuccessSchema(z.object({ list: z.array(OutboxMailSchema) })) },
      },
    },
    async (request, reply) => {
      const list = await listOutboxMails(options.db, request.query);
      return reply.header('cache-control', 'no-store').send({ code: 0 as const, msg: 'success', data: { list } });
    },
  );
};
