import { and, asc, count, eq, gte, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type {
  RankingData,
  RankingKind,
  RankingPeriod,
  SuccessRateData,
  Tipster,
  TipsterProfileData,
  TipsterStats,
} from '../../../core/contracts/forecast';
import type { Sport } from '../../../core/contracts/matches';
import type { Outcome } from '../../../core/contracts/odds';
import { MIN_SETTLED_FOR_RANKING, periodStart, rankByRate, rankByStreak, siteSuccessRate } from '../../../core/forecast/rankings';
import { computeTipsterStats, cumulativeHistory, type OutcomeCounts, type SettledPlanRecord } from '../../../core/forecast/record';
import type { Locale } from '../../../core/locale';
import type { Db } from '../../db/client';
import { competitions } from '../../db/schema/competitions';
import { forecastFollows, forecastPlans } from '../../db/schema/forecast';
import { matches } from '../../db/schema/matches';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import { planReceiptText } from './plan-receipt';
import { awayTeams, homeTeams } from '../matches/public';

/**
 * Tipster records, rankings and the site's success rate (docs/api/forecast.md "Records,
 * rankings and staff"). Every figure is computed from settled plans by the one win-rate rule of
 * core/forecast/record.ts, with its sample size beside it. A plan counts once it left the open
 * state (settled or void), at its settlement time (`settled_at`, the latest settlement row).
 */

/** Outcomes that count for a win rate (push and void do not). */
const COUNTED: Outcome[] = ['win', 'half_win', 'half_loss', 'loss'];
const CLOSED_STATES = sql`${forecastPlans.status} in ('settled', 'void')`;
const countedOutcome = sql`${forecastPlans.outcome} in (${sql.join(
  COUNTED.map((outcome) => sql`${outcome}`),
  sql`, `,
)})`;

/** How many ranking rows are sent. */
export const RANKING_SIZE = 50;
/** The home page's success rate looks this far back. */
export const SUCCESS_RATE_DAYS = 30;

/**
 * The market's average implied win probability (1/odds) over every settled plan of the site
 * that counts for a win rate: the prior a record is shrunk toward, so picking favourites earns
 * no credit by itself. 0.5 while the site has none.
 */
export async function sitePriorMean(db: Db): Promise<number> {
  const [row] = await db
    .select({ mean: sql<string | null>`avg(1000.0 / ${forecastPlans.oddsMilli})` })
    .from(forecastPlans)
    .where(and(eq(forecastPlans.status, 'settled'), countedOutcome));
  const mean = row?.mean === null || row?.mean === undefined ? null : Number(row.mean);
  return mean !== null && Number.isFinite(mean) && mean >= 0 && mean <= 1 ? mean : 0.5;
}

async function getTipster(db: Db, userId: number): Promise<Tipster> {
  const [row] = await db
    .select({ id: users.id, nickname: users.nickname, avatar: users.avatar })
    .from(users)
    .where(and(eq(users.id, userId), ne(users.status, 'closed')))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'forecast.tipster.notFound' });
  return row;
}

/** Plans published, buyers and the tipster's income from sales, per tipster, over all time. */
async function salesOf(db: Db, userIds: number[]): Promise<Map<number, { myGuessTotal: number; sellCount: number; sellIncome: number }>> {
  const totals = new Map<number, { myGuessTotal: number; sellCount: number; sellIncome: number }>();
  if (userIds.length === 0) return totals;
  const rows = await db
    .select({
      userId: forecastPlans.userId,
      plans: count(),
      sellCount: sql<string>`coalesce(sum(${forecastPlans.sellCount}), 0)`,
      sellIncome: sql<string>`coalesce(sum(${forecastPlans.sellIncome}), 0)`,
    })
    .from(forecastPlans)
    .where(inArray(forecastPlans.userId, userIds))
    .groupBy(forecastPlans.userId);
  for (const row of rows) {
    totals.set(row.userId, { myGuessTotal: Number(row.plans), sellCount: Number(row.sellCount), sellIncome: Number(row.sellIncome) });
  }
  return totals;
}

const NO_SALES = { myGuessTotal: 0, sellCount: 0, sellIncome: 0 };

