import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccessSchema, ErrorBodySchema } from '../../../core/contracts/api';
import { BloggerParamsSchema, bloggerEndpoints } from '../../../core/contracts/bloggers';
import type { Db } from '../../db/client';
import { getBloggerProfile } from './bloggers.service';

/** A fan's page in the community (docs/decisions/145): open to everyone, a reader's blocks respected. */
export const bloggerRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const endpoint = bloggerEndpoints.bloggerProfile;
  app.get(
    endpoint.path,
    {
      schema: {
        tags: ['community'],
        summary: 'A fan’s page header: nickname, avatar, fans and following counts, whether the reader follows them (closed or blocked either way: 404)',
        params: BloggerParamsSchema,
        response: { 200: apiSuccessSchema(endpoint.data), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => ({ code: 0 as const, msg: 'success', data: await getBloggerProfile(db, { id: request.params.id, readerId: request.user?.id ?? null }) }),
  );
};
