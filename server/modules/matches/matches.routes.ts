import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BasketballMatchDetailResponseSchema,
  BasketballQuerySchema,
  BasketballResponseSchema,
  DayQuerySchema,
  FootballListResponseSchema,
  FootballMatchDetailResponseSchema,
  HotListQuerySchema,
  HotListResponseSchema,
  matchesEndpoints,
} from '../../../core/contracts/matches';
import { ErrorBodySchema } from '../../../core/contracts/api';
import { NextKickOffQuerySchema, NextKickOffResponseSchema } from '../../../core/contracts/next-kick-off';
import { AppError } from '../../errors';
import { KeptBytes, sendKept } from '../../http/compression';
import { requestLocale } from '../../i18n/translate';
import type { MatchService } from './matches.service';

/**
 * The live-score API of section 7, paths and success codes exactly as specified (football
 * answers code 1, basketball code 0), plus the header data of match detail pages.
 */
const MatchIdParamsSchema = z.object({ id: z.string() });
const SUCCESS = 'success';

/**
 * List answers are the hottest path (every page load, up to ~1,000 matches a day). The service
 * hands the same object to every request until the lists change, so the whole answer is
 * serialized and encoded once per built object, compressed once per encoding asked for, and the
 * same bytes go to every request; the response schemas still document them, and the tests parse
 * every answer with those schemas.
 */
const encoded = new WeakMap<object, KeptBytes>();
function sendSuccess(request: FastifyRequest, reply: FastifyReply, code: 0 | 1, data: object): Promise<FastifyReply> {
  let kept = encoded.get(data);
  if (kept === undefined) {
    kept = new KeptBytes(Buffer.from(`{"code":${code},"msg":"${SUCCESS}","data":${JSON.stringify(data)}}`, 'utf8'));
    encoded.set(data, kept);
  }
  // Bytes with a JSON content type go out as they are: no schema serialization.
  reply.type('application/json; charset=utf-8');
  return sendKept(request, reply, kept);
}

export const matchesRoutes: FastifyPluginAsyncZod<{ service: MatchService }> = async (app, options) => {
  const { service } = options;

  app.get(
    '/api/match_recent/anew_hot_list_page',
    { schema: { querystring: HotListQuerySchema, response: { 200: HotListResponseSchema, 400: ErrorBodySchema } } },
    async (request, reply) => {
      const data = await service.listHotFootball({ ...request.query, locale: requestLocale(request) });
      return sendSuccess(request, reply, 1, data);
    },
  );

  app.get(
    matchesEndpoints.footballList.path,
    { schema: { querystring: DayQuerySchema, response: { 200: FootballListResponseSchema, 400: ErrorBodySchema } } },
    async (request, reply) => {
      const data = await service.listFootball({ ...request.query, locale: requestLocale(request) });
      return sendSuccess(request, reply, 1, data);
    },
  );

  app.get(
    matchesEndpoints.basketballList.path,
    {
      schema: { querystring: BasketballQuerySchema, response: { 200: BasketballResponseSchema, 400: ErrorBodySchema } },
    },
    async (request, reply) => {
      const data = await service.listBasketball({ ...request.query, locale: requestLocale(request) });
      return sendSuccess(request, reply, 0, data);
    },
  );

  // When nothing is live: when the next match starts (decision 091).
  app.get(
    '/api/match/next_kick_off',
    { schema: { querystring: NextKickOffQuerySchema, response: { 200: NextKickOffResponseSchema, 400: ErrorBodySchema } } },
    async (request) => ({ code: 0 as const, msg: SUCCESS, data: await service.findNextKickOff(request.query) }),
  );

  app.get(
    matchesEndpoints.footballMatch.path,
    {
      schema: {
        params: MatchIdParamsSchema,
        response: { 200: FootballMatchDetailResponseSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const matchId = parseMatchId(request.params.id);
      const found =
        matchId === null ? null : await service.findFootballMatch({ matchId, locale: requestLocale(request) });
      if (!found) throw matchNotFound();
      return { code: 1 as const, msg: SUCCESS, data: found };
    },
  );

  app.get(
    matchesEndpoints.basketballMatch.path,
    {
      schema: {
        params: MatchIdParamsSchema,
        response: { 200: BasketballMatchDetailResponseSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const matchId = parseMatchId(request.params.id);
      const found =
        matchId === null ? null : await service.findBasketballMatch({ matchId, locale: requestLocale(request) });
      if (!found) throw matchNotFound();
      return { code: 0 as const, msg: SUCCESS, data: found };
    },
  );
};

/** A match id is a positive 32-bit integer; anything else names no match (404, not 400). */
function parseMatchId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/**
 * The find* reads answer null (the load context's loaders use them too); over HTTP an unknown
 * match is the error handler's 404 NOT_FOUND.
 */
function matchNotFound(): AppError {
  return new AppError('NOT_FOUND', { message: 'api.match.notFound' });
}
