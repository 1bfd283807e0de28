import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { PARLAY_MIN_LEGS, type Bet, type PlaceBetBodySchema } from '../../../core/contracts/guessing';
import { betPayout, combinedOddsMilli } from '../../../core/guessing/bets';
import { isValidLine } from '../../../core/odds/grade';
import { findPrice } from '../../../core/odds/markets';
import type { Locale } from '../../../core/locale';
import type { Db, DbTransaction } from '../../db/client';
import { betLegs, bets } from '../../db/schema/guessing';
import { users } from '../../db/schema/users';
import { AppError, invalidFields, type FieldError } from '../../errors';
import { marketDayBounds } from '../markets/public';
import { findMatchState, offeredMarkets } from '../markets/public';
import type { OddsService } from '../odds/public';
import { recordHouseEntry } from '../points/public';
import { spendPoints } from '../points/public';
import { getBet } from './bet-reads';
import { betBlock } from './bet-window';
import type { GuessingConfig } from './guessing-config';

export type PlaceBetInput = z.output<typeof PlaceBetBodySchema>;

export interface PlaceBetOptions {
  db: Db;
  odds: OddsService;
  config: GuessingConfig;
  userId: number;
  body: PlaceBetInput;
  /** the server clock: decides the cut-off and the day of the daily cap */
  now: Date;
  locale: Locale;
}

/**
 * Places a bet (specification section 5, decision 078). Every refusal writes nothing:
 *
 * 1. The same idempotency key answers the bet it made (a double click is one bet); the same key
 *    with another stake, kind or legs is 409 IDEMPOTENCY_MISMATCH.
 * 2. Form rules, at once as 400 VALIDATION per field: a kind ('Choose single or parlay first'), a
 *    stake that is a whole number above 0, one leg for a single, at least PARLAY_MIN_LEGS for a
 *    parlay, never two legs on one match (correlated legs).
 * 3. The stake within GUESSING_MAX_STAKE (409 BET_LIMIT).
 * 4. Each leg: its match exists (404) and takes bets by the server clock (409 BET_MATCH_CLOSED:
 *    started, closed, or within 15 minutes of kick-off); the selection is priced now by the odds
 *    model (else BET_MATCH_CLOSED 'market closed'); the price equals the leg's `odds` (else 409
 *    BET_PRICE_MOVED: the slip re-reads the markets).
 * 5. One transaction holding the bettor's row lock (FOR UPDATE), so two bets of one fan run one
 *    after the other: the key again, the matches again under a share lock, the daily cap (Σ stakes
 *    of the Istanbul day + stake ≤ GUESSING_DAILY_CAP, else BET_LIMIT with limit and remaining),
 *    then the bet and its legs, the stake debited (spendPoints, bet_stake, `bet_stake:<bet id>`;
 *    409 POINTS_INSUFFICIENT rolls everything back) and received by the house under the same key.
 */
