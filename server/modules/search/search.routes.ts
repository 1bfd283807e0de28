import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../../core/contracts/api';
import { SearchQuerySchema, SearchResponseSchema, searchEndpoints } from '../../../core/contracts/search';
import { requestLocale } from '../../i18n/translate';
import type { SearchService } from './search.service';

/**
 * Search over teams, competitions and matches (docs/api/search.md, docs/decisions/094-search.md):
 * the header's instant search and the /search page ask it as the reader types.
 */
export const searchRoutes: FastifyPluginAsyncZod<{ service: SearchService }> = async (app, options) => {
  const { service } = options;
  app.get(
    searchEndpoints.search.path,
    {
      schema: {
        tags: ['search'],
        summary: 'Search teams, competitions and matches',
        description:
          "Case- and accent-insensitive (Turkish ı/İ, ş, ğ, ü, ö, ç and other diacritics folded); competition names in Turkish, English and Chinese. Names come in the request's language (`language` header). Latin queries need two characters, Chinese one; a shorter query answers empty groups.",
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => {
      const data = await service.search({ q: request.query.q, locale: requestLocale(request) });
      return { code: 0 as const, msg: 'success', data };
    },
  );
};
