import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccessSchema, ErrorBodySchema } from '../../../core/contracts/api';
import {
  CreateReplayBodySchema,
  CreateReplayDataSchema,
  ReplayParamsSchema,
  ReplayUpdatesBodySchema,
  ReplayUpdatesDataSchema,
} from '../../../core/contracts/replay';
import type { Db } from '../../db/client';
import type { MatchWrites } from '../matches/public';
import { requireRole } from '../../http/current-user';
import { applyReplayUpdates, createReplayMatch } from './replay.service';

const STAFF_ROLES = ['staff', 'admin'] as const;
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
/** A batch of updates with both lineups in several of them outgrows the API's usual 64 KiB. */
const UPDATES_BODY_LIMIT = 2 * 1024 * 1024;

export interface ReplayRoutesOptions {
  db: Db;
  /** the feed sink the simulator writes through: replays reach the live channel the same way */
  sink: MatchWrites;
  now?: () => Date;
}

/** Staff replays of recorded matches (docs/data/statsbomb.md "Endpoints"): role staff or admin, else 403. */
export const replayRoutes: FastifyPluginAsyncZod<ReplayRoutesOptions> = async (app, options) => {
  const { db, sink } = options;
  const now = () => options.now?.() ?? new Date();
  // Checked before the body is: signed out 401, a plain user 403, whatever they send.
  app.addHook('onRequest', async (request) => {
    requireRole(request, STAFF_ROLES);
  });
  const ok = <T>(data: T) => ({ code: 0 as const, msg: 'success', data });

  app.post(
    '/api/staff/replays',
    {
      schema: {
        tags: ['staff'],
        summary: 'Create a match to replay a recorded one through the live pipeline',
        body: CreateReplayBodySchema,
        response: { 200: apiSuccessSchema(CreateReplayDataSchema), ...errors },
      },
    },
    async (request) => ok(await createReplayMatch({ db, sink, body: request.body, now: now() })),
  );

  app.post(
    '/api/staff/replays/:id/updates',
    {
      bodyLimit: UPDATES_BODY_LIMIT,
      schema: {
        tags: ['staff'],
        summary: "Apply a replay's next updates in order; each is stored and published like a feed update",
        params: ReplayParamsSchema,
        body: ReplayUpdatesBodySchema,
        response: { 200: apiSuccessSchema(ReplayUpdatesDataSchema), ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request) => ok(await applyReplayUpdates({ db, sink, matchId: request.params.id, updates: request.body.updates, now })),
  );
};