export async function placeBet(options: PlaceBetOptions): Promise<Bet> {
  const { db, body, userId, now } = options;
  const viewer = { userId, locale: options.locale };

  const replayed = await findBetByKey(db, userId, body.idempotency_key);
  if (replayed) {
    await assertSameBet(db, replayed, body);
    return getBet(db, { betId: replayed.id, viewer });
  }

  const fields = formErrors(body);
  if (fields.length > 0) throw invalidFields(fields);
  const stake = body.stake!;
  const kind = body.kind!;
  if (stake > options.config.maxStake) throw new AppError('BET_LIMIT', { message: 'guessing.stake.tooBig', params: { max: options.config.maxStake } });

  const legs: { matchId: number; sport: 'football' | 'basketball'; selection: PlaceBetInput['legs'][number]['selection']; oddsMilli: number }[] = [];
  for (const leg of body.legs) {
    const match = await findMatchState(db, leg.match_id);
    if (!match) throw new AppError('NOT_FOUND', { message: 'guessing.match.notFound' });
    const block = betBlock(match, now);
    if (block) throw new AppError('BET_MATCH_CLOSED', { message: block });
    // Priced before the transaction: the odds service reads on its own connection.
    const offered = isValidLine(match.sport, leg.selection) ? findPrice(offeredMarkets(await options.odds.priceMatch(match.id)), leg.selection) : null;
    if (!offered) throw new AppError('BET_MATCH_CLOSED', { message: 'guessing.market.closed' });
    const oddsMilli = Math.round(offered.odds * 1000);
    if (oddsMilli !== Math.round(leg.odds * 1000)) throw new AppError('BET_PRICE_MOVED');
    legs.push({ matchId: match.id, sport: match.sport, selection: leg.selection, oddsMilli });
  }

  const betId = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const raced = await findBetByKey(tx, userId, body.idempotency_key);
    if (raced) {
      await assertSameBet(tx, raced, body);
      return raced.id;
    }
    for (const leg of legs) {
      const locked = await findMatchState(tx, leg.matchId, { lock: 'share' });
      if (!locked) throw new AppError('NOT_FOUND', { message: 'guessing.match.notFound' });
      const block = betBlock(locked, now);
      if (block) throw new AppError('BET_MATCH_CLOSED', { message: block });
    }
    const staked = await stakedToday(tx, { userId, now });
    if (staked + stake > options.config.dailyCap) {
      throw new AppError('BET_LIMIT', {
        message: 'guessing.dailyCap',
        params: { limit: options.config.dailyCap, remaining: Math.max(0, options.config.dailyCap - staked) },
      });
    }
    const legOdds = legs.map((leg) => leg.oddsMilli);
    const [bet] = await tx
      .insert(bets)
      .values({
        userId,
        kind,
        stake,
        oddsMilli: combinedOddsMilli(legOdds),
        potentialReturn: betPayout(stake, legOdds.map((oddsMilli) => ({ oddsMilli, outcome: 'win' as const }))),
        idempotencyKey: body.idempotency_key,
        placedAt: now,
      })
      .returning({ id: bets.id });
    if (!bet) throw new Error('bet insert returned nothing');
    await tx.insert(betLegs).values(
      legs.map((leg) => ({
        betId: bet.id,
        matchId: leg.matchId,
        sport: leg.sport,
        market: leg.selection.market,
        period: leg.selection.period,
        pick: leg.selection.pick,
        lineQuarters: leg.selection.line === null ? null : Math.round(leg.selection.line * 4),
        oddsMilli: leg.oddsMilli,
      })),
    );
    const key = `bet_stake:${bet.id}`;
    await spendPoints(tx, { userId, amount: stake, reason: 'bet_stake', reference: `bet:${bet.id}`, idempotencyKey: key, now });
    await recordHouseEntry(tx, { amount: stake, reason: 'bet_stake', reference: `bet:${bet.id}`, idempotencyKey: key, now });
    return bet.id;
  });
  return getBet(db, { betId, viewer });
}

/** Rule 2, each message under its field. */
function formErrors(body: PlaceBetInput): FieldError[] {
  const fields: FieldError[] = [];
  if (body.kind === undefined) fields.push({ field: 'kind', message: 'guessing.kind.required' });
  const stake = body.stake;
  if (stake === undefined || !Number.isSafeInteger(stake) || stake <= 0) fields.push({ field: 'stake', message: 'guessing.stake.invalid' });
  if (body.kind === 'single' && body.legs.length !== 1) fields.push({ field: 'legs', message: 'guessing.single.oneLeg' });
  if (body.kind === 'parlay' && body.legs.length < PARLAY_MIN_LEGS) fields.push({ field: 'legs', message: 'guessing.parlay.minLegs' });
  if (new Set(body.legs.map((leg) => leg.match_id)).size !== body.legs.length) fields.push({ field: 'legs', message: 'guessing.parlay.sameMatch' });
  return fields;
}

/** Points the fan staked on bets placed during the current Europe/Istanbul day, whatever became of them. */
export async function stakedToday(db: Db | DbTransaction, options: { userId: number; now: Date }): Promise<number> {
  const { start, end } = marketDayBounds(options.now);
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${bets.stake}), 0)::text` })
    .from(bets)
    .where(and(eq(bets.userId, options.userId), gte(bets.placedAt, start), lt(bets.placedAt, end)));
  return Number(row?.total ?? 0);
}

async function findBetByKey(db: Db | DbTransaction, userId: number, idempotencyKey: string) {
  const [row] = await db
    .select({ id: bets.id, kind: bets.kind, stake: bets.stake })
    .from(bets)
    .where(and(eq(bets.userId, userId), eq(bets.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row ?? null;
}

async function assertSameBet(db: Db | DbTransaction, stored: { id: number; kind: string; stake: number }, body: PlaceBetInput): Promise<void> {
  const legs = await db.select({ matchId: betLegs.matchId, market: betLegs.market, period: betLegs.period, pick: betLegs.pick, lineQuarters: betLegs.lineQuarters }).from(betLegs).where(inArray(betLegs.betId, [stored.id]));
  const signature = (items: { matchId: number; market: string; period: string; pick: string; lineQuarters: number | null }[]) =>
    items.map((leg) => `${leg.matchId}|${leg.market}|${leg.period}|${leg.pick}|${leg.lineQuarters ?? ''}`).sort().join(',');
  const asked = body.legs.map((leg) => ({
    matchId: leg.match_id,
    ...leg.selection,
    lineQuarters: leg.selection.line === null ? null : Math.round(leg.selection.line * 4),
  }));
  if (stored.kind !== body.kind || stored.stake !== body.stake || signature(legs) !== signature(asked)) throw new AppError('IDEMPOTENCY_MISMATCH');
}
