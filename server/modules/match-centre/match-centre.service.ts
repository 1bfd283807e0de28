import {
  detailAllowed,
  detailExpiresAt,
  type BasketballOverviewData,
  type CompetitionPageData,
  type EventsData,
  type FootballOverviewData,
  type H2hData,
  type HistoryMatch,
  type LineupsData,
  type PlayersData,
  type SeasonRef,
  type StandingsAnswerData,
  type StandingsData,
  type StatisticsData,
} from '../../../core/contracts/match-centre';
import type { Lineup, MatchEvent } from '../../../core/contracts/match-data';
import type { Sport } from '../../../core/contracts/matches';
import type { DetailResult, MatchCentreReadServices } from '../../../core/contracts/services';
import { NOT_STARTED_STALE_SECONDS } from '../../../core/constants';
import { DEFAULT_LOCALE, type Locale } from '../../../core/locale';
import { competitionConfig } from '../../catalog/competition-config';
import type { Db } from '../../db/client';
import type { SeasonKind } from '../../db/schema/seasons';
import { teamCrestUrl } from '../crests/crest-urls';
import { readListVersion } from '../matches/list-version';
import { toBasketballMatch, toCompetition, toFootballMatch, toSeconds } from '../matches/match-mappers';
import { Lru } from '../../lib/lru';
import {
  buildStandings,
  endedStatus,
  notStartedStatus,
  rankPlayers,
  sortCompetitions,
  toCompetitionOf,
  toHistoryMatch,
  toSeasonRef,
  topScorers,
} from './match-centre-mappers';
import {
  findCompetitionRow,
  findDetailRow,
  findSeasonRow,
  findStatsRow,
  findTeamRow,
  listDeductionRows,
  listEventRows,
  listFixtureRows,
  listFormIds,
  listHistoryRows,
  listLineupRows,
  listMeetingIds,
  listResultRows,
  listScorerEventRows,
  listSeasonMatchRows,
  listSeasonRows,
  listTeamCompetitionRows,
  listTeamNames,
  readSeasonDigest,
  scopeWhere,
  teamWhere,
  type DetailRow,
  type MatchScope,
  type SeasonRow,
} from './match-centre-rows';
import { basketballScoreDetails, footballScoreDetails } from './score-details';

/** Answers kept per cache; an entry is a few kilobytes, so each cache stays within a few megabytes. */
const DEFAULT_CACHE_SIZE = 2_000;
/** A match this long past its kick-off is treated as final whatever its status (abandoned, cancelled, never reported). */
const FINAL_AFTER_SEC = 24 * 3600;
/** How long the head-to-head of a match that has kicked off is reused without asking whether anything changed. */
const H2H_REUSE_MS = 10 * 60 * 1000;
const MEETINGS_LIMIT = 10;
const FORM_LIMIT = 5;
const FIXTURES_LIMIT = 10;
const RESULTS_LIMIT = 10;
const TOP_SCORERS_LIMIT = 20;

/**
 * What the match centre's routes need beyond the load-context reads: answers that tell an
 * unknown season apart from an unknown competition.
 */
export interface MatchCentreService extends MatchCentreReadServices {
  /** the football timeline alone (the overview carries it too) */
  footballEvents(options: { matchId: number }): Promise<DetailResult<EventsData>>;
  /** the competition page and its sport; 'unknown-season' when `seasonId` is not one of its seasons */
  findCompetitionPage(options: {
    competitionId: number;
    seasonId?: number;
    locale?: Locale;
  }): Promise<{ sport: Sport; page: CompetitionPageData } | null | 'unknown-season'>;
  /** a competition's table (the newest season's by default), `highlight` marked */
  competitionStandings(options: {
    competitionId: number;
    seasonId?: number;
    highlight?: readonly number[];
    locale?: Locale;
  }): Promise<{ sport: Sport; data: StandingsAnswerData } | null | 'unknown-season'>;
}

interface DetailEntry {
  stamp: string;
  value: unknown;
}

interface H2hEntry {
  stamp: string;
  listVersion: number;
  builtAtMs: number;
  value: H2hData;
}

