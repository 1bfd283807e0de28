import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MatchMarketsData } from '../../../core/contracts/forecast';
import type { Sport } from '../../../core/contracts/matches';
import type { PricedSelection } from '../../../core/contracts/odds';
import type { ErrorCode } from '../../../core/contracts/api';
import type { Locale } from '../../../core/locale';
import { BASKETBALL_STATUS, FOOTBALL_STATUS, basketballListKind, footballListKind } from '../../../core/match/status';
import type { MessageKey } from '../../../core/messages/messages';
import type { Db, DbTransaction } from '../../db/client';
import { matches } from '../../db/schema/matches';
import { teams } from '../../db/schema/teams';
import { AppError } from '../../errors';
import { translate } from '../../i18n/translate';
import type { OddsService } from '../odds/public';

/**
 * Whether a match can take plans now (specification section 5: "a match may not support
 * publishing predictions"; section 8: "match already started"). The server clock decides:
 *
 * - ended (football 8, basketball 10) → PLAN_MATCH_UNSUPPORTED 'forecast.match.finished';
 * - any status other than not started, playing or ended (abnormal, delayed, interrupted,
 *   cancelled, to be determined…) or a match noted postponed → PLAN_MATCH_UNSUPPORTED
 *   'forecast.match.unavailable';
 * - being played, or still "not started" while the clock has reached its kick-off time →
 *   PLAN_MATCH_STARTED 'Match already started' (a late feed never reopens a match);
 * - otherwise null: publishable, as far as its state goes (markets are checked next).
 */
export interface MatchState {
  sport: Sport;
  statusId: number;
  matchTime: Date;
  note: string | null;
}

export interface PublishBlock {
  code: Extract<ErrorCode, 'PLAN_MATCH_STARTED' | 'PLAN_MATCH_UNSUPPORTED'>;
  message: MessageKey;
}

export function publishBlock(match: MatchState, now: Date): PublishBlock | null {
  const kind = match.sport === 'football' ? footballListKind(match.statusId) : basketballListKind(match.statusId);
  const ended = match.sport === 'football' ? FOOTBALL_STATUS.ENDED : BASKETBALL_STATUS.ENDED;
  const notStarted = match.sport === 'football' ? FOOTBALL_STATUS.NOT_STARTED : BASKETBALL_STATUS.NOT_STARTED;
  if (match.statusId === ended) return { code: 'PLAN_MATCH_UNSUPPORTED', message: 'forecast.match.finished' };
  if (kind === 'live') return { code: 'PLAN_MATCH_STARTED', message: 'forecast.match.started' };
  if (match.statusId !== notStarted || match.note === 'postponed') {
    return { code: 'PLAN_MATCH_UNSUPPORTED', message: 'forecast.match.unavailable' };
  }
  if (now.getTime() >= match.matchTime.getTime()) return { code: 'PLAN_MATCH_STARTED', message: 'forecast.match.started' };
  return null;
}

/** No market is priced for the match (the odds model cannot price it). */
export const NO_MARKET: PublishBlock = { code: 'PLAN_MATCH_UNSUPPORTED', message: 'forecast.match.unsupported' };

export async function findMatchState(
  db: Db | DbTransaction,
  matchId: number,
  options: { lock?: 'share' } = {},
): Promise<(MatchState & { id: number }) | null> {
  const query = db
    .select({ id: matches.id, sport: matches.sport, statusId: matches.statusId, matchTime: matches.matchTime, note: matches.note })
    .from(matches)
    .where(eq(matches.id, matchId))
    .limit(1);
  // FOR SHARE: the match writer cannot move the match on (kick-off, cancellation) until the plan is in.
  const [row] = options.lock === 'share' ? await query.for('share') : await query;
  return row ?? null;
}

const homeTeams = alias(teams, 'home_team');
const awayTeams = alias(teams, 'away_team');

/** The two team names of a match, as a notification shows them; null for an unknown match. */
export async function findMatchTeams(db: Db | DbTransaction, matchId: number): Promise<{ home: string; away: string } | null> {
  const [row] = await db
    .select({ home: homeTeams.name, away: awayTeams.name })
    .from(matches)
    .innerJoin(homeTeams, eq(homeTeams.id, matches.homeTeamId))
    .innerJoin(awayTeams, eq(awayTeams.id, matches.awayTeamId))
    .where(eq(matches.id, matchId));
  return row ?? null;
}

export function matchNotFound(): AppError {
  return new AppError('NOT_FOUND', { message: 'forecast.match.notFound' });
}

/**
 * The markets a plan can be published on for one match, priced by the shared odds model, with
 * `publishable` and, when false, the reason (message key and text in `locale`). A match that
 * cannot take plans for its state answers no markets; 404 for an unknown match.
 */
export async function getMatchMarkets(options: {
  db: Db;
  odds: OddsService;
  matchId: number;
  now: Date;
  locale: Locale;
}): Promise<MatchMarketsData> {
  const match = await findMatchState(options.db, options.matchId);
  if (!match) throw matchNotFound();
  const refuse = (block: PublishBlock): MatchMarketsData => ({
    match_id: match.id,
    publishable: false,
    reason: block.message,
    reason_text: translate(options.locale, block.message),
    markets: [],
  });
  const block = publishBlock(match, options.now);
  if (block) return refuse(block);
  const markets = offeredMarkets(await options.odds.priceMatch(match.id));
  if (markets.length === 0) return refuse(NO_MARKET);
  return { match_id: match.id, publishable: true, reason: null, reason_text: null, markets };
}

/**
 * The selections a plan may take from a pricing: those with a real price. A model that cannot
 * price a selection (a degenerate fit gives no finite odds) offers nothing rather than a plan
 * with odds no one could check.
 */
export function offeredMarkets(pricing: { markets: readonly PricedSelection[] } | null): PricedSelection[] {
  if (!pricing) return [];
  return pricing.markets.filter(
    (market) => Number.isFinite(market.odds) && market.odds > 1 && Number.isFinite(market.probability),
  );
}