/**
 * A tipster's profile: the whole record as TipsterStats (computeTipsterStats over every plan
 * that left the open state, odds as fixed at publication), followers and whether the viewer
 * follows, and the cumulative history for the chart. 404 for an unknown or closed account.
 */
export async function getTipsterProfile(db: Db, options: { userId: number; viewerId: number | null }): Promise<TipsterProfileData> {
  const tipster = await getTipster(db, options.userId);
  const [records, sales, priorMean, [followers], followed] = await Promise.all([
    db
      .select({ outcome: forecastPlans.outcome, oddsMilli: forecastPlans.oddsMilli, settledAt: forecastPlans.settledAt })
      .from(forecastPlans)
      .where(and(eq(forecastPlans.userId, tipster.id), CLOSED_STATES))
      .orderBy(asc(forecastPlans.settledAt), asc(forecastPlans.id)),
    salesOf(db, [tipster.id]),
    sitePriorMean(db),
    db.select({ total: count() }).from(forecastFollows).where(eq(forecastFollows.tipsterId, tipster.id)),
    options.viewerId === null
      ? Promise.resolve([])
      : db
          .select({ tipsterId: forecastFollows.tipsterId })
          .from(forecastFollows)
          .where(and(eq(forecastFollows.followerId, options.viewerId), eq(forecastFollows.tipsterId, tipster.id)))
          .limit(1),
  ]);
  const settled = records.map(toRecord);
  const stats = computeTipsterStats(settled, { ...(sales.get(tipster.id) ?? NO_SALES), priorMean });
  return {
    tipster,
    stats,
    is_followed: followed.length > 0,
    followers: Number(followers?.total ?? 0),
    history: cumulativeHistory(settled).map((point) => ({
      settled_at: point.settledAt.toISOString(),
      outcome: point.outcome,
      profit: point.profit,
      win_rate: point.winRate,
    })),
  };
}

function toRecord(row: { outcome: Outcome | null; oddsMilli: number; settledAt: Date | null }): SettledPlanRecord {
  // Rows come from settled or void plans, which always carry both.
  return { outcome: row.outcome ?? 'void', odds: row.oddsMilli / 1000, settledAt: row.settledAt ?? new Date(0) };
}

/**
 * A ranking of the period (Istanbul weeks and months, core/forecast/rankings.ts): by win rate,
 * among tipsters with at least MIN_SETTLED_FOR_RANKING[period] counted plans, or by the longest
 * winning streak; the top RANKING_SIZE. Closed accounts are left out.
 *
 * Cost: the minimum is applied in SQL (a GROUP BY … HAVING picks the eligible tipsters), then
 * their plans of the period are read once, ordered by tipster and settlement time, because
 * streaks need the outcomes in order; the figures are computed here with the same functions as a
 * profile. The streak ranking reads every plan of the period (a week's or a month's settled
 * plans; all-time reads the whole record, still one indexed scan). Sales figures are added for
 * the rows sent only.
 */
