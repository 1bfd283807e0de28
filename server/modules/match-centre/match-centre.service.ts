import {
  detailExpiresAt,
  type BasketballOverviewData,
  type CompetitionPageData,
  type EventsData,
  type FootballOverviewData,
  type H2hData,
  type LineupsData,
  type PlayersData,
  type StandingsAnswerData,
  type StandingsData,
  type StatisticsData,
  type TeamPageData,
} from '../../../core/contracts/match-centre';
import type { Sport } from '../../../core/contracts/matches';
import type { DetailResult, MatchCentreReadServices } from '../../../core/contracts/services';
import { DEFAULT_LOCALE, type Locale } from '../../../core/locale';
import type { Db } from '../../db/client';
import { AppError, isAppError } from '../../errors';
import { toSeconds } from '../matches/public';
import {
  buildCompetitionPage,
  buildSeasonlessStandings,
  buildSeasonStandings,
  findMatchTableSeason,
  findTeamPage,
  hasTable,
  selectSeason,
} from './competition-reads';
import { createMatchCentreCache } from './match-centre-cache';
import { notStartedStatus } from './match-centre-mappers';
import { findCompetitionRow, type CompetitionRow, type DetailRow } from './match-centre-rows';
import {
  buildBasketballOverview,
  buildFootballEvents,
  buildFootballOverview,
  buildH2h,
  buildLineups,
  buildPlayers,
  buildStatistics,
  isFinalMatch,
  readDetailMatch,
} from './match-detail-reads';

/** Answers kept per cache; an entry is a few kilobytes, so each cache stays within a few megabytes. */
const DEFAULT_CACHE_SIZE = 2_000;

/**
 * The match centre's reads (issue 4): a match's tabs, its head-to-head and table, competition
 * and team pages. Each throws AppError NOT_FOUND for an unknown match (or one of the other
 * sport), competition, season or team, and DETAIL_EXPIRED for a detail of a match older than
 * three calendar months (sections 5 and 9). Returned objects are shared between callers
 * (match-centre-cache.ts): treat them as read-only.
 */
export interface MatchCentreService {
  getFootballOverview(options: { matchId: number; locale?: Locale }): Promise<FootballOverviewData>;
  /** the football timeline alone (the overview carries it too) */
  getFootballEvents(options: { matchId: number }): Promise<EventsData>;
  getBasketballOverview(options: { matchId: number; locale?: Locale }): Promise<BasketballOverviewData>;
  getStatistics(options: { sport: Sport; matchId: number }): Promise<StatisticsData>;
  getLineups(options: { sport: Sport; matchId: number }): Promise<LineupsData>;
  getPlayers(options: { sport: Sport; matchId: number }): Promise<PlayersData>;
  getH2h(options: { sport: Sport; matchId: number; locale?: Locale }): Promise<H2hData>;
  /** the table of the match's season (or the competition's latest; without any, of its matches of no season), the two teams highlighted; null inside when there is none */
  getMatchStandings(options: { sport: Sport; matchId: number; locale?: Locale }): Promise<{ standings: StandingsData | null }>;
  /** the competition page and its sport; NOT_FOUND also when `seasonId` is not one of its seasons */
  getCompetitionPage(options: { competitionId: number; seasonId?: number; locale?: Locale }): Promise<{ sport: Sport; page: CompetitionPageData }>;
  /** a competition's table (the newest season's by default; without seasons, of its matches of no season), `highlight` marked */
  getCompetitionStandings(options: {
    competitionId: number;
    seasonId?: number;
    highlight?: readonly number[];
    locale?: Locale;
  }): Promise<{ sport: Sport; data: StandingsAnswerData }>;
  getTeamPage(options: { teamId: number; locale?: Locale }): Promise<TeamPageData>;
}

const matchNotFound = () => new AppError('NOT_FOUND', { message: 'api.match.notFound' });
const competitionNotFound = () => new AppError('NOT_FOUND', { message: 'api.competition.notFound' });
const seasonNotFound = () => new AppError('NOT_FOUND', { message: 'api.season.notFound' });

/** A detail read's answer, or the error it stands for. */
function orThrow<T>(result: DetailResult<T>): T {
  if (result === null) throw matchNotFound();
  if (result === 'expired') throw new AppError('DETAIL_EXPIRED');
  return result;
}

