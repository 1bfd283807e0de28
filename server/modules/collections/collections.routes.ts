import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccessSchema, ErrorBodySchema } from '../../../core/contracts/api';
import type { Sport } from '../../../core/contracts/matches';
import {
  CollectCompetitionBodySchema,
  CollectCompetitionDataSchema,
  CollectionsDataSchema,
  CollectMatchBodySchema,
  CollectMatchDataSchema,
} from '../../../core/contracts/collections';
import type { Db } from '../../db/client';
import { requestLocale } from '../../i18n/translate';
import { requireUser } from '../auth/current-user';
import {
  collectCompetition,
  collectMatch,
  listCollections,
  uncollectCompetition,
  uncollectMatch,
} from './collections.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/**
 * Collections of the signed-in user (docs/api/accounts.md "Collections"): the section 7 paths
 * /api/{football,basketball}/collectAdd|collectDel, competitions, and the list of both.
 */
export const collectionsRoutes: FastifyPluginAsyncZod<{ db: Db; now?: () => Date }> = async (app, options) => {
  const { db } = options;
  const now = () => options.now?.() ?? new Date();
  // Signed-in only: checked before the body is, so a signed-out caller always gets the 401.
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });
  const ok = <T>(data: T) => ({ code: 0 as const, msg: 'success', data });

  for (const sport of ['football', 'basketball'] as const satisfies readonly Sport[]) {
    app.post(
      `/api/${sport}/collectAdd`,
      {
        schema: {
          tags: ['collections'],
          summary: `Collect a ${sport} match`,
          body: CollectMatchBodySchema,
          response: { 200: apiSuccessSchema(CollectMatchDataSchema), ...errors },
        },
      },
      async (request) => {
        const user = requireUser(request);
        return ok(await collectMatch(db, { userId: user.id, sport, matchId: request.body.match_id, now: now() }));
      },
    );
    app.post(
      `/api/${sport}/collectDel`,
      {
        schema: {
          tags: ['collections'],
          summary: `Remove a collected ${sport} match`,
          body: CollectMatchBodySchema,
          response: { 200: apiSuccessSchema(CollectMatchDataSchema), ...errors },
        },
      },
      async (request) => {
        const user = requireUser(request);
        return ok(await uncollectMatch(db, { userId: user.id, sport, matchId: request.body.match_id }));
      },
    );
  }

  app.post(
    '/api/competition/collectAdd',
    {
      schema: {
        tags: ['collections'],
        summary: 'Follow a competition',
        body: CollectCompetitionBodySchema,
        response: { 200: apiSuccessSchema(CollectCompetitionDataSchema), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(
        await collectCompetition(db, { userId: user.id, competitionId: request.body.competition_id, now: now() }),
      );
    },
  );

  app.post(
    '/api/competition/collectDel',
    {
      schema: {
        tags: ['collections'],
        summary: 'Stop following a competition',
        body: CollectCompetitionBodySchema,
        response: { 200: apiSuccessSchema(CollectCompetitionDataSchema), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await uncollectCompetition(db, { userId: user.id, competitionId: request.body.competition_id }));
    },
  );

  app.get(
    '/api/user/collections',
    {
      schema: {
        tags: ['collections'],
        summary: 'Collected matches (with header data and competition) and followed competitions, newest first',
        response: { 200: apiSuccessSchema(CollectionsDataSchema), 401: ErrorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await listCollections(db, { userId: user.id, locale: requestLocale(request) }));
    },
  );
};