interface StandingsEntry {
  digest: string;
  value: StandingsData;
}

/** A competition without a table (a knockout cup) answers no standings; outside the catalog, a playoff season has none. */
function hasTable(competitionId: number, seasonKind: SeasonKind): boolean {
  return competitionConfig(competitionId)?.hasTable ?? seasonKind !== 'playoffs';
}

function toMatchEvent(row: Awaited<ReturnType<typeof listEventRows>>[number]): MatchEvent {
  return {
    type: row.type,
    minute: row.minute,
    added_minute: row.addedMinute !== null && row.addedMinute > 0 ? row.addedMinute : null,
    side: row.side,
    player: row.player,
    related_player: row.relatedPlayer,
    detail: row.detail,
  };
}

function seasonOf(row: DetailRow): SeasonRef | null {
  if (row.seasonId === null || row.seasonName === null || row.seasonKind === null || row.seasonRules === null) return null;
  return toSeasonRef(
    { id: row.seasonId, name: row.seasonName, kind: row.seasonKind, standingsRules: row.seasonRules },
    row.competitionRules,
  );
}

/**
 * The match centre's reads (issue 4): a match's tabs, its head-to-head and table, competition
 * and team pages. Detail reads of a match older than three calendar months answer 'expired'
 * (sections 5 and 9, `detailAllowed`); an unknown match, or one of the other sport, answers
 * null. `now` is in milliseconds, like Date.now.
 *
 * Answers are cached in memory where the data is final, each cache bounded (least recently
 * used first out). Why each one is safe is written beside it. Returned objects are shared
 * between callers: treat them as read-only.
 */