/** When a read's answer stops being true by time alone: a readable match's detail expires. */
function expiryOf(row: DetailResult<DetailRow>): number {
  return row === null || row === 'expired' ? Number.POSITIVE_INFINITY : detailExpiresAt(toSeconds(row.matchTime));
}

/** `now` is in milliseconds, like Date.now. */
export function createMatchCentreService(options: { db: Db; now?: () => number; cacheSize?: number }): MatchCentreService {
  const { db } = options;
  const now = options.now ?? Date.now;
  const cache = createMatchCentreCache({ db, now, cacheSize: options.cacheSize ?? DEFAULT_CACHE_SIZE });
  const nowSec = () => Math.floor(now() / 1000);
  const readMatch = (sport: Sport, matchId: number) => readDetailMatch(db, { sport, matchId, nowSec: nowSec() });

  /**
   * A tab of a match: gated by the list version; unknown and expired answers are kept there
   * too. A final match's tab is also kept by its row's stamp; a live one is built fresh.
   */
  async function readTab<T>(tab: string, sport: Sport, matchId: number, locale: Locale | '', build: (row: DetailRow) => Promise<T>): Promise<T> {
    const result = await cache.gated(`${tab}|${sport}|${matchId}|${locale}`, sport, async () => {
      const row = await readMatch(sport, matchId);
      let value: DetailResult<T> = row === null || row === 'expired' ? row : null;
      if (row !== null && row !== 'expired') {
        const stamp = `${row.updatedAt.getTime()}|${row.statusId}|${row.matchTime.getTime()}`;
        value = isFinalMatch(row, nowSec()) ? await cache.finalDetail(`${tab}|${matchId}|${locale}`, stamp, () => build(row)) : await build(row);
      }
      return { value, expiresAtSec: expiryOf(row) };
    });
    return orThrow(result);
  }

  const seasonStandings = (seasonId: number, locale: Locale) =>
    cache.seasonTable(seasonId, locale, () => buildSeasonStandings(db, seasonId, locale));

  /**
   * The table of a competition's matches of no season: gated by the sport's list version, which
   * every writer of matches raises, so it is rebuilt only when a result may have changed.
   */
  const seasonlessStandings = (competition: CompetitionRow, locale: Locale) =>
    cache.gated(`seasonless-table|${competition.id}|${locale}`, competition.sport, async () => ({
      value: await buildSeasonlessStandings(db, competition, locale),
      expiresAtSec: Number.POSITIVE_INFINITY,
    }));

  async function findCompetition(competitionId: number, seasonId: number | undefined) {
    const competition = await findCompetitionRow(db, competitionId);
    if (!competition) throw competitionNotFound();
    const chosen = await selectSeason(db, { competitionId, sport: competition.sport, seasonId });
    if (chosen === 'unknown-season') throw seasonNotFound();
    return { competition, ...chosen };
  }

  return {
    getFootballOverview: ({ matchId, locale = DEFAULT_LOCALE }) =>
      readTab('overview', 'football', matchId, locale, (row) => buildFootballOverview(db, row, locale)),
    getFootballEvents: ({ matchId }) => readTab('events', 'football', matchId, '', () => buildFootballEvents(db, matchId)),
    getBasketballOverview: ({ matchId, locale = DEFAULT_LOCALE }) =>
      readTab('overview', 'basketball', matchId, locale, (row) => buildBasketballOverview(db, row, locale)),
    getStatistics: ({ sport, matchId }) => readTab('statistics', sport, matchId, '', () => buildStatistics(db, sport, matchId)),
    getLineups: ({ sport, matchId }) => readTab('lineups', sport, matchId, '', () => buildLineups(db, matchId)),
    getPlayers: ({ sport, matchId }) => readTab('players', sport, matchId, '', () => buildPlayers(db, sport, matchId)),

    async getH2h({ sport, matchId, locale = DEFAULT_LOCALE }) {
      const result = await cache.gated(`h2h|${sport}|${matchId}|${locale}`, sport, async (): Promise<{ value: DetailResult<H2hData>; expiresAtSec: number }> => {
        const row = await readMatch(sport, matchId);
        if (row === null || row === 'expired') return { value: row, expiresAtSec: expiryOf(row) };
        const match = {
          stamp: `${row.matchTime.getTime()}|${row.homeTeamId}|${row.awayTeamId}`,
          sport,
          hasKickedOff: row.statusId !== notStartedStatus(sport) && row.matchTime.getTime() <= now(),
        };
        const value = await cache.h2h(`${matchId}|${locale}`, match, () => buildH2h(db, row, locale));
        return { value, expiresAtSec: expiryOf(row) };
      });
      return orThrow(result);
    },

    async getMatchStandings({ sport, matchId, locale = DEFAULT_LOCALE }) {
      const row = orThrow(await readMatch(sport, matchId));
      const seasonId = await findMatchTableSeason(db, row);
      let base: StandingsData | null = null;
      if (seasonId !== null) base = await seasonStandings(seasonId, locale);
      else if (row.seasonId === null) {
        // A match of no season in a competition without stored seasons (basketball): the table of its matches.
        const competition = await findCompetitionRow(db, row.competitionId);
        base = competition ? await seasonlessStandings(competition, locale) : null;
      }
      if (!base) return { standings: null };
      return cache.matchTable(`${matchId}|${locale}`, base, () => ({
        standings: { ...base, highlight: [row.homeTeamId, row.awayTeamId] },
      }));
    },

    async getCompetitionPage({ competitionId, seasonId, locale = DEFAULT_LOCALE }) {
      const { competition, seasons, selected } = await findCompetition(competitionId, seasonId);
      const page = await buildCompetitionPage(db, {
        competition,
        seasons,
        selected,
        locale,
        isSeasonChosen: seasonId !== undefined,
        nowSec: nowSec(),
        seasonStandings: (id) => seasonStandings(id, locale),
        seasonlessStandings: () => seasonlessStandings(competition, locale),
      });
      return { sport: competition.sport, page };
    },

    async getCompetitionStandings({ competitionId, seasonId, highlight = [], locale = DEFAULT_LOCALE }) {
      const { competition, selected } = await findCompetition(competitionId, seasonId);
      const sport = competition.sport;
      if (selected && !hasTable(competitionId, selected.kind)) return { sport, data: { standings: null } };
      const standings = selected ? await seasonStandings(selected.id, locale) : await seasonlessStandings(competition, locale);
      if (!standings) return { sport, data: { standings: null } };
      return { sport, data: { standings: highlight.length > 0 ? { ...standings, highlight: [...highlight] } : standings } };
    },

    async getTeamPage({ teamId, locale = DEFAULT_LOCALE }) {
      const page = await findTeamPage(db, { teamId, locale, nowSec: nowSec() });
      if (!page) throw new AppError('NOT_FOUND', { message: 'api.team.notFound' });
      return page;
    },
  };
}

