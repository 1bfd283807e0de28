import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BasketballOverviewDataSchema,
  CompetitionPageDataSchema,
  EventsDataSchema,
  FootballOverviewDataSchema,
  H2hDataSchema,
  LineupsDataSchema,
  matchCentreEndpoints,
  PlayersDataSchema,
  StandingsAnswerDataSchema,
  StatisticsDataSchema,
  TeamPageDataSchema,
} from '../../../core/contracts/match-centre';
import { ErrorBodySchema, successEnvelopeSchema } from '../../../core/contracts/api';
import type { Endpoint } from '../../../core/contracts/endpoints';
import type { Sport } from '../../../core/contracts/matches';
import type { Locale } from '../../../core/locale';
import type { MessageKey } from '../../../core/messages/messages';
import { AppError } from '../../errors';
import { requestLocale } from '../../i18n/translate';
import type { MatchCentreService } from './match-centre.service';

/**
 * The match centre's HTTP API (docs/api/match-centre.md): a match's tabs, competition and
 * team pages. Football answers `code: 1`, basketball `code: 0`, as the live-score API does;
 * competition and team pages answer the code of their sport.
 */

const SUCCESS = 'success';
const TAGS = ['match centre'];

const IdParamsSchema = z.object({
  id: z.string().describe('numeric id; anything else names nothing (404)'),
});

const SeasonQuerySchema = z.object({
  season: z.coerce
    .number()
    .int()
    .min(1)
    .max(2_147_483_647)
    .optional()
    .describe("a season id of this competition (`seasons` of GET /api/competition/:id); the newest by default"),
});

const StandingsQuerySchema = SeasonQuerySchema.extend({
  highlight: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,19}$/)
    .optional()
    .describe('team ids to highlight, comma-separated (at most 20)'),
});

const ExpiredBodySchema = ErrorBodySchema.describe('DETAIL_EXPIRED: matches older than three months do not support detail viewing');
const successSchema = successEnvelopeSchema;

const CODE_BY_SPORT = { football: 1, basketball: 0 } as const satisfies Record<Sport, 0 | 1>;
const SportCodeSchema = z.union([z.literal(0), z.literal(1)]).describe('1 for a football competition or team, 0 for basketball');

/**
 * Final answers are the same object for every request until they change (the service caches
 * them), so they are serialized and encoded once and the same bytes go out to every reader.
 * The response schemas still document them; the tests parse every answer with those schemas.
 */
