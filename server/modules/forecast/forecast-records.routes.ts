import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccessSchema, ErrorBodySchema } from '../../../core/contracts/api';
import {
  ExportQuerySchema,
  RankingDataSchema,
  RankingQuerySchema,
  SuccessRateDataSchema,
  TipsterProfileDataSchema,
  UserIdParamsSchema,
  forecastEndpoints,
} from '../../../core/contracts/forecast';
import type { Db } from '../../db/client';
import { requestLocale } from '../../i18n/translate';
import { AppError } from '../../errors';
import { blockedAmong, isBlockedEitherWay } from '../social/public';
import { exportTipsterRecord, getRankings, getSuccessRate, getTipsterProfile, toCsv } from './records';
import { apiLinks } from '../../../core/contracts/links';

export interface ForecastRecordsRoutesOptions {
  db: Db;
  /** the server clock (tests move it): ranking periods and the success-rate window */
  now?: () => Date;
}

/**
 * Records, rankings and the site's success rate (docs/api/forecast.md "Records, rankings and
 * staff"). Public; thin: each handler calls one service of records.ts.
 */
export const forecastRecordsRoutes: FastifyPluginAsyncZod<ForecastRecordsRoutesOptions> = async (app, options) => {
  const { db } = options;
  const now = () => options.now?.() ?? new Date();
  const ok = <T>(data: T) => ({ code: 0 as const, msg: 'success', data });

  app.get(
    forecastEndpoints.tipster.path,
    {
      schema: {
        tags: ['forecast'],
        summary: "A tipster's record: stats with sample sizes, followers, the history for the chart",
        params: UserIdParamsSchema,
        response: { 200: apiSuccessSchema(TipsterProfileDataSchema), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      // is_followed depends on the viewer; across a block the tipster is missing to them (docs/decisions/140).
      reply.header('cache-control', 'private, no-store');
      if (request.user && (await isBlockedEitherWay(db, request.user.id, request.params.userId))) throw new AppError('NOT_FOUND', { message: 'forecast.tipster.notFound' });
      return ok(await getTipsterProfile(db, { userId: request.params.userId, viewerId: request.user?.id ?? null }));
    },
  );

  app.get(
    forecastEndpoints.rankings.path,
    {
      schema: {
        tags: ['forecast'],
        summary: 'Rankings by win rate (with a minimum of settled plans) or by winning streak: this week, this month or all time',
        querystring: RankingQuerySchema,
        response: { 200: apiSuccessSchema(RankingDataSchema), 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const ranking = await getRankings(db, { ...request.query, now: now() });
      if (!request.user) {
        reply.header('cache-control', 'public, max-age=60');
        return ok(ranking);
      }
      // A signed-in reader's ranking leaves out the tipsters a block stands between (either way);
      // the others keep their ranks, so a gap shows where one was left out.
      reply.header('cache-control', 'private, no-store');
      const blocked = await blockedAmong(db, request.user.id, ranking.list.map((row) => row.tipster.id));
      return ok({ ...ranking, list: ranking.list.filter((row) => !blocked.has(row.tipster.id)) });
    },
  );

  app.get(
    forecastEndpoints.successRate.path,
    {
      schema: {
        tags: ['forecast'],
        summary: 'The success rate of plans settled in the last 30 days, with its sample size and window',
        response: { 200: apiSuccessSchema(SuccessRateDataSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ok(await getSuccessRate(db, { now: now() }));
    },
  );

  app.get(
    apiLinks.tipsterExport,
    {
      schema: {
        tags: ['forecast'],
        summary: "A tipster's whole record as a file (CSV or JSON): open plans without their pick, settled ones with the proof",
        params: UserIdParamsSchema,
        querystring: ExportQuerySchema,
        // Sent as a file, not in the envelope: the CSV text (text/csv) or the JSON document.
        response: { 200: z.string().describe('the record as an attachment: CSV (RFC 4180) or JSON'), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const record = await exportTipsterRecord(db, { userId: request.params.userId, locale: requestLocale(request), now: now() });
      const name = `tribun-tipster-${record.tipster.id}-record.${request.query.format}`;
      reply.header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'private, no-store');
      if (request.query.format === 'csv') {
        // The byte-order mark makes spreadsheet programs read the UTF-8 (ş, ğ, 中) as UTF-8.
        return reply.type('text/csv; charset=utf-8; header=present').send(`\uFEFF${toCsv(record)}`);
      }
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(record));
    },
  );
};