export async function getRankings(
  db: Db,
  options: { period: RankingPeriod; kind: RankingKind; sport?: Sport; now: Date },
): Promise<RankingData> {
  const from = periodStart(options.period, options.now);
  const minSettled = MIN_SETTLED_FOR_RANKING[options.period];
  const conditions: SQL[] = [CLOSED_STATES, ne(users.status, 'closed')];
  if (from) conditions.push(gte(forecastPlans.settledAt, from));
  if (options.sport) conditions.push(eq(forecastPlans.sport, options.sport));
  if (options.kind === 'rate') {
    const eligible = db
      .select({ userId: forecastPlans.userId })
      .from(forecastPlans)
      .innerJoin(users, eq(users.id, forecastPlans.userId))
      .where(and(...conditions))
      .groupBy(forecastPlans.userId)
      .having(sql`count(*) filter (where ${countedOutcome}) >= ${minSettled}`);
    conditions.push(inArray(forecastPlans.userId, eligible));
  }
  const [rows, priorMean] = await Promise.all([
    db
      .select({
        userId: forecastPlans.userId,
        nickname: users.nickname,
        avatar: users.avatar,
        outcome: forecastPlans.outcome,
        oddsMilli: forecastPlans.oddsMilli,
        settledAt: forecastPlans.settledAt,
      })
      .from(forecastPlans)
      .innerJoin(users, eq(users.id, forecastPlans.userId))
      .where(and(...conditions))
      .orderBy(asc(forecastPlans.userId), asc(forecastPlans.settledAt), asc(forecastPlans.id)),
    sitePriorMean(db),
  ]);

  const byTipster = new Map<number, { tipster: Tipster; records: SettledPlanRecord[] }>();
  for (const row of rows) {
    let entry = byTipster.get(row.userId);
    if (!entry) {
      entry = { tipster: { id: row.userId, nickname: row.nickname, avatar: row.avatar }, records: [] };
      byTipster.set(row.userId, entry);
    }
    entry.records.push(toRecord(row));
  }
  const candidates = [...byTipster.values()].map((entry) => ({
    tipsterId: entry.tipster.id,
    tipster: entry.tipster,
    stats: computeTipsterStats(entry.records, { ...NO_SALES, priorMean }),
  }));
  const ranked = (options.kind === 'rate' ? rankByRate(candidates, minSettled) : rankByStreak(candidates)).slice(0, RANKING_SIZE);
  const sales = await salesOf(
    db,
    ranked.map((row) => row.tipsterId),
  );
  return {
    period: options.period,
    kind: options.kind,
    min_settled: minSettled,
    from: from?.toISOString() ?? null,
    list: ranked.map((row, index): { rank: number; tipster: Tipster; stats: TipsterStats } => {
      const own = sales.get(row.tipsterId) ?? NO_SALES;
      return {
        rank: index + 1,
        tipster: row.tipster,
        stats: { ...row.stats, my_guess_total: own.myGuessTotal, sell_count: own.sellCount, sell_income: own.sellIncome },
      };
    }),
  };
}

/**
 * The home page's success rate (the specification's "up to 76%" is a claim; this is the
 * figure): the win-rate rule over every plan settled in the last SUCCESS_RATE_DAYS days, with
 * its sample size and the window. One GROUP BY outcome.
 */
export async function getSuccessRate(db: Db, options: { now: Date }): Promise<SuccessRateData> {
  const from = new Date(options.now.getTime() - SUCCESS_RATE_DAYS * 86_400_000);
  const rows = await db
    .select({ outcome: forecastPlans.outcome, total: count() })
    .from(forecastPlans)
    .where(and(CLOSED_STATES, gte(forecastPlans.settledAt, from), sql`${forecastPlans.settledAt} <= ${options.now.toISOString()}::timestamptz`))
    .groupBy(forecastPlans.outcome);
  const counts: OutcomeCounts = {};
  for (const row of rows) if (row.outcome) counts[row.outcome] = Number(row.total);
  const { rate, settled } = siteSuccessRate(counts);
  return { rate, settled, from: from.toISOString(), to: options.now.toISOString() };
}

/** One plan of an exported record. Open plans carry only what is public before kick-off. */
export interface ExportedPlan {
  plan_id: number;
  published_at: string;
  match_id: number;
  sport: Sport;
  competition: string;
  home: string;
  away: string;
  match_time: string;
  market: string;
  period: string;
  price: number;
  status: string;
  /** settled and void plans only */
  pick: string | null;
  line: number | null;
  odds: number | null;
  outcome: Outcome | null;
  receipt: string | null;
  settled_at: string | null;
  settlement_version: number;
  fingerprint: string;
  /** settled and void plans not hidden by staff: what anyone can hash to check the fingerprint */
  salt: string | null;
  canonical: string | null;
  hidden: boolean;
}

export interface ExportedRecord {
  tipster: Tipster;
  exported_at: string;
  plans: ExportedPlan[];
}

/**
 * A tipster's whole record for download: every plan, oldest first. THE VISIBILITY RULE
 * (plan-reads.ts) holds for files too: an open plan lists its public fields and fingerprint,
 * never its pick, line or odds; once settled or void the pick, odds, outcome and proof (salt
 * and canonical text) are public — except the proof of a plan staff hid, whose canonical text
 * holds the hidden description.
 */