const encoded = new WeakMap<object, Buffer>();
function sendSuccess(reply: FastifyReply, code: 0 | 1, data: object): FastifyReply {
  let body = encoded.get(data);
  if (body === undefined) {
    body = Buffer.from(`{"code":${code},"msg":"${SUCCESS}","data":${JSON.stringify(data)}}`, 'utf8');
    encoded.set(data, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
}

/** Ids are positive 32-bit integers; anything else names nothing (404 with `notFound`, not 400). */
function parseId(raw: string, notFound: MessageKey): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  if (id < 1 || id > 2_147_483_647) throw new AppError('NOT_FOUND', { message: notFound });
  return id;
}

interface DetailTab {
  sport: Sport;
  tab: string;
  /** the contract's endpoint, for a tab the browser calls (its path and data) */
  endpoint?: Endpoint;
  data: z.ZodType;
  summary: string;
  description: string;
  read(service: MatchCentreService, matchId: number, locale: Locale): Promise<object>;
}

export const matchCentreRoutes: FastifyPluginAsyncZod<{ service: MatchCentreService }> = async (app, options) => {
  const { service } = options;

  function detail(tab: DetailTab): void {
    const code = CODE_BY_SPORT[tab.sport];
    app.get(
      tab.endpoint?.path ?? `/api/match/${tab.sport}/:id/${tab.tab}`,
      {
        schema: {
          tags: TAGS,
          summary: tab.summary,
          description: `${tab.description} Unknown, malformed or other-sport ids answer 404; a match older than three calendar months answers 410 DETAIL_EXPIRED.`,
          params: IdParamsSchema,
          response: {
            200: successSchema(z.literal(code), tab.data),
            404: ErrorBodySchema.describe('no such match of this sport'),
            410: ExpiredBodySchema,
          },
        },
      },
      async (request, reply) => {
        const matchId = parseId(request.params.id, 'api.match.notFound');
        return sendSuccess(reply, code, await tab.read(service, matchId, requestLocale(request)));
      },
    );
  }

  const FINAL_NOTE = 'Cached while the match is over and unchanged; a live match is read fresh.';

  detail({
    sport: 'football',
    tab: 'overview',
    data: FootballOverviewDataSchema,
    summary: 'Football match overview',
    description: `The match, its competition, season and round, scores by period, timeline, statistics and attack momentum. ${FINAL_NOTE}`,
    read: (s, matchId, locale) => s.getFootballOverview({ matchId, locale }),
  });
  detail({
    sport: 'football',
    tab: 'events',
    data: EventsDataSchema,
    summary: 'Football match timeline',
    description: `Events of the section 3 catalogue in match order (minute, added time, feed order). ${FINAL_NOTE}`,
    read: (s, matchId) => s.getFootballEvents({ matchId }),
  });
  for (const sport of ['football', 'basketball'] as const) {
    if (sport === 'basketball') {
      detail({
        sport,
        tab: 'overview',
        data: BasketballOverviewDataSchema,
        summary: 'Basketball match overview',
        description: `The match, its competition, season and round, points by quarter and overtime, and the team box score. ${FINAL_NOTE}`,
        read: (s, matchId, locale) => s.getBasketballOverview({ matchId, locale }),
      });
    }
    detail({
      sport,
      tab: 'statistics',
      data: StatisticsDataSchema,
      summary: `${sport === 'football' ? 'Football' : 'Basketball'} match statistics`,
      description: `Team statistics as the feed last sent them, and attack momentum minute by minute. ${FINAL_NOTE}`,
      read: (s, matchId) => s.getStatistics({ sport, matchId }),
    });
    detail({
      sport,
      tab: 'lineups',
      endpoint: sport === 'football' ? matchCentreEndpoints.footballLineups : matchCentreEndpoints.basketballLineups,
      data: LineupsDataSchema,
      summary: `${sport === 'football' ? 'Football' : 'Basketball'} match lineups`,
      description: `Formation and players of each side; a side without a lineup is null. ${FINAL_NOTE}`,
      read: (s, matchId) => s.getLineups({ sport, matchId }),
    });
    detail({
      sport,
      tab: 'players',
      data: PlayersDataSchema,
      summary: `${sport === 'football' ? 'Football' : 'Basketball'} player statistics`,
      description: `Players with match statistics, best first (football: goals, assists, shots; basketball: points, rebounds, assists). ${FINAL_NOTE}`,
      read: (s, matchId) => s.getPlayers({ sport, matchId }),
    });
    detail({
      sport,
      tab: 'h2h',
      data: H2hDataSchema,
      summary: `${sport === 'football' ? 'Football' : 'Basketball'} head-to-head and form`,
      description:
        "The two teams' last 10 finished meetings before this match (either venue, any competition, newest first) with a summary from this match's home team's side, and each team's last 5 finished matches with W/D/L.",
      read: (s, matchId, locale) => s.getH2h({ sport, matchId, locale }),
    });
    detail({
      sport,
      tab: 'standings',
      data: StandingsAnswerDataSchema,
      summary: `${sport === 'football' ? 'Football' : 'Basketball'} match standings`,
      description:
        "The table of the match's season (else the competition's latest season with results), computed from results with the season's tie-break chain and point deductions, the two teams highlighted; `standings` is null when the competition has no table.",
      read: (s, matchId, locale) => s.getMatchStandings({ sport, matchId, locale }),
    });
  }

  app.get(
    '/api/competition/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Competition page',
        description:
          "Seasons (newest first), the selected season's table, next 10 fixtures, last 10 results and top scorers. Without seasons, the competition's matches that belong to none. 404 for an unknown competition or a season not of it.",
        params: IdParamsSchema,
        querystring: SeasonQuerySchema,
        response: {
          200: successSchema(SportCodeSchema, CompetitionPageDataSchema),
          400: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const competitionId = parseId(request.params.id, 'api.competition.notFound');
      const page = await service.getCompetitionPage({ competitionId, seasonId: request.query.season, locale: requestLocale(request) });
      return sendSuccess(reply, CODE_BY_SPORT[page.sport], page.page);
    },
  );

  app.get(
    '/api/competition/:id/standings',
    {
      schema: {
        tags: TAGS,
        summary: 'Competition standings',
        description:
          "A season's table computed from its results with the competition's own tie-break chain and point deductions: position, team, played, won, drawn, lost, goals for and against, goal difference, points. `standings` is null when the competition has no table or no season. 404 for an unknown competition or a season not of it.",
        params: IdParamsSchema,
        querystring: StandingsQuerySchema,
        response: {
          200: successSchema(SportCodeSchema, StandingsAnswerDataSchema),
          400: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const competitionId = parseId(request.params.id, 'api.competition.notFound');
      const highlight = request.query.highlight?.split(',').map(Number) ?? [];
      const found = await service.getCompetitionStandings({
        competitionId,
        seasonId: request.query.season,
        highlight,
        locale: requestLocale(request),
      });
      return sendSuccess(reply, CODE_BY_SPORT[found.sport], found.data);
    },
  );

  app.get(
    '/api/team/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Team page',
        description:
          'The team, the competitions it has matches in, its next 10 fixtures and last 10 results (with W/D/L from its side). 404 for an unknown team.',
        params: IdParamsSchema,
        response: {
          200: successSchema(SportCodeSchema, TeamPageDataSchema),
          404: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const teamId = parseId(request.params.id, 'api.team.notFound');
      const page = await service.getTeamPage({ teamId, locale: requestLocale(request) });
      return sendSuccess(reply, CODE_BY_SPORT[page.team.sport], page);
    },
  );
};
