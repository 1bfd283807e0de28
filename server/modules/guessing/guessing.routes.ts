import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccessSchema, ErrorBodySchema } from '../../../core/contracts/api';
import {
  BetIdParamsSchema,
  BetListDataSchema,
  BetListQuerySchema,
  BetSchema,
  BettingDayDataSchema,
  BettingDayQuerySchema,
  BettingMatchSchema,
  BettingRecordSchema,
  MatchIdParamsSchema,
  PlaceBetBodySchema,
  StaffBetMatchListQuerySchema,
  StaffBetMatchListSchema,
  StaffBetMatchSchema,
  StreakRankingDataSchema,
  VoidMarketBodySchema,
  VoidMarketDataSchema,
  guessingEndpoints,
  staffGuessingEndpoints,
} from '../../../core/contracts/guessing';
import type { GuessingReadServices } from '../../../core/contracts/services';
import type { Db } from '../../db/client';
import type { NoticeDeps } from '../notifications/public';
import { requestLocale } from '../../i18n/translate';
import { requireRole, requireUser } from '../../http/current-user';
import type { SettlementLog, SettlementPublisher } from '../markets/public';
import type { OddsService } from '../odds/public';
import { getBet, getBettingDay, getBettingRecord, getMatchBetMarkets, listBets, listStreakRanking } from './bet-reads';
import type { GuessingConfig } from './guessing-config';
import { getStaffBetMatch, listStaffBetMatches } from './guessing-staff';
import { placeBet } from './place-bet';
import { voidMarket } from './void-market';

export interface GuessingRoutesOptions {
  db: Db;
  odds: OddsService;
  config: GuessingConfig;
  /** the server clock (tests move it): the cut-off and the day of the daily cap */
  now?: () => Date;
  publisher?: SettlementPublisher;
  log?: SettlementLog;
  /** with it, the bettors' bells move after a staff void (decision 133) */
  notices?: NoticeDeps;
}

/**
 * The guessing contest's reads for the pages' loaders (core/contracts/services.ts): the betting
 * day the API answers, rendered on the server with the page (docs/decisions/118).
 */
export function createGuessingPageReads(options: { db: Db; odds: OddsService; config: GuessingConfig; now?: () => Date }): GuessingReadServices {
  return {
    bettingDay: ({ sport, day, locale }) => getBettingDay({ db: options.db, odds: options.odds, config: options.config, sport, day, locale, now: options.now?.() ?? new Date() }),
  };
}

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const STAFF_ROLES = ['staff', 'admin'] as const;