/**
 * The match centre as the web app's loaders read it (load context, core/contracts/services.ts):
 * values instead of errors — null for what does not exist, 'expired' past three months — since
 * a loader answers those with its own page, not with the API's error body.
 */
export function toMatchCentreReads(service: MatchCentreService): MatchCentreReadServices {
  return {
    footballOverview: (options) => asDetail(service.getFootballOverview(options)),
    basketballOverview: (options) => asDetail(service.getBasketballOverview(options)),
    statistics: (options) => asDetail(service.getStatistics(options)),
    lineups: (options) => asDetail(service.getLineups(options)),
    players: (options) => asDetail(service.getPlayers(options)),
    h2h: (options) => asDetail(service.getH2h(options)),
    matchStandings: (options) => asDetail(service.getMatchStandings(options)),
    competitionPage: async (options) => {
      const found = await asDetail(service.getCompetitionPage(options));
      return found === null || found === 'expired' ? null : found.page;
    },
    teamPage: async (options) => {
      const found = await asDetail(service.getTeamPage(options));
      return found === 'expired' ? null : found;
    },
  };
}

async function asDetail<T>(read: Promise<T>): Promise<DetailResult<T>> {
  try {
    return await read;
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') return null;
    if (isAppError(error) && error.code === 'DETAIL_EXPIRED') return 'expired';
    throw error;
  }
}