export async function exportTipsterRecord(db: Db, options: { userId: number; locale: Locale; now: Date }): Promise<ExportedRecord> {
  const tipster = await getTipster(db, options.userId);
  const rows = await db
    .select({
      id: forecastPlans.id,
      publishedAt: forecastPlans.publishedAt,
      matchId: forecastPlans.matchId,
      sport: forecastPlans.sport,
      competitionTr: competitions.nameTr,
      competitionEn: competitions.nameEn,
      competitionZh: competitions.nameZh,
      home: homeTeams.name,
      away: awayTeams.name,
      matchTime: matches.matchTime,
      market: forecastPlans.market,
      period: forecastPlans.period,
      pick: forecastPlans.pick,
      lineQuarters: forecastPlans.lineQuarters,
      oddsMilli: forecastPlans.oddsMilli,
      price: forecastPlans.price,
      status: forecastPlans.status,
      outcome: forecastPlans.outcome,
      receipt: forecastPlans.receipt,
      settledAt: forecastPlans.settledAt,
      version: forecastPlans.settlementVersion,
      fingerprint: forecastPlans.fingerprint,
      salt: forecastPlans.salt,
      canonical: forecastPlans.canonical,
      hiddenAt: forecastPlans.hiddenAt,
    })
    .from(forecastPlans)
    .innerJoin(matches, eq(matches.id, forecastPlans.matchId))
    .innerJoin(competitions, eq(competitions.id, matches.competitionId))
    .innerJoin(homeTeams, eq(homeTeams.id, matches.homeTeamId))
    .innerJoin(awayTeams, eq(awayTeams.id, matches.awayTeamId))
    .where(eq(forecastPlans.userId, tipster.id))
    .orderBy(asc(forecastPlans.publishedAt), asc(forecastPlans.id));
  return {
    tipster,
    exported_at: options.now.toISOString(),
    plans: rows.map((row): ExportedPlan => {
      const isClosed = row.status !== 'open';
      const showProof = isClosed && row.hiddenAt === null;
      return {
        plan_id: row.id,
        published_at: row.publishedAt.toISOString(),
        match_id: row.matchId,
        sport: row.sport,
        competition: options.locale === 'en' ? row.competitionEn : options.locale === 'zh' ? row.competitionZh : row.competitionTr,
        home: row.home,
        away: row.away,
        match_time: row.matchTime.toISOString(),
        market: row.market,
        period: row.period,
        price: row.price,
        status: row.status,
        pick: isClosed ? row.pick : null,
        line: isClosed && row.lineQuarters !== null ? row.lineQuarters / 4 : null,
        odds: isClosed ? row.oddsMilli / 1000 : null,
        outcome: row.outcome,
        receipt: row.receipt ? planReceiptText(options.locale, row.receipt) : null,
        settled_at: row.settledAt?.toISOString() ?? null,
        settlement_version: row.version,
        fingerprint: row.fingerprint,
        salt: showProof ? row.salt : null,
        canonical: showProof ? row.canonical : null,
        hidden: row.hiddenAt !== null,
      };
    }),
  };
}

const EXPORT_COLUMNS: (keyof ExportedPlan)[] = [
  'plan_id',
  'published_at',
  'match_id',
  'sport',
  'competition',
  'home',
  'away',
  'match_time',
  'market',
  'period',
  'price',
  'status',
  'pick',
  'line',
  'odds',
  'outcome',
  'receipt',
  'settled_at',
  'settlement_version',
  'fingerprint',
  'salt',
  'canonical',
  'hidden',
];

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled.
 * Text that a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage
 * return) is prefixed with a single quote first. Numbers are written as numbers: a negative line
 * is data we produced, not a formula someone typed.
 */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The record as CSV: a header line, one line per plan, CRLF line ends (RFC 4180). */
export function toCsv(record: ExportedRecord): string {
  const lines = [EXPORT_COLUMNS.join(',')];
  for (const plan of record.plans) lines.push(EXPORT_COLUMNS.map((column) => csvCell(plan[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
