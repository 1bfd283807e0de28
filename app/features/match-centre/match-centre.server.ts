import { data } from 'react-router';
import {
  detailAllowed,
  type BasketballOverviewData,
  type CompetitionPageData,
  type FootballOverviewData,
  type H2hData,
  type LineupsData,
  type PlayersData,
  type StandingsData,
} from '../../../core/contracts/match-centre';
import type { Competition, Sport } from '../../../core/contracts/matches';
import type { DetailResult, ServerLoadContext } from '../../../core/contracts/services';
import type { Locale } from '../../../core/locale';
import { parseMatchId } from '../../lib/match-time';
import { loaderLocale } from '../../lib/locale';
import { resolveTab, type BasketballTab, type FootballTab } from './tabs';

/**
 * What a match page's loader asks the match centre for, tab by tab: each tab reads only what it
 * shows. The answer is the tab's data, 'expired' for a match older than three months, or null
 * when the match centre does not know the match (the page answers 404).
 */

export type FootballPanel =
  | { tab: 'overview' | 'scoreDetails'; overview: FootballOverviewData }
  | { tab: 'sequence'; lineups: LineupsData }
  | { tab: 'h2h'; h2h: H2hData }
  | { tab: 'sorting'; standings: StandingsData | null }
  | { tab: 'playerData'; players: PlayersData }
  | { tab: 'predictions' };

export type BasketballPanel =
  | { tab: 'overview' | 'scoreDetails'; overview: BasketballOverviewData }
  | { tab: 'analysis'; h2h: H2hData }
  | { tab: 'standings'; standings: StandingsData | null }
  | { tab: 'playerData'; players: PlayersData }
  | { tab: 'popularLeagues'; competitions: Competition[]; isHotList: boolean };

async function wrap<T, P>(result: Promise<DetailResult<T>>, make: (data: T) => P): Promise<DetailResult<P>> {
  const data: DetailResult<T> = await result;
  if (data === null) return null;
  if (data === 'expired') return 'expired';
  return make(data as T);
}

export function loadFootballPanel(
  context: ServerLoadContext,
  options: { tab: FootballTab; matchId: number; locale: Locale },
): Promise<DetailResult<FootballPanel>> {
  const { tab, matchId, locale } = options;
  const centre = context.matchCentre;
  const sport = 'football';
  switch (tab) {
    case 'overview':
    case 'scoreDetails':
      return wrap(centre.footballOverview({ matchId, locale }), (overview) => ({ tab, overview }));
    case 'sequence':
      return wrap(centre.lineups({ sport, matchId }), (lineups) => ({ tab, lineups }));
    case 'h2h':
      return wrap(centre.h2h({ sport, matchId, locale }), (h2h) => ({ tab, h2h }));
    case 'sorting':
      return wrap(centre.matchStandings({ sport, matchId, locale }), ({ standings }) => ({ tab, standings }));
    case 'playerData':
      return wrap(centre.players({ sport, matchId }), (players) => ({ tab, players }));
    case 'predictions':
      return Promise.resolve({ tab });
  }
}

/**
 * Popular leagues: today's hot basketball competitions (the lists' own choice), or, on a day
 * without hot ones, every competition playing today.
 */
async function popularBasketball(context: ServerLoadContext, locale: Locale, todaySec: number): Promise<BasketballPanel> {
  const day = await context.matches.listBasketball({ timestamp: todaySec, locale });
  const hot = day.competitionList.filter((c) => c.is_hot);
  return { tab: 'popularLeagues', competitions: hot.length > 0 ? hot : day.competitionList, isHotList: hot.length > 0 };
}

export function loadBasketballPanel(
  context: ServerLoadContext,
  options: { tab: BasketballTab; matchId: number; locale: Locale; todaySec: number },
): Promise<DetailResult<BasketballPanel>> {
  const { tab, matchId, locale } = options;
  const centre = context.matchCentre;
  const sport = 'basketball';
  switch (tab) {
    case 'overview':
    case 'scoreDetails':
      return wrap(centre.basketballOverview({ matchId, locale }), (overview) => ({ tab, overview }));
    case 'analysis':
      return wrap(centre.h2h({ sport, matchId, locale }), (h2h) => ({ tab, h2h }));
    case 'standings':
      return wrap(centre.matchStandings({ sport, matchId, locale }), ({ standings }) => ({ tab, standings }));
    case 'playerData':
      return wrap(centre.players({ sport, matchId }), (players) => ({ tab, players }));
    case 'popularLeagues':
      return popularBasketball(context, locale, options.todaySec);
  }
}

/**
 * The loader of both match pages (football and basketball work alike; the sport's page passes
 * its own tabs, match read and panel read): 404 for an id that is not a match id, a tab the
 * sport does not have or a match nobody knows; a match older than three months keeps its
 * header and gets no detail (sections 5 and 9).
 */
export async function loadMatchDetail<Tab extends string, Found extends { match: { match_time: number } }, P>(options: {
  request: Request;
  params: { matchId?: string; tab?: string };
  tabs: readonly Tab[];
  findMatch: (query: { matchId: number; locale: Locale }) => Promise<Found | null>;
  loadPanel: (query: { tab: Tab; matchId: number; locale: Locale; nowMs: number }) => Promise<DetailResult<P>>;
}): Promise<Found & { tab: Tab; nowSec: number; panel: P | 'expired' }> {
  const locale = loaderLocale(options.request);
  const matchId = parseMatchId(options.params.matchId);
  const tab = resolveTab(options.tabs, options.params.tab);
  if (matchId === null || tab === null) throw data(null, { status: 404 });
  const found = await options.findMatch({ matchId, locale });
  if (found === null) throw data(null, { status: 404 });
  const nowMs = Date.now();
  const nowSec = Math.floor(nowMs / 1000);
  let panel: P | 'expired' = 'expired';
  if (detailAllowed(found.match.match_time, nowSec)) {
    const result = await options.loadPanel({ tab, matchId, locale, nowMs });
    if (result === null) throw data(null, { status: 404 });
    panel = result;
  }
  return { ...found, tab, nowSec, panel };
}

/**
 * The sport of a competition page. The page data names no sport, so it is told by the
 * competition's matches: a match the football reads know is football, else basketball. With
 * no match at all, a table with draws is football; anything else is shown as football (the
 * views then differ only in the drawn / percentage column of an empty table).
 */
export async function competitionSport(context: ServerLoadContext, page: CompetitionPageData): Promise<Sport> {
  // Should the page data come to name its sport, that answer wins.
  const named = (page as { sport?: unknown }).sport ?? (page.competition as { sport?: unknown }).sport;
  if (named === 'football' || named === 'basketball') return named;
  const any = page.results[0] ?? page.fixtures[0];
  if (any !== undefined) return (await context.matches.findFootballMatch({ matchId: any.match_id })) === null ? 'basketball' : 'football';
  return 'football';
}