/** The guessing contest (docs/api/guessing.md). Thin: each handler calls one service; nothing is cached. */
export const guessingRoutes: FastifyPluginAsyncZod<GuessingRoutesOptions> = async (app, options) => {
  const { db, odds, config } = options;
  const now = () => options.now?.() ?? new Date();
  const ok = <T>(data: T) => ({ code: 0 as const, msg: 'success', data });
  const signedIn = async (request: FastifyRequest) => {
    requireUser(request);
  };
  const staffOnly = async (request: FastifyRequest) => {
    requireRole(request, STAFF_ROLES);
  };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    guessingEndpoints.day.path,
    { schema: { tags: ['guessing'], summary: "A day's matches of a sport with their priced markets and limits", querystring: BettingDayQuerySchema, response: { 200: apiSuccessSchema(BettingDayDataSchema), 400: ErrorBodySchema } } },
    async (request) =>
      ok(await getBettingDay({ db, odds, config, sport: request.query.sport, day: request.query.day, now: now(), locale: requestLocale(request) })),
  );

  app.get(
    guessingEndpoints.markets.path,
    { schema: { tags: ['guessing'], summary: "A match's bettable markets; open or why not", params: MatchIdParamsSchema, response: { 200: apiSuccessSchema(BettingMatchSchema), 400: ErrorBodySchema, 404: ErrorBodySchema } } },
    async (request) => ok(await getMatchBetMarkets({ db, odds, matchId: request.params.matchId, now: now(), locale: requestLocale(request) })),
  );

  app.post(
    guessingEndpoints.place.path,
    { onRequest: signedIn, schema: { tags: ['guessing'], summary: 'Place a single or a parlay; idempotent by key', body: PlaceBetBodySchema, response: { 200: apiSuccessSchema(BetSchema), ...errors } } },
    async (request) => {
      const user = requireUser(request);
      return ok(await placeBet({ db, odds, config, userId: user.id, body: request.body, now: now(), locale: requestLocale(request) }));
    },
  );

  app.get(
    guessingEndpoints.bets.path,
    { onRequest: signedIn, schema: { tags: ['guessing'], summary: 'My bets', querystring: BetListQuerySchema, response: { 200: apiSuccessSchema(BetListDataSchema), 400: ErrorBodySchema, 401: ErrorBodySchema } } },
    async (request) => {
      const user = requireUser(request);
      const { status, kind, page, size } = request.query;
      return ok(await listBets(db, { viewer: { userId: user.id, locale: requestLocale(request) }, status, kind, page, size }));
    },
  );

  app.get(
    guessingEndpoints.bet.path,
    { onRequest: signedIn, schema: { tags: ['guessing'], summary: 'One of my bets', params: BetIdParamsSchema, response: { 200: apiSuccessSchema(BetSchema), 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema } } },
    async (request) => {
      const user = requireUser(request);
      return ok(await getBet(db, { betId: request.params.id, viewer: { userId: user.id, locale: requestLocale(request) } }));
    },
  );

  app.get(
    guessingEndpoints.record.path,
    { onRequest: signedIn, schema: { tags: ['guessing'], summary: 'My betting record', response: { 200: apiSuccessSchema(BettingRecordSchema), 401: ErrorBodySchema } } },
    async (request) => ok(await getBettingRecord(db, { userId: requireUser(request).id })),
  );

  app.get(
    guessingEndpoints.streak.path,
    { schema: { tags: ['guessing'], summary: 'The winning-streak ranking', response: { 200: apiSuccessSchema(StreakRankingDataSchema) } } },
    async () => ok(await listStreakRanking(db)),
  );

  app.get(
    staffGuessingEndpoints.matches.path,
    {
      onRequest: staffOnly,
      schema: { tags: ['staff'], summary: 'Matches with ungraded legs and their markets, for staff voids', querystring: StaffBetMatchListQuerySchema, response: { 200: apiSuccessSchema(StaffBetMatchListSchema), 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema } },
    },
    async (request) => ok(await listStaffBetMatches(db, { page: request.query.page, size: request.query.size, locale: requestLocale(request) })),
  );

  app.get(
    staffGuessingEndpoints.match.path,
    {
      onRequest: staffOnly,
      schema: { tags: ['staff'], summary: "One match's markets with legs, staff voids and their reasons", params: MatchIdParamsSchema, response: { 200: apiSuccessSchema(StaffBetMatchSchema), 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema } },
    },
    async (request) => ok(await getStaffBetMatch(db, { matchId: request.params.matchId, locale: requestLocale(request) })),
  );

  app.post(
    staffGuessingEndpoints.voidMarket.path,
    {
      onRequest: staffOnly,
      schema: { tags: ['staff'], summary: "Void a market's open legs on a match and re-settle the bets", params: MatchIdParamsSchema, body: VoidMarketBodySchema, response: { 200: apiSuccessSchema(VoidMarketDataSchema), ...errors } },
    },
    async (request) => {
      const staff = requireRole(request, STAFF_ROLES);
      const result = await voidMarket({ db, matchId: request.params.matchId, market: request.body.market, period: request.body.period, reason: request.body.reason, staffId: staff.id, now: now(), publisher: options.publisher, log: options.log, notices: options.notices });
      return ok(result);
    },
  );
};