export function createMatchCentreService(options: { db: Db; now?: () => number; cacheSize?: number }): MatchCentreService {
  const { db } = options;
  const now = options.now ?? Date.now;
  const cacheSize = options.cacheSize ?? DEFAULT_CACHE_SIZE;

  /**
   * Tabs of matches that are over (overview, events, statistics, lineups, players), keyed by
   * tab, match and language. Safe because every detail read first reads the match row anyway
   * (existence and the three-month rule), and an entry is served only while that row's
   * `updated_at`, status and kick-off are the ones it was built from: the feed sink writes a
   * match's events, statistics and lineups in the same transaction that sets its `updated_at`,
   * so any later correction is seen by every process at once. The data is read after the row,
   * so an entry is never older than its stamp. Live matches are never cached: they are read
   * fresh on every request.
   */
  const details = new Lru<string, DetailEntry>(cacheSize);
  /**
   * Head-to-head, keyed by match and language. It reads only finished matches before the
   * match's kick-off. Before kick-off an entry lives while the sport's list version stands
   * (every writer of matches raises it, so a team's result in between is never missed). Once
   * the match has kicked off, nothing before it can still be played: only a correction or an
   * import of old results could change it, and an entry is reused for at most H2H_REUSE_MS
   * before the list version is asked again.
   */
  const h2hCache = new Lru<string, H2hEntry>(cacheSize);
  /**
   * Season tables, keyed by season and language. An entry is served only while the digest of
   * the season's matches, point deductions and tie-break chain (readSeasonDigest, one
   * aggregate read over the season's index) equals the one it was built from. Deductions and
   * imports do not move the live-score list version, and live simulated matches (which belong
   * to no season) move it every few seconds, so the digest is both safer and steadier than it.
   */
  const standingsCache = new Lru<string, StandingsEntry>(cacheSize);
  /** A match's table with its two teams highlighted, reused while the season's table entry is the same object. */
  const matchStandingsCache = new Lru<string, { base: StandingsData; value: { standings: StandingsData } }>(cacheSize);

  const versionReads = new Map<Sport, Promise<number>>();
  function readVersion(sport: Sport): Promise<number> {
    // Concurrent requests share one read of the version.
    let pending = versionReads.get(sport);
    if (!pending) {
      pending = readListVersion(db, sport).finally(() => versionReads.delete(sport));
      versionReads.set(sport, pending);
    }
    return pending;
  }

  function nowSec(): number {
    return Math.floor(now() / 1000);
  }

  /** The match if a detail of it may be read: null when unknown or of the other sport, 'expired' past three months. */
  async function readMatch(sport: Sport, matchId: number): Promise<DetailResult<DetailRow>> {
    const row = await findDetailRow(db, matchId);
    if (!row || row.sport !== sport) return null;
    if (!detailAllowed(toSeconds(row.matchTime), nowSec())) return 'expired';
    return row;
  }

  function isFinal(row: DetailRow): boolean {
    return row.statusId === endedStatus(row.sport) || toSeconds(row.matchTime) < nowSec() - FINAL_AFTER_SEC;
  }

  /**
   * In front of every match read: the answer as it was at a list version of the sport. Every
   * writer of a match, its events, statistics or lineups (the feed sink, imports, replays) raises
   * that version in the same transaction, so while it stands nothing such an answer reads can
   * have changed — for a live match too. The one thing time alone changes is the three-month
   * rule, kept as `expiresAtSec`. The version is read before the data, so an entry never claims
   * a newer version than what it holds; concurrent requests share one version read.
   */
  const fronts = new Lru<string, { version: number; expiresAtSec: number; value: unknown }>(cacheSize);

  async function gated<T>(key: string, sport: Sport, read: () => Promise<{ value: T; expiresAtSec: number }>): Promise<T> {
    const version = await readVersion(sport);
    const front = fronts.get(key);
    if (front && front.version === version && nowSec() < front.expiresAtSec) return front.value as T;
    const { value, expiresAtSec } = await read();
    fronts.set(key, { version, expiresAtSec, value });
    return value;
  }

  /** When a read's answer stops being true by time alone: a readable match's detail expires. */
  function expiryOf(row: DetailResult<DetailRow>): number {
    return row === null || row === 'expired' ? Number.POSITIVE_INFINITY : detailExpiresAt(toSeconds(row.matchTime));
  }

  function readDetail<T>(
    tab: string,
    sport: Sport,
    matchId: number,
    locale: Locale | '',
    build: (row: DetailRow) => Promise<T>,
  ): Promise<DetailResult<T>> {
    return gated(`${tab}|${sport}|${matchId}|${locale}`, sport, async () => {
      const row = await readMatch(sport, matchId);
      return { value: await readDetailOf(row, tab, matchId, locale, build), expiresAtSec: expiryOf(row) };
    });
  }

  async function readDetailOf<T>(
    row: DetailResult<DetailRow>,
    tab: string,
    matchId: number,
    locale: Locale | '',
    build: (row: DetailRow) => Promise<T>,
  ): Promise<DetailResult<T>> {
    if (row === null || row === 'expired') return row;
    if (!isFinal(row)) return build(row);
    const key = `${tab}|${matchId}|${locale}`;
    const stamp = `${row.updatedAt.getTime()}|${row.statusId}|${row.matchTime.getTime()}`;
    const cached = details.get(key);
    if (cached && cached.stamp === stamp) return cached.value as T;
    const value = await build(row);
    details.set(key, { stamp, value });
    return value;
  }

  async function readLineups(matchId: number): Promise<LineupsData> {
    const rows = await listLineupRows(db, matchId);
    const lineup = (side: 'home' | 'away'): Lineup | null => {
      const row = rows.find((candidate) => candidate.side === side);
      return row ? { formation: row.formation, players: row.players } : null;
    };
    return { home: lineup('home'), away: lineup('away') };
  }

  async function buildH2h(row: DetailRow, locale: Locale): Promise<H2hData> {
    const sport = row.sport;
    const common = { sport, beforeSec: toSeconds(row.matchTime), endedStatus: endedStatus(sport) };
    const [meetingIds, homeIds, awayIds] = await Promise.all([
      listMeetingIds(db, { ...common, teamA: row.homeTeamId, teamB: row.awayTeamId, limit: MEETINGS_LIMIT }),
      listFormIds(db, { ...common, teamId: row.homeTeamId, limit: FORM_LIMIT }),
      listFormIds(db, { ...common, teamId: row.awayTeamId, limit: FORM_LIMIT }),
    ]);
    const rows = await listHistoryRows(db, [...new Set([...meetingIds, ...homeIds, ...awayIds])]);
    const byId = new Map(rows.map((history) => [history.id, history]));
    const history = (ids: number[], perspectiveTeamId: number): HistoryMatch[] =>
      ids.flatMap((id) => {
        const found = byId.get(id);
        return found ? [toHistoryMatch(found, { sport, locale, perspectiveTeamId })] : [];
      });
    // Meetings are told from this match's home team's side, wherever each was played.
    const meetings = history(meetingIds, row.homeTeamId);
    const summary = { home_wins: 0, draws: 0, away_wins: 0 };
    for (const meeting of meetings) {
      if (meeting.outcome === 'W') summary.home_wins += 1;
      else if (meeting.outcome === 'L') summary.away_wins += 1;
      else summary.draws += 1;
    }
    return {
      meetings,
      summary,
      home_form: history(homeIds, row.homeTeamId),
      away_form: history(awayIds, row.awayTeamId),
    };
  }

  async function seasonStandings(seasonId: number, locale: Locale): Promise<StandingsData | null> {
    const digest = await readSeasonDigest(db, seasonId);
    const key = `${seasonId}|${locale}`;
    const cached = standingsCache.get(key);
    if (cached && cached.digest === digest) return cached.value;
    const season = await findSeasonRow(db, seasonId);
    if (!season) return null;
    const [competition, matchRows, deductions] = await Promise.all([
      findCompetitionRow(db, season.competitionId),
      listSeasonMatchRows(db, seasonId),
      listDeductionRows(db, seasonId),
    ]);
    if (!competition) return null;
    const teamIds = new Set<number>();
    for (const match of matchRows) {
      teamIds.add(match.homeTeamId);
      teamIds.add(match.awayTeamId);
    }
    const value = buildStandings({
      competition: toCompetitionOf(competition, locale),
      season: toSeasonRef(season, competition.standingsRules),
      sport: competition.sport,
      matches: matchRows,
      teamNames: await listTeamNames(db, [...teamIds]),
      deductions,
    });
    standingsCache.set(key, { digest, value });
    return value;
  }

  /** The season a competition's pages show: the one asked for, else the newest. */
  async function selectSeason(
    competitionId: number,
    sport: Sport,
    seasonId: number | undefined,
  ): Promise<{ seasons: SeasonRow[]; selected: SeasonRow | null } | 'unknown-season'> {
    const seasons = await listSeasonRows(db, { competitionId, endedStatus: endedStatus(sport) });
    if (seasonId === undefined) return { seasons, selected: seasons[0] ?? null };
    const selected = seasons.find((season) => season.id === seasonId);
    return selected ? { seasons, selected } : 'unknown-season';
  }

  function withHighlight(standings: StandingsData, highlight: readonly number[]): StandingsData {
    return { ...standings, highlight: [...highlight] };
  }

  async function findCompetitionPage({
    competitionId,
    seasonId,
    locale = DEFAULT_LOCALE,
  }: {
    competitionId: number;
    seasonId?: number;
    locale?: Locale;
  }): Promise<{ sport: Sport; page: CompetitionPageData } | null | 'unknown-season'> {
    const competition = await findCompetitionRow(db, competitionId);
    if (!competition) return null;
    const sport = competition.sport;
    const chosen = await selectSeason(competitionId, sport, seasonId);
    if (chosen === 'unknown-season') return chosen;
    const { seasons, selected } = chosen;
    // Without seasons (simulated days only), the page is about the competition's matches that belong to none.
    const scope: MatchScope = selected ? { seasonId: selected.id } : { competitionId, seasonless: true };
    const where = scopeWhere(scope);
    const [standings, fixtureRows, resultRows, scorerEvents] = await Promise.all([
      selected && hasTable(competitionId, selected.kind) ? seasonStandings(selected.id, locale) : Promise.resolve(null),
      listFixtureRows(db, {
        where,
        notStartedStatus: notStartedStatus(sport),
        fromSec: nowSec() - NOT_STARTED_STALE_SECONDS,
        limit: FIXTURES_LIMIT,
      }),
      listResultRows(db, { where, endedStatus: endedStatus(sport), limit: RESULTS_LIMIT }),
      sport === 'football' ? listScorerEventRows(db, scope) : Promise.resolve([]),
    ]);
    const scorerTeamIds = new Set<number>();
    for (const event of scorerEvents) {
      scorerTeamIds.add(event.homeTeamId);
      scorerTeamIds.add(event.awayTeamId);
    }
    const teamNames = scorerEvents.length > 0 ? await listTeamNames(db, [...scorerTeamIds]) : new Map<number, string>();
    const page: CompetitionPageData = {
      competition: toCompetitionOf(competition, locale),
      seasons: seasons.map((season) => toSeasonRef(season, competition.standingsRules)),
      season: selected ? toSeasonRef(selected, competition.standingsRules) : null,
      standings,
      fixtures: fixtureRows.map((row) => toHistoryMatch(row, { sport, locale, perspectiveTeamId: null })),
      results: resultRows.map((row) => toHistoryMatch(row, { sport, locale, perspectiveTeamId: null })),
      top_scorers: topScorers(scorerEvents, teamNames, TOP_SCORERS_LIMIT),
    };
    return { sport, page };
  }

  /** Head-to-head of a readable match, cached by its teams and kick-off (see h2hCache). */
  async function readH2h(row: DetailResult<DetailRow>, sport: Sport, matchId: number, locale: Locale): Promise<DetailResult<H2hData>> {
    if (row === null || row === 'expired') return row;
    const key = `${matchId}|${locale}`;
    const stamp = `${row.matchTime.getTime()}|${row.homeTeamId}|${row.awayTeamId}`;
    const hasKickedOff = row.statusId !== notStartedStatus(sport) && row.matchTime.getTime() <= now();
    const cached = h2hCache.get(key);
    let listVersion: number | undefined;
    if (cached && cached.stamp === stamp) {
      if (hasKickedOff && now() - cached.builtAtMs < H2H_REUSE_MS) return cached.value;
      listVersion = await readVersion(sport);
      if (listVersion === cached.listVersion) {
        cached.builtAtMs = now();
        return cached.value;
      }
    }
    // The version is read before the matches, so an entry never claims a newer version than its data.
    listVersion ??= await readVersion(sport);
    const value = await buildH2h(row, locale);
    h2hCache.set(key, { stamp, listVersion, builtAtMs: now(), value });
    return value;
  }

  return {
    footballOverview({ matchId, locale = DEFAULT_LOCALE }) {
      return readDetail('overview', 'football', matchId, locale, async (row): Promise<FootballOverviewData> => {
        const [events, stats] = await Promise.all([listEventRows(db, matchId), findStatsRow(db, matchId)]);
        return {
          match: toFootballMatch(row),
          competition: toCompetition(row, locale),
          season: seasonOf(row),
          round: row.round,
          note: row.note,
          score_details: footballScoreDetails(row, events),
          events: events.map(toMatchEvent),
          stats: stats?.stats.kind === 'football' ? stats.stats : null,
          momentum: stats?.momentum ?? [],
        };
      });
    },

    footballEvents({ matchId }) {
      return readDetail('events', 'football', matchId, '', async (): Promise<EventsData> => ({
        events: (await listEventRows(db, matchId)).map(toMatchEvent),
      }));
    },

    basketballOverview({ matchId, locale = DEFAULT_LOCALE }) {
      return readDetail('overview', 'basketball', matchId, locale, async (row): Promise<BasketballOverviewData> => {
        const stats = await findStatsRow(db, matchId);
        return {
          match: toBasketballMatch(row),
          competition: toCompetition(row, locale),
          season: seasonOf(row),
          round: row.round,
          score_details: basketballScoreDetails(row.periods, [row.homeScore, row.awayScore]),
          stats: stats?.stats.kind === 'basketball' ? stats.stats : null,
        };
      });
    },

    statistics({ sport, matchId }) {
      return readDetail('statistics', sport, matchId, '', async (): Promise<StatisticsData> => {
        const stats = await findStatsRow(db, matchId);
        return {
          stats: stats && stats.stats.kind === sport ? stats.stats : null,
          momentum: stats?.momentum ?? [],
        };
      });
    },

    lineups({ sport, matchId }) {
      return readDetail('lineups', sport, matchId, '', () => readLineups(matchId));
    },

    players({ sport, matchId }) {
      return readDetail('players', sport, matchId, '', async (): Promise<PlayersData> => {
        const lineups = await readLineups(matchId);
        return {
          home: rankPlayers(lineups.home?.players ?? [], sport),
          away: rankPlayers(lineups.away?.players ?? [], sport),
        };
      });
    },

    h2h({ sport, matchId, locale = DEFAULT_LOCALE }) {
      return gated(`h2h|${sport}|${matchId}|${locale}`, sport, async () => {
        const row = await readMatch(sport, matchId);
        return { value: await readH2h(row, sport, matchId, locale), expiresAtSec: expiryOf(row) };
      });
    },

    async matchStandings({ sport, matchId, locale = DEFAULT_LOCALE }) {
      const row = await readMatch(sport, matchId);
      if (row === null || row === 'expired') return row;
      let seasonId = row.seasonId;
      let seasonKind = row.seasonKind;
      if (seasonId === null) {
        // A match of no season (a simulated day): the competition's latest season that has results.
        const seasons = await listSeasonRows(db, { competitionId: row.competitionId, endedStatus: endedStatus(sport) });
        const latest = seasons.find((season) => season.results > 0);
        seasonId = latest?.id ?? null;
        seasonKind = latest?.kind ?? null;
      }
      if (seasonId === null || seasonKind === null || !hasTable(row.competitionId, seasonKind)) return { standings: null };
      const base = await seasonStandings(seasonId, locale);
      if (!base) return { standings: null };
      const key = `${matchId}|${locale}`;
      const cached = matchStandingsCache.get(key);
      if (cached && cached.base === base) return cached.value;
      const value = { standings: withHighlight(base, [row.homeTeamId, row.awayTeamId]) };
      matchStandingsCache.set(key, { base, value });
      return value;
    },

    findCompetitionPage,

    async competitionPage(options) {
      const found = await findCompetitionPage(options);
      return found === null || found === 'unknown-season' ? null : found.page;
    },

    async competitionStandings({ competitionId, seasonId, highlight = [], locale = DEFAULT_LOCALE }) {
      const competition = await findCompetitionRow(db, competitionId);
      if (!competition) return null;
      const chosen = await selectSeason(competitionId, competition.sport, seasonId);
      if (chosen === 'unknown-season') return chosen;
      const { selected } = chosen;
      const sport = competition.sport;
      if (!selected || !hasTable(competitionId, selected.kind)) return { sport, data: { standings: null } };
      const standings = await seasonStandings(selected.id, locale);
      if (!standings) return { sport, data: { standings: null } };
      return { sport, data: { standings: highlight.length > 0 ? withHighlight(standings, highlight) : standings } };
    },

    async teamPage({ teamId, locale = DEFAULT_LOCALE }) {
      const team = await findTeamRow(db, teamId);
      if (!team) return null;
      const where = teamWhere(teamId);
      const [competitionRows, fixtureRows, resultRows] = await Promise.all([
        listTeamCompetitionRows(db, teamId),
        listFixtureRows(db, {
          where,
          notStartedStatus: notStartedStatus(team.sport),
          fromSec: nowSec() - NOT_STARTED_STALE_SECONDS,
          limit: FIXTURES_LIMIT,
        }),
        listResultRows(db, { where, endedStatus: endedStatus(team.sport), limit: RESULTS_LIMIT }),
      ]);
      const history = (rows: typeof fixtureRows) =>
        rows.map((row) => toHistoryMatch(row, { sport: team.sport, locale, perspectiveTeamId: teamId }));
      return {
        team: { team_id: team.id, name: team.name, short_name: team.shortName, logo: teamCrestUrl(team.id), sport: team.sport },
        competitions: sortCompetitions(
          competitionRows.map((row) => toCompetitionOf(row, locale)),
          competitionRows,
          locale,
        ),
        fixtures: history(fixtureRows),
        results: history(resultRows),
      };
    },
  };
}
