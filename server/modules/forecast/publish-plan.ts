import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PLAN_DESCRIPTION_MAX,
  PLAN_PRICE_MAX,
  PLAN_PRICE_MIN,
  type Plan,
  type PublishPlanBodySchema,
} from '../../../core/contracts/forecast';
import type { Selection } from '../../../core/contracts/odds';
import { communityExcerpt } from '../../../core/forecast/excerpt';
import { canonicalPlanContent, newSalt, planFingerprint } from '../../../core/forecast/fingerprint';
import { isValidLine } from '../../../core/odds/grade';
import { findPrice } from '../../../core/odds/markets';
import type { Locale } from '../../../core/locale';
import type { Db, DbTransaction } from '../../db/client';
import { forecastFollows, forecastPlans } from '../../db/schema/forecast';
import { users } from '../../db/schema/users';
import { AppError, invalidFields, type FieldError } from '../../errors';
import { notification, withNotifications, type NoticeLog, type Notices, type NoticePublisher } from '../notifications/public';
import type { OddsService } from '../odds/public';
import type { ForecastConfig } from './forecast-config';
import { NO_MARKET, findMatchState, findMatchTeams, matchNotFound, offeredMarkets, publishBlock } from '../markets/public';
import { recordDomainEvents } from '../../jobs/outbox';
import { getPlan } from './plan-reads';
import './plan-events';
import { plansPublishedToday } from './quota';
import { planPublishedNotification } from '../../../core/contracts/forecast-notifications';

export type PublishPlanInput = z.output<typeof PublishPlanBodySchema>;

export interface PublishPlanOptions {
  db: Db;
  odds: OddsService;
  config: ForecastConfig;
  userId: number;
  body: PublishPlanInput;
  /** the server clock: decides "match already started" and the day of the daily limit */
  now: Date;
  locale: Locale;
  /** tells the followers' open pages after commit (decision 133) */
  publisher?: NoticePublisher;
  log?: NoticeLog;
}

/**
 * Publishes a plan (specification sections 5 and 9, decision 074). Every rule failure writes
 * nothing:
 *
 * 1. Form rules, all reported at once as 400 VALIDATION with one message per field: the
 *    description is required (after trimming) and at most PLAN_DESCRIPTION_MAX characters; a
 *    paid plan's points must be entered, greater than 0, whole, and within 50–200. A free plan
 *    ignores `price`.
 * 2. The match exists (404), can take plans by its state and the server clock (409
 *    PLAN_MATCH_STARTED / PLAN_MATCH_UNSUPPORTED, match-markets.ts), the selection is a valid
 *    line for the sport and priced on this match now (409 PLAN_MATCH_UNSUPPORTED). The plan's
 *    odds are that price, fixed for good.
 * 3. In one transaction, holding the tipster's row lock so two publishes of one tipster run one
 *    after the other: the idempotency key (the same key answers the plan it made; the same key
 *    with other content is 409 IDEMPOTENCY_MISMATCH), the match once more under a share lock,
 *    and the daily limit (409 PLAN_DAILY_LIMIT with limit and remaining 0). Then the canonical
 *    content, a fresh salt and its SHA-256 fingerprint, and the community excerpt are written
 *    with the plan, and every follower of the tipster gets a plan_published notification
 *    (interaction) in the same transaction, pushed after commit.
 */
export async function publishPlan(options: PublishPlanOptions): Promise<Plan> {
  const { db, body, userId } = options;
  const viewer = { userId, locale: options.locale };
  const description = body.description.trim();
  const price = body.free ? 0 : (body.price ?? 0);

  // A retried request whose plan was already written answers that plan, whatever changed since.
  const replayed = await findPlanByKey(db, userId, body.idempotency_key);
  if (replayed) {
    assertSameContent(replayed, { ...body, description, price });
    return getPlan(db, { planId: replayed.id, viewer });
  }

  const fields = formErrors(body, description);
  if (fields.length > 0) throw invalidFields(fields);

  const match = await findMatchState(db, body.match_id);
  if (!match) throw matchNotFound();
  const block = publishBlock(match, options.now);
  if (block) throw new AppError(block.code, { message: block.message });
  // Priced before the transaction: the odds service reads on its own connection.
  const markets = offeredMarkets(await options.odds.priceMatch(match.id));
  if (markets.length === 0) throw new AppError(NO_MARKET.code, { message: NO_MARKET.message });
  const offered = isValidLine(match.sport, body.selection) ? findPrice(markets, body.selection) : null;
  if (!offered) throw new AppError('PLAN_MATCH_UNSUPPORTED', { message: 'forecast.selection.unavailable' });

  const planId = await withNotifications({ db, publisher: options.publisher, log: options.log }, async (tx, notices) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const raced = await findPlanByKey(tx, userId, body.idempotency_key);
    if (raced) {
      assertSameContent(raced, { ...body, description, price });
      return raced.id;
    }
    const locked = await findMatchState(tx, match.id, { lock: 'share' });
    if (!locked) throw matchNotFound();
    const lockedBlock = publishBlock(locked, options.now);
    if (lockedBlock) throw new AppError(lockedBlock.code, { message: lockedBlock.message });

    const used = await plansPublishedToday(tx, { userId, now: options.now });
    if (used >= options.config.dailyLimit) {
      throw new AppError('PLAN_DAILY_LIMIT', { params: { limit: options.config.dailyLimit, remaining: 0 } });
    }

    const oddsMilli = Math.round(offered.odds * 1000);
    const excerpt = communityExcerpt(description);
    const line = body.selection.line;
    const canonical = canonicalPlanContent({
      tipsterId: userId,
      matchId: match.id,
      sport: match.sport,
      market: body.selection.market,
      period: body.selection.period,
      pick: body.selection.pick,
      line,
      odds: oddsMilli / 1000,
      description,
      price,
      publishedAt: options.now.toISOString(),
    });
    const salt = newSalt();
    const [row] = await tx
      .insert(forecastPlans)
      .values({
        userId,
        matchId: match.id,
        sport: match.sport,
        market: body.selection.market,
        period: body.selection.period,
        pick: body.selection.pick,
        lineQuarters: line === null ? null : Math.round(line * 4),
        oddsMilli,
        description,
        excerpt,
        price,
        salt,
        canonical,
        fingerprint: await planFingerprint(canonical, salt),
        publishedAt: options.now,
        kickOffAt: locked.matchTime,
        idempotencyKey: body.idempotency_key,
      })
      .returning({ id: forecastPlans.id });
    if (!row) throw new Error('plan insert returned nothing');
    // the community posts a long description's excerpt once (docs/decisions/145)
    await recordDomainEvents(tx, [{ type: 'forecast.plan_published', payload: { planId: row.id, tipsterId: userId, matchId: match.id, sport: match.sport, excerpt } }], options.now);
    await notifyFollowers(tx, notices, { tipsterId: userId, planId: row.id, matchId: match.id, free: price === 0 });
    return row.id;
  });
  return getPlan(db, { planId, viewer });
}

