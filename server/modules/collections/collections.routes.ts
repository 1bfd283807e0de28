import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccessSchema, ErrorBodySchema } from '../../../core/contracts/api';
import type { Sport } from '../../../core/contracts/matches';
import {
  CollectCompetitionBodySchema,
  CollectCompetitionDataSchema,
  CollectionsDataSchema,
  CollectMatchBodySchema,
  CollectMatchDataSchema,
  CollectTeamBodySchema,
  CollectTeamDataSchema,
  collectionsEndpoints,
} from '../../../core/contracts/collections';
import { endpointPath } from '../../../core/contracts/endpoints';
import type { Db } from '../../db/client';
import { requestLocale } from '../../i18n/translate';
import { requireUser } from '../../http/current-user';
import {
  collectCompetition,
  collectMatch,
  collectTeam,
  listCollections,
  uncollectCompetition,
  uncollectMatch,
  uncollectTeam,
} from './collections.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/**
 * Collections of the signed-in user (docs/api/accounts.md "Collections"): the section 7 paths
 * /api/{football,basketball}/collectAdd|collectDel, competitions, teams (docs/decisions/095),
 * and the list of all three.
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
      endpointPath(collectionsEndpoints.addMatch.path, { sport }),
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
      endpointPath(collectionsEndpoints.removeMatch.path, { sport }),
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
    collectionsEndpoints.addCompetition.path,
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
    collectionsEndpoints.removeCompetition.path,
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

  app.post(
    collectionsEndpoints.addTeam.path,
    {
      schema: {
        tags: ['collections'],
        summary: 'Follow a team',
        body: CollectTeamBodySchema,
        response: { 200: apiSuccessSchema(CollectTeamDataSchema), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await collectTeam(db, { userId: user.id, teamId: request.body.team_id, now: now() }));
    },
  );

  app.post(
    collectionsEndpoints.removeTeam.path,
    {
      schema: {
        tags: ['collections'],
        summary: 'Stop following a team',
        body: CollectTeamBodySchema,
        response: { 200: apiSuccessSchema(CollectTeamDataSchema), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await uncollectTeam(db, { userId: user.id, teamId: request.body.team_id }));
    },
  );

  app.get(
    collectionsEndpoints.list.path,
    {
      schema: {
        tags: ['collections'],
        summary: 'Collected matches (with header data and competition), followed competitions and teams, newest first',
        response: { 200: apiSuccessSchema(CollectionsDataSchema), 401: ErrorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await listCollections(db, { userId: user.id, locale: requestLocale(request) }));
    },
  );
};
