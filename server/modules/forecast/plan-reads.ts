import { and, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { UserRole } from '../../../core/contracts/account';
import type { Plan, PlanListData, PlanListView } from '../../../core/contracts/forecast';
import type { Sport } from '../../../core/contracts/matches';
import { recommendOrder } from '../../../core/forecast/recommend';
import { winTally, type OutcomeCounts } from '../../../core/forecast/record';
import type { Locale } from '../../../core/locale';
import type { Db, DbTransaction } from '../../db/client';
import { competitions } from '../../db/schema/competitions';
import { forecastFollows, forecastPlans, forecastUnlocks } from '../../db/schema/forecast';
import { matches } from '../../db/schema/matches';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import { planReceiptText } from './plan-receipt';
import { toSeconds } from '../matches/public';
import { awayTeams, homeTeams } from '../matches/public';

/**
 * THE VISIBILITY RULE of the prediction centre (decision 074). Every plan the API sends is made
 * by `toPlan` in this file, and nowhere else:
 *
 * - The content — pick, line, fixed odds and the full description — goes only to a viewer who
 *   may read it: the tipster, a buyer who unlocked it, anyone for a free plan, and everyone once
 *   the plan is settled or void (then with the proof: salt and canonical text).
 * - Market, period, price, fingerprint, the community excerpt and the sales count are public.
 * - A plan staff hid (hidden_at) keeps its record but shows no description, excerpt or proof to
 *   anyone but staff; pick, line and odds follow the rule above.
 *
 * Lists go through the same function with the same viewer, so a list never shows more than the
 * plan's own page would.
 */

export interface PlanViewer {
  /** null when signed out */
  userId: number | null;
  role?: UserRole | null;
  locale: Locale;
}

const planColumns = {
  id: forecastPlans.id,
  userId: forecastPlans.userId,
  matchId: forecastPlans.matchId,
  sport: forecastPlans.sport,
  market: forecastPlans.market,
  period: forecastPlans.period,
  pick: forecastPlans.pick,
  lineQuarters: forecastPlans.lineQuarters,
  oddsMilli: forecastPlans.oddsMilli,
  description: forecastPlans.description,
  excerpt: forecastPlans.excerpt,
  price: forecastPlans.price,
  salt: forecastPlans.salt,
  canonical: forecastPlans.canonical,
  fingerprint: forecastPlans.fingerprint,
  publishedAt: forecastPlans.publishedAt,
  status: forecastPlans.status,
  outcome: forecastPlans.outcome,
  receipt: forecastPlans.receipt,
  sellCount: forecastPlans.sellCount,
  hiddenAt: forecastPlans.hiddenAt,
  tipsterNickname: users.nickname,
  tipsterAvatar: users.avatar,
  matchTime: matches.matchTime,
  matchStatusId: matches.statusId,
  homeScore: matches.homeScore,
  awayScore: matches.awayScore,
  htHome: matches.htHome,
  htAway: matches.htAway,
  competitionId: matches.competitionId,
  competitionNameTr: competitions.nameTr,
  competitionNameEn: competitions.nameEn,
  competitionNameZh: competitions.nameZh,
  homeTeamId: matches.homeTeamId,
  homeName: homeTeams.name,
  awayTeamId: matches.awayTeamId,
  awayName: awayTeams.name,
};

function selectPlanRows(db: Db | DbTransaction) {
  return db
    .select(planColumns)
    .from(forecastPlans)
    .innerJoin(users, eq(users.id, forecastPlans.userId))
    .innerJoin(matches, eq(matches.id, forecastPlans.matchId))
    .innerJoin(competitions, eq(competitions.id, matches.competitionId))
    .innerJoin(homeTeams, eq(homeTeams.id, matches.homeTeamId))
    .innerJoin(awayTeams, eq(awayTeams.id, matches.awayTeamId))
    .$dynamic();
}

export type PlanRow = Awaited<ReturnType<ReturnType<typeof selectPlanRows>['execute']>>[number];

const NOT_STARTED = 1;

/** The one mapping from a stored plan to what `viewer` may see (the rule above). */
export function toPlan(row: PlanRow, viewer: PlanViewer, options: { unlockedByViewer: boolean }): Plan {
  const isOwn = viewer.userId !== null && viewer.userId === row.userId;
  const isStaff = viewer.role === 'staff' || viewer.role === 'admin';
  const isFree = row.price === 0;
  const isClosed = row.status !== 'open';
  const hidden = row.hiddenAt !== null;
  const showHidden = !hidden || isStaff;
  const unlocked = isOwn || isFree || isClosed || options.unlockedByViewer;
  const line = row.lineQuarters === null ? null : row.lineQuarters / 4;
  return {
    id: row.id,
    tipster: { id: row.userId, nickname: row.tipsterNickname, avatar: row.tipsterAvatar },
    match: {
      id: row.matchId,
      sport: row.sport,
      competition: { id: row.competitionId, name: competitionNameIn(row, viewer.locale) },
      home: { id: row.homeTeamId, name: row.homeName },
      away: { id: row.awayTeamId, name: row.awayName },
      match_time: toSeconds(row.matchTime),
      status_id: row.matchStatusId,
      score: row.matchStatusId === NOT_STARTED ? null : [row.homeScore, row.awayScore],
      ht_score: row.htHome !== null && row.htAway !== null ? [row.htHome, row.htAway] : null,
    },
    market: row.market,
    period: row.period,
    price: row.price,
    free: isFree,
    excerpt: showHidden ? row.excerpt : null,
    fingerprint: row.fingerprint,
    published_at: row.publishedAt.toISOString(),
    status: row.status,
    outcome: row.outcome,
    receipt: row.receipt
      ? {
          key: row.receipt.key,
          params: row.receipt.params,
          text: planReceiptText(viewer.locale, row.receipt),
        }
      : null,
    sell_count: row.sellCount,
    unlocked,
    can_unlock: viewer.userId !== null && !isOwn && !isFree && !unlocked && row.status === 'open' && !hidden,
    is_own: isOwn,
    content: unlocked
      ? {
          market: row.market,
          period: row.period,
          pick: row.pick,
          line,
          odds: row.oddsMilli / 1000,
          description: showHidden ? row.description : '',
        }
      : null,
    // The canonical text holds the description: a hidden plan's proof stays with staff.
    proof: isClosed && showHidden ? { salt: row.salt, canonical: row.canonical } : null,
    hidden,
  };
}

function competitionNameIn(row: PlanRow, locale: Locale): string {
  return locale === 'en' ? row.competitionNameEn : locale === 'zh' ? row.competitionNameZh : row.competitionNameTr;
}

/** Which of `planIds` the viewer unlocked. */
async function unlockedBy(db: Db | DbTransaction, viewerId: number | null, planIds: readonly number[]): Promise<Set<number>> {
  if (viewerId === null || planIds.length === 0) return new Set();
  const rows = await db
    .select({ planId: forecastUnlocks.planId })
    .from(forecastUnlocks)
    .where(and(eq(forecastUnlocks.buyerId, viewerId), inArray(forecastUnlocks.planId, [...planIds])));
  return new Set(rows.map((row) => row.planId));
}

async function toPlans(db: Db | DbTransaction, rows: readonly PlanRow[], viewer: PlanViewer): Promise<Plan[]> {
  const unlocked = await unlockedBy(
    db,
    viewer.userId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toPlan(row, viewer, { unlockedByViewer: unlocked.has(row.id) }));
}

/** One plan as `viewer` may see it, or null when there is no such plan. */
export async function findPlan(db: Db | DbTransaction, options: { planId: number; viewer: PlanViewer }): Promise<Plan | null> {
  const [row] = await selectPlanRows(db).where(eq(forecastPlans.id, options.planId)).limit(1);
  if (!row) return null;
  const [plan] = await toPlans(db, [row], options.viewer);
  return plan ?? null;
}

/** One plan as `viewer` may see it; 404 NOT_FOUND ('Plan not found') when there is none. */
export async function getPlan(db: Db | DbTransaction, options: { planId: number; viewer: PlanViewer }): Promise<Plan> {
  const plan = await findPlan(db, options);
  if (!plan) throw new AppError('NOT_FOUND', { message: 'forecast.plan.notFound' });
  return plan;
}

export interface ListPlansOptions {
  viewer: PlanViewer;
  view: PlanListView;
  matchId?: number;
  tipsterId?: number;
  sport?: Sport;
  page: number;
  size: number;
}

/**
 * The plan lists (docs/api/forecast.md "Lists"). Feeds (upToDate, recommend, myFollow without a
 * match or tipster filter) hold open plans staff did not hide; a match's or a tipster's list holds
 * every plan of it, settled and hidden ones included, so the record stays whole. `my` is the
 * viewer's own history, `purchased` what the viewer unlocked, newest unlock first. The views that
 * name the viewer need a signed-in viewer (401 UNAUTHENTICATED).
 */
export async function listPlans(db: Db, options: ListPlansOptions): Promise<PlanListData> {
  const { viewer, view } = options;
  const needsViewer = view === 'my' || view === 'myFollow' || view === 'purchased';
  if (needsViewer && viewer.userId === null) throw new AppError('UNAUTHENTICATED');
  const viewerId = viewer.userId ?? 0;

  const conditions: SQL[] = [];
  if (options.matchId !== undefined) conditions.push(eq(forecastPlans.matchId, options.matchId));
  if (options.tipsterId !== undefined) conditions.push(eq(forecastPlans.userId, options.tipsterId));
  if (options.sport !== undefined) conditions.push(eq(forecastPlans.sport, options.sport));
  const isFeed = view === 'recommend' || ((view === 'upToDate' || view === 'myFollow') && options.matchId === undefined && options.tipsterId === undefined);
  if (isFeed) conditions.push(eq(forecastPlans.status, 'open'), isNull(forecastPlans.hiddenAt));
  if (view === 'my') conditions.push(eq(forecastPlans.userId, viewerId));
  if (view === 'myFollow') {
    conditions.push(
      inArray(
        forecastPlans.userId,
        db.select({ id: forecastFollows.tipsterId }).from(forecastFollows).where(eq(forecastFollows.followerId, viewerId)),
      ),
    );
  }
  const where = and(...conditions);
  const offset = (options.page - 1) * options.size;

  let rows: PlanRow[];
  let total: number;
  if (view === 'purchased') {
    const bought = and(eq(forecastUnlocks.planId, forecastPlans.id), eq(forecastUnlocks.buyerId, viewerId));
    rows = await selectPlanRows(db)
      .innerJoin(forecastUnlocks, bought)
      .where(where)
      .orderBy(desc(forecastUnlocks.createdAt), desc(forecastUnlocks.id))
      .limit(options.size)
      .offset(offset);
    total = await countPlans(db, where, bought);
  } else if (view === 'recommend') {
    const ordered = await recommendedPlanIds(db, where);
    const pageIds = ordered.slice(offset, offset + options.size);
    const position = new Map(pageIds.map((id, index) => [id, index]));
    rows = pageIds.length === 0 ? [] : await selectPlanRows(db).where(inArray(forecastPlans.id, pageIds));
    rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
    total = ordered.length;
  } else {
    rows = await selectPlanRows(db)
      .where(where)
      .orderBy(desc(forecastPlans.publishedAt), desc(forecastPlans.id))
      .limit(options.size)
      .offset(offset);
    total = await countPlans(db, where);
  }
  return { list: await toPlans(db, rows, viewer), page: options.page, size: options.size, total };
}

/**
 * The recommended list's order: core/forecast/recommend.ts `recommendOrder` over the open plans
 * (tipsters with at least RECOMMEND_MIN_SETTLED settled plans, by their win rate shrunk toward
 * the site's average, then sales, then newest). The site's average is the win rate of every
 * settled plan (0.5 before any has settled).
 */
async function recommendedPlanIds(db: Db, where: SQL | undefined): Promise<number[]> {
  const candidates = await db
    .select({ planId: forecastPlans.id, publishedAt: forecastPlans.publishedAt, sellCount: forecastPlans.sellCount, userId: forecastPlans.userId })
    .from(forecastPlans)
    .where(where);
  if (candidates.length === 0) return [];
  const outcomes = await db
    .select({ userId: forecastPlans.userId, outcome: forecastPlans.outcome, count: sql<number>`count(*)::int` })
    .from(forecastPlans)
    .where(and(eq(forecastPlans.status, 'settled'), isNotNull(forecastPlans.outcome)))
    .groupBy(forecastPlans.userId, forecastPlans.outcome);
  const byTipster = new Map<number, OutcomeCounts>();
  const site: OutcomeCounts = {};
  for (const row of outcomes) {
    if (row.outcome === null) continue;
    const counts = byTipster.get(row.userId) ?? {};
    counts[row.outcome] = (counts[row.outcome] ?? 0) + Number(row.count);
    byTipster.set(row.userId, counts);
    site[row.outcome] = (site[row.outcome] ?? 0) + Number(row.count);
  }
  const siteTally = winTally(site);
  const priorMean = siteTally.settled > 0 ? siteTally.wins / siteTally.settled : 0.5;
  const rows = candidates.map((candidate) => {
    const tally = winTally(byTipster.get(candidate.userId) ?? {});
    return { ...candidate, tipsterSettled: tally.settled, tipsterWins: tally.wins };
  });
  return recommendOrder(rows, { priorMean }).map((row) => row.planId);
}

async function countPlans(db: Db, where: SQL | undefined, boughtBy?: SQL): Promise<number> {
  const base = db.select({ total: sql<number>`count(*)::int` }).from(forecastPlans).$dynamic();
  const [row] = await (boughtBy ? base.innerJoin(forecastUnlocks, boughtBy) : base).where(where);
  return Number(row?.total ?? 0);
}