/**
 * The tipster's followers hear of the new plan: one read of the follower ids and one multi-row
 * insert per few thousand followers (notifyMany), never a statement per follower.
 */
async function notifyFollowers(
  tx: DbTransaction,
  notices: Notices,
  options: { tipsterId: number; planId: number; matchId: number; free: boolean },
): Promise<void> {
  const followers = await tx.select({ id: forecastFollows.followerId }).from(forecastFollows).where(eq(forecastFollows.tipsterId, options.tipsterId));
  if (followers.length === 0) return;
  const teams = await findMatchTeams(tx, options.matchId);
  if (!teams) return;
  await notices.notifyMany(
    followers.map((follower) =>
      notification(planPublishedNotification, {
        userId: follower.id,
        actorId: options.tipsterId,
        object: { type: 'plan', id: options.planId },
        dedupeKey: `plan_published:${options.planId}`,
        data: { match_id: options.matchId, ...teams, free: options.free },
      }),
    ),
  );
}

/** The form rules of rule 1, each under its field. Description length counts characters (code points). */
function formErrors(body: PublishPlanInput, description: string): FieldError[] {
  const fields: FieldError[] = [];
  if (description.length === 0) fields.push({ field: 'description', message: 'forecast.description.required' });
  else if (Array.from(description).length > PLAN_DESCRIPTION_MAX) {
    fields.push({ field: 'description', message: 'forecast.description.tooLong', params: { max: PLAN_DESCRIPTION_MAX } });
  }
  if (!body.free) {
    const price = body.price;
    if (price === undefined) fields.push({ field: 'price', message: 'forecast.price.required' });
    else if (price <= 0) fields.push({ field: 'price', message: 'forecast.price.positive' });
    else if (!Number.isInteger(price)) fields.push({ field: 'price', message: 'forecast.price.integer' });
    else if (price < PLAN_PRICE_MIN || price > PLAN_PRICE_MAX) {
      fields.push({ field: 'price', message: 'forecast.price.range', params: { min: PLAN_PRICE_MIN, max: PLAN_PRICE_MAX } });
    }
  }
  return fields;
}

async function findPlanByKey(db: Db | DbTransaction, userId: number, idempotencyKey: string) {
  const [row] = await db
    .select({
      id: forecastPlans.id,
      matchId: forecastPlans.matchId,
      market: forecastPlans.market,
      period: forecastPlans.period,
      pick: forecastPlans.pick,
      lineQuarters: forecastPlans.lineQuarters,
      description: forecastPlans.description,
      price: forecastPlans.price,
    })
    .from(forecastPlans)
    .where(and(eq(forecastPlans.userId, userId), eq(forecastPlans.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row ?? null;
}

function assertSameContent(
  stored: NonNullable<Awaited<ReturnType<typeof findPlanByKey>>>,
  asked: { match_id: number; selection: Selection; description: string; price: number },
): void {
  const line = asked.selection.line === null ? null : asked.selection.line * 4;
  const same =
    stored.matchId === asked.match_id &&
    stored.market === asked.selection.market &&
    stored.period === asked.selection.period &&
    stored.pick === asked.selection.pick &&
    stored.lineQuarters === line &&
    stored.description === asked.description &&
    stored.price === asked.price;
  if (!same) throw new AppError('IDEMPOTENCY_MISMATCH');
}
