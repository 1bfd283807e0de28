import type { FootballScoreColumns } from '../../../core/match/score-details';
import { and, asc, eq, exists, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Lineup, MatchEvent, MatchStatsData, MomentumMinute } from '../../../core/contracts/match-data';
import type { LiveMessage, Pair, Sport } from '../../../core/contracts/matches';
import { matchTopic, sportTopic } from '../../../core/live/topics';
import { BASKETBALL_STATUS, FOOTBALL_STATUS } from '../../../core/match/status';
import type { Db, DbTransaction } from '../../db/client';
import { matchLineups, matchStats } from '../../db/schema/match-centre';
import { matchEvents } from '../../db/schema/match-events';
import { forecastPlans } from '../../db/schema/forecast';
import { betLegs } from '../../db/schema/guessing';
import { matches } from '../../db/schema/matches';
import type { NewDomainEvent } from '../../jobs/domain-events';
import { recordDomainEvents } from '../../jobs/outbox';
import { bumpListVersion } from './list-version';
import { allocateMatchIds, lockAllocation } from './registry';

/**
 * The match write service: the one way match state changes (docs/decisions/061). Feed
 * providers (the simulator, replays, a real provider later) reach it through the FeedSink face
 * in server/feed/provider.ts, the openfootball importer through writeSeasonMatches (handed the
 * service, inside its season transaction), staff through correctResult. Dependencies run one way: server/feed → here, never back.
 *
 * Every write records its domain events (server/jobs/domain-events.ts) in the outbox in the same
 * transaction, and only after the commit publishes the live message, so a browser never hears of
 * a score the database does not hold and a subscriber never misses one it does.
 *
 * Finished is final: once a match has ended, feed updates no longer change its status or score —
 * a restart, a different SIM_SPEED or SIM_SEED, or a replay sent twice cannot make it live again
 * or change its score (details such as a late card still come in an update that repeats both).
 * A final result changes only through correctResult (a `result_corrected` event).
 */

export interface FixtureInput {
  matchId: number;
  sport: Sport;
  competitionId: number;
  homeTeamId: number;
  awayTeamId: number;
  /** scheduled start, unix seconds */
  matchTime: number;
}

/** A fixture as the database holds it: a published kick-off time is kept, whatever a provider plans later. */
export interface PublishedFixture {
  matchId: number;
  /** unix seconds */
  matchTime: number;
  statusId: number;
  homeScore: number;
  awayScore: number;
  isFinished: boolean;
}

/** A change of one match's state. Only the fields present change. */
export interface MatchUpdate {
  matchId: number;
  sport: Sport;
  statusId: number;
  homeScore: number;
  awayScore: number;
  /** football: start of the half being played, unix seconds */
  kickOffTime?: number;
  halfTime?: Pair | null;
  red?: Pair;
  yellow?: Pair;
  corner?: Pair;
  /** basketball: points per period so far and seconds left in the current period */
  periods?: Pair[];
  clock?: number | null;
  /** what the live message's `type` will be */
  kind: 'score' | 'stats' | 'others';
  /** football: score after extra time, and the shoot-out, once known */
  extraTime?: Pair | null;
  penalties?: Pair | null;
  /** football event-catalogue entries that happened with this update (section 3) */
  events?: MatchEventInput[];
  /** the match's statistics as they stand now (replaces the stored ones) */
  stats?: MatchStatsData;
  /** attack momentum of the minutes this update covers (a minute sent again replaces the stored one) */
  momentum?: MomentumMinute[];
  /** both lineups (replace the stored ones) */
  lineups?: { home: Lineup; away: Lineup };
}

export interface MatchEventInput {
  /** index in the section 3 event catalogue (0 goal, 1 corner, 2 yellow card, ...) */
  type: number;
  minute: number;
  side: 'home' | 'away' | null;
  player: string | null;
  /** substitution: who came on; goal: who assisted */
  relatedPlayer?: string | null;
  /** added time: 45+2 is minute 45, addedMinute 2 */
  addedMinute?: number | null;
  /** VAR or penalty outcome */
  detail?: string | null;
  /**
   * Position of the event in its match (0, 1, 2, …), when the provider knows it. A provider
   * re-sends past events after a restart; (matchId, seq) lets the sink store each once.
   */
  seq?: number;
}

/** What applyUpdate did: `applied` false when it would have changed an ended match's status or score (finished is final). */
export interface MatchWriteResult {
  applied: boolean;
}

export interface CorrectResultOptions {
  matchId: number;
  sport: Sport;
  homeScore: number;
  awayScore: number;
  halfTime?: Pair | null;
  extraTime?: Pair | null;
  penalties?: Pair | null;
  /** why (shown to staff, carried by the event): "openfootball re-import", "staff: own goal re-credited" */
  reason: string;
}

export interface MatchWrites {
  /** inserts fixtures that do not exist yet; existing ones keep their time, teams and state. Returns the stored ones. */
  upsertFixtures(fixtures: FixtureInput[]): Promise<PublishedFixture[]>;
  /** writes one update (one transaction with its events) and publishes it on the live channel */
  applyUpdate(update: MatchUpdate): Promise<MatchWriteResult>;
  /** changes a finished match's result: the only way to (records `result_corrected`) */
  correctResult(options: CorrectResultOptions): Promise<void>;
  /**
   * Marks postponed the matches the feed never started though they kicked off before
   * `kickedOffBefore` (decision 099): the feed's fixtures (no season), and any match that holds
   * open bets or plans. Records `match_postponed`, so plans and bets are voided as for any
   * postponed match. A match the feed starts meanwhile is left alone. Answers the ids marked.
   */
  postponeOverdue(options: { kickedOffBefore: Date; limit?: number }): Promise<number[]>;
  /**
   * Writes a season's matches inside the caller's transaction (the importer's: the season, its
   * teams and deductions commit with them or not at all). A match is found again by its external
   * key: new ones are inserted (no events: nothing on the site knew them), changed ones updated
   * with the domain events of the change — a result given for a fixture `match_finished`, another
   * final score `result_corrected`, a moved date or a postponed status `match_postponed` — and
   * unchanged ones left alone, so the same file twice writes and records nothing. Finished is
   * final here too: a file that no longer gives a score for a match the site holds as ended (a
   * truncated or older file) leaves its result as it is. The live messages wait for `publish`.
   */
  writeSeasonMatches(tx: DbTransaction, options: SeasonMatchesOptions): Promise<SeasonMatchesWritten>;
}

/**
 * One match of a season file (the openfootball importer) with the ids the importer resolved.
 * The external key finds it again on the next import.
 */
export interface SeasonMatchInput extends FootballScoreColumns {
  externalKey: string;
  competitionId: number;
  seasonId: number;
  homeTeamId: number;
  awayTeamId: number;
  matchTime: Date;
  statusId: number;
  round: string | null;
  note: 'awarded' | 'postponed' | null;
}

export interface SeasonMatchesOptions {
  sport: Sport;
  matches: readonly SeasonMatchInput[];
  now: Date;
  /** carried by the `result_corrected` of a changed final result: "openfootball re-import" */
  correctionReason: string;
}

/** What writeSeasonMatches did, and the live messages it owes once the caller's transaction commits. */
export interface SeasonMatchesWritten {
  inserted: number;
  updated: number;
  unchanged: number;
  /** publishes the changed matches on the live channel; call only after the transaction committed */
  publish(): Promise<void>;
}

/** Publishes one payload on one live topic (the broker's publish helper). */
export type Publish = (topic: string, payload: string) => Promise<void>;

/** The state whose changes are domain events. */
export interface MatchResultState {
  statusId: number;
  score: Pair;
  /** scheduled start, unix seconds */
  matchTime: number;
}

const FINISHED: Record<Sport, number> = { football: FOOTBALL_STATUS.ENDED, basketball: BASKETBALL_STATUS.ENDED };
const NOT_STARTED: Record<Sport, number> = { football: FOOTBALL_STATUS.NOT_STARTED, basketball: BASKETBALL_STATUS.NOT_STARTED };
const POSTPONED: Record<Sport, number> = { football: FOOTBALL_STATUS.DELAYED, basketball: BASKETBALL_STATUS.DELAYED };
const CANCELLED: Record<Sport, number> = { football: FOOTBALL_STATUS.CANCELLED, basketball: BASKETBALL_STATUS.CANCELLED };
const ABANDONED: Record<Sport, number> = { football: FOOTBALL_STATUS.CUT_IN_HALF, basketball: BASKETBALL_STATUS.CUT_IN_HALF };

export function isFinishedStatus(sport: Sport, statusId: number): boolean {
  return FINISHED[sport] === statusId;
}

const isSameScore = (a: Pair, b: Pair) => a[0] === b[0] && a[1] === b[1];

/**
 * The domain events of one match going from `before` to `after`. A finished match whose score
 * changes is a correction, never a score change; a fixture moved to another time before it
 * started is a postponement.
 */
export function matchChangeEvents(options: {
  matchId: number;
  sport: Sport;
  before: MatchResultState;
  after: MatchResultState;
  correctionReason?: string;
}): NewDomainEvent[] {
  const { matchId, sport, before, after } = options;
  const base = { matchId, sport };
  const events: NewDomainEvent[] = [];
  const wasFinished = isFinishedStatus(sport, before.statusId);
  const isFinished = isFinishedStatus(sport, after.statusId);
  if (wasFinished && isFinished) {
    if (!isSameScore(before.score, after.score)) {
      events.push({ type: 'result_corrected', payload: { ...base, from: before.score, to: after.score, reason: options.correctionReason ?? 'correction' } });
    }
    return events;
  }
  if (before.statusId !== after.statusId) events.push({ type: 'match_status_changed', payload: { ...base, from: before.statusId, to: after.statusId } });
  if (!isSameScore(before.score, after.score)) {
    events.push({ type: 'match_score_changed', payload: { ...base, from: before.score, to: after.score, statusId: after.statusId } });
  }
  if (before.statusId !== after.statusId) {
    if (isFinished) events.push({ type: 'match_finished', payload: { ...base, score: after.score } });
    else if (after.statusId === POSTPONED[sport]) events.push({ type: 'match_postponed', payload: { ...base, matchTime: after.matchTime !== before.matchTime ? after.matchTime : null } });
    else if (after.statusId === CANCELLED[sport]) events.push({ type: 'match_cancelled', payload: base });
    else if (after.statusId === ABANDONED[sport]) events.push({ type: 'match_abandoned', payload: base });
  }
  if (after.matchTime !== before.matchTime && after.statusId !== POSTPONED[sport]) {
    events.push({ type: 'match_postponed', payload: { ...base, matchTime: after.matchTime } });
  }
  return events;
}

/** Large fixture lists go in slices: one statement per slice keeps parameters under PostgreSQL's limit. */
const FIXTURE_BATCH = 500;

/**
 * The write service. `now` is in milliseconds, like Date.now.
 */
export function createMatchWrites(options: { db: Db; publish: Publish; now?: () => number }): MatchWrites {
  const { db, publish } = options;
  const now = options.now ?? Date.now;

  return {
    async upsertFixtures(fixtures) {
      if (fixtures.length === 0) return [];
      return db.transaction(async (tx) => {
        const insertedSports = new Set<Sport>();
        const published: PublishedFixture[] = [];
        for (let start = 0; start < fixtures.length; start += FIXTURE_BATCH) {
          const slice = fixtures.slice(start, start + FIXTURE_BATCH);
          const inserted = await tx
            .insert(matches)
            .values(
              slice.map((fixture) => ({
                id: fixture.matchId,
                sport: fixture.sport,
                competitionId: fixture.competitionId,
                homeTeamId: fixture.homeTeamId,
                awayTeamId: fixture.awayTeamId,
                matchTime: new Date(fixture.matchTime * 1000),
              })),
            )
            .onConflictDoNothing({ target: matches.id })
            .returning({ sport: matches.sport });
          for (const row of inserted) insertedSports.add(row.sport);
          const stored = await tx
            .select({ id: matches.id, sport: matches.sport, matchTime: matches.matchTime, statusId: matches.statusId, homeScore: matches.homeScore, awayScore: matches.awayScore })
            .from(matches)
            .where(inArray(matches.id, slice.map((fixture) => fixture.matchId)));
          for (const row of stored) {
            published.push({
              matchId: row.id,
              matchTime: Math.floor(row.matchTime.getTime() / 1000),
              statusId: row.statusId,
              homeScore: row.homeScore,
              awayScore: row.awayScore,
              isFinished: isFinishedStatus(row.sport, row.statusId),
            });
          }
        }
        for (const sport of insertedSports) await bumpListVersion(tx, sport);
        return published;
      });
    },

    async applyUpdate(update) {
      const at = new Date(now());
      const state = await db.transaction(async (tx) => {
        // The lock orders concurrent writers of one match and makes "before" the true before.
        const [before] = await tx
          .select({ statusId: matches.statusId, homeScore: matches.homeScore, awayScore: matches.awayScore, matchTime: matches.matchTime })
          .from(matches)
          .where(and(eq(matches.id, update.matchId), eq(matches.sport, update.sport)))
          .for('update');
        if (!before) throw new Error(`feed update for unknown ${update.sport} match ${update.matchId}`);
        // Finished is final: an ended match keeps its status and score. Details may still come
        // (a card shown after the whistle, final statistics) in an update that repeats both.
        const isResultKept = update.statusId === before.statusId && update.homeScore === before.homeScore && update.awayScore === before.awayScore;
        if (isFinishedStatus(update.sport, before.statusId) && !isResultKept) return null;

        const [row] = await tx
          .update(matches)
          .set({
            ...toColumns(update, at),
            // A match the feed plays after all is no longer postponed (postponeOverdue, decision 099).
            ...(update.statusId !== POSTPONED[update.sport] ? { note: sql<'awarded' | 'postponed' | null>`case when ${matches.note} = 'postponed' then null else ${matches.note} end` } : {}),
          })
          .where(and(eq(matches.id, update.matchId), eq(matches.sport, update.sport)))
          .returning(LIVE_COLUMNS);
        if (!row) throw new Error(`feed update for unknown ${update.sport} match ${update.matchId}`);
        await bumpListVersion(tx, update.sport);
        const matchTime = Math.floor(before.matchTime.getTime() / 1000);
        await recordDomainEvents(
          tx,
          matchChangeEvents({
            matchId: update.matchId,
            sport: update.sport,
            before: { statusId: before.statusId, score: [before.homeScore, before.awayScore], matchTime },
            after: { statusId: update.statusId, score: [update.homeScore, update.awayScore], matchTime },
          }),
          at,
        );
        if (update.events && update.events.length > 0) {
          await tx
            .insert(matchEvents)
            .values(
              update.events.map((event) => ({
                matchId: update.matchId,
                type: event.type,
                minute: event.minute,
                side: event.side,
                player: event.player,
                relatedPlayer: event.relatedPlayer ?? null,
                addedMinute: event.addedMinute ?? null,
                detail: event.detail ?? null,
                seq: event.seq,
              })),
            )
            .onConflictDoNothing();
        }
        if (update.stats || (update.momentum && update.momentum.length > 0)) {
          await writeStats(tx, update);
        }
        if (update.lineups) {
          for (const side of ['home', 'away'] as const) {
            const lineup = update.lineups[side];
            await tx
              .insert(matchLineups)
              .values({ matchId: update.matchId, side, formation: lineup.formation, players: lineup.players, updatedAt: at })
              .onConflictDoUpdate({
                target: [matchLineups.matchId, matchLineups.side],
                set: { formation: lineup.formation, players: lineup.players, updatedAt: at },
              });
          }
        }
        return row;
      });
      if (!state) return { applied: false };

      // The sport topic (every list reader) carries the state, the timeline's new events and the
      // lineups flag; statistics and momentum go to the match's own topic, which only its open
      // pages follow (core/live/topics.ts).
      const nowMs = now();
      const message = toLiveMessage(update.matchId, update.sport, state, nowMs, {
        kind: update.kind,
        ...(update.events && update.events.length > 0 ? { events: update.events.map(toMatchEvent) } : {}),
        ...(update.lineups ? { lineups_changed: true as const } : {}),
      });
      await publish(sportTopic(update.sport), JSON.stringify(message));
      const hasMomentum = update.momentum !== undefined && update.momentum.length > 0;
      if (update.stats || hasMomentum) {
        const detail = toLiveMessage(update.matchId, update.sport, state, nowMs, {
          kind: 'stats',
          ...(update.stats ? { stats: update.stats } : {}),
          ...(hasMomentum ? { momentum: update.momentum } : {}),
        });
        await publish(matchTopic(update.sport, update.matchId), JSON.stringify(detail));
      }
      return { applied: true };
    },

    async correctResult(correction) {
      const at = new Date(now());
      const state = await db.transaction(async (tx) => {
        const where = and(eq(matches.id, correction.matchId), eq(matches.sport, correction.sport));
        const [before] = await tx
          .select({ statusId: matches.statusId, homeScore: matches.homeScore, awayScore: matches.awayScore, matchTime: matches.matchTime })
          .from(matches)
          .where(where)
          .for('update');
        if (!before) throw new Error(`correction of unknown ${correction.sport} match ${correction.matchId}`);
        if (!isFinishedStatus(correction.sport, before.statusId)) {
          // Before the end a result is not final: the feed's next update is the way to change it.
          throw new Error(`${correction.sport} match ${correction.matchId} has not ended: only a final result is corrected`);
        }
        const columns: Partial<typeof matches.$inferInsert> = { homeScore: correction.homeScore, awayScore: correction.awayScore, updatedAt: at };
        if (correction.halfTime !== undefined) [columns.htHome, columns.htAway] = correction.halfTime ?? [null, null];
        if (correction.extraTime !== undefined) [columns.etHome, columns.etAway] = correction.extraTime ?? [null, null];
        if (correction.penalties !== undefined) [columns.penHome, columns.penAway] = correction.penalties ?? [null, null];
        const [row] = await tx.update(matches).set(columns).where(where).returning(LIVE_COLUMNS);
        await bumpListVersion(tx, correction.sport);
        const matchTime = Math.floor(before.matchTime.getTime() / 1000);
        await recordDomainEvents(
          tx,
          matchChangeEvents({
            matchId: correction.matchId,
            sport: correction.sport,
            before: { statusId: before.statusId, score: [before.homeScore, before.awayScore], matchTime },
            after: { statusId: before.statusId, score: [correction.homeScore, correction.awayScore], matchTime },
            correctionReason: correction.reason,
          }),
          at,
        );
        return row!;
      });
      await publish(sportTopic(correction.sport), JSON.stringify(toLiveMessage(correction.matchId, correction.sport, state, now(), { kind: 'score' })));
    },

    async postponeOverdue({ kickedOffBefore, limit = OVERDUE_BATCH }) {
      const notStarted = or(
        and(eq(matches.sport, 'football'), eq(matches.statusId, FOOTBALL_STATUS.NOT_STARTED)),
        and(eq(matches.sport, 'basketball'), eq(matches.statusId, BASKETBALL_STATUS.NOT_STARTED)),
      );
      const holdsPoints = or(
        exists(db.select({ id: betLegs.id }).from(betLegs).where(and(eq(betLegs.matchId, matches.id), isNull(betLegs.outcome)))),
        exists(db.select({ id: forecastPlans.id }).from(forecastPlans).where(and(eq(forecastPlans.matchId, matches.id), eq(forecastPlans.status, 'open')))),
      );
      const due = await db
        .select({ id: matches.id, sport: matches.sport })
        .from(matches)
        .where(and(notStarted, lt(matches.matchTime, kickedOffBefore), or(isNull(matches.seasonId), holdsPoints)))
        .orderBy(asc(matches.matchTime), asc(matches.id))
        .limit(limit);
      const marked: number[] = [];
      for (const candidate of due) {
        const at = new Date(now());
        const state = await db.transaction(async (tx) => {
          const where = and(eq(matches.id, candidate.id), eq(matches.sport, candidate.sport));
          const [before] = await tx
            .select({ statusId: matches.statusId, homeScore: matches.homeScore, awayScore: matches.awayScore, matchTime: matches.matchTime })
            .from(matches)
            .where(where)
            .for('update');
          // The feed may have started it since the read: only a match still not started is marked.
          if (!before || before.statusId !== NOT_STARTED[candidate.sport]) return null;
          const [row] = await tx.update(matches).set({ statusId: POSTPONED[candidate.sport], note: 'postponed', updatedAt: at }).where(where).returning(LIVE_COLUMNS);
          await bumpListVersion(tx, candidate.sport);
          const matchTime = Math.floor(before.matchTime.getTime() / 1000);
          const score: Pair = [before.homeScore, before.awayScore];
          await recordDomainEvents(
            tx,
            matchChangeEvents({
              matchId: candidate.id,
              sport: candidate.sport,
              before: { statusId: before.statusId, score, matchTime },
              after: { statusId: POSTPONED[candidate.sport], score, matchTime },
            }),
            at,
          );
          return row!;
        });
        if (!state) continue;
        marked.push(candidate.id);
        await publish(sportTopic(candidate.sport), JSON.stringify(toLiveMessage(candidate.id, candidate.sport, state, now(), { kind: 'score' })));
      }
      return marked;
    },

    async writeSeasonMatches(tx, season) {
      const { sport, now: at } = season;
      await lockAllocation(tx);
      const keys = season.matches.map((match) => match.externalKey);
      const stored = new Map<string, SeasonMatchInput & { id: number }>();
      // Slices keep the statement's parameter count small for files of any size. The lock orders
      // this write after a concurrent one of the same matches (postponeOverdue) and makes
      // "before" the true before.
      for (let start = 0; start < keys.length; start += SEASON_READ_BATCH) {
        const found = await tx
          .select({ id: matches.id, ...SEASON_COLUMNS })
          .from(matches)
          .where(inArray(matches.externalKey, keys.slice(start, start + SEASON_READ_BATCH)))
          .orderBy(asc(matches.id))
          .for('update');
        for (const row of found) stored.set(row.externalKey!, row as SeasonMatchInput & { id: number });
      }

      const fresh: SeasonMatchInput[] = [];
      const changed: { matchId: number; state: LiveState }[] = [];
      const events: NewDomainEvent[] = [];
      let unchanged = 0;
      for (const match of season.matches) {
        const existing = stored.get(match.externalKey);
        if (!existing) {
          fresh.push(match);
          continue;
        }
        const next = keepFinalResult(sport, existing, match);
        if (isSameSeasonMatch(existing, next)) {
          unchanged += 1;
          continue;
        }
        const { externalKey: _key, ...columns } = next;
        const [row] = await tx
          .update(matches)
          .set({ ...columns, updatedAt: at })
          .where(eq(matches.id, existing.id))
          .returning(LIVE_COLUMNS);
        events.push(
          ...matchChangeEvents({
            matchId: existing.id,
            sport,
            before: seasonResultState(existing),
            after: seasonResultState(next),
            correctionReason: season.correctionReason,
          }),
        );
        if (hasLiveChange(existing, next)) changed.push({ matchId: existing.id, state: row! });
      }
      await recordDomainEvents(tx, events, at);

      const ids = await allocateMatchIds(tx, fresh.length);
      for (let start = 0; start < fresh.length; start += FIXTURE_BATCH) {
        await tx.insert(matches).values(
          fresh.slice(start, start + FIXTURE_BATCH).map((match, offset) => ({ id: ids[start + offset]!, sport, ...match, updatedAt: at })),
        );
      }
      const updated = season.matches.length - fresh.length - unchanged;
      if (fresh.length + updated > 0) await bumpListVersion(tx, sport);

      return {
        inserted: fresh.length,
        updated,
        unchanged,
        async publish() {
          const nowMs = now();
          for (const { matchId, state } of changed) {
            await publish(sportTopic(sport), JSON.stringify(toLiveMessage(matchId, sport, state, nowMs, { kind: 'score' })));
          }
        },
      };
    },
  };
}

/** External keys read per statement by writeSeasonMatches. */
const SEASON_READ_BATCH = 1000;

/** A football result's columns: the score and its half-time, extra-time and penalty parts. */
const RESULT_COLUMNS = {
  homeScore: matches.homeScore,
  awayScore: matches.awayScore,
  htHome: matches.htHome,
  htAway: matches.htAway,
  etHome: matches.etHome,
  etAway: matches.etAway,
  penHome: matches.penHome,
  penAway: matches.penAway,
};
const RESULT_COLUMN_NAMES = Object.keys(RESULT_COLUMNS) as (keyof typeof RESULT_COLUMNS)[];

/** The columns a season file decides, as writeSeasonMatches compares and writes them. */
const SEASON_COLUMNS = {
  externalKey: matches.externalKey,
  competitionId: matches.competitionId,
  seasonId: matches.seasonId,
  homeTeamId: matches.homeTeamId,
  awayTeamId: matches.awayTeamId,
  matchTime: matches.matchTime,
  statusId: matches.statusId,
  ...RESULT_COLUMNS,
  round: matches.round,
  note: matches.note,
};

const COMPARED_SEASON_COLUMNS = Object.keys(SEASON_COLUMNS).filter((column) => column !== 'matchTime') as (keyof SeasonMatchInput)[];

function isSameSeasonMatch(stored: SeasonMatchInput, next: SeasonMatchInput): boolean {
  if (stored.matchTime.getTime() !== next.matchTime.getTime()) return false;
  return COMPARED_SEASON_COLUMNS.every((column) => (stored[column] ?? null) === (next[column] ?? null));
}

/** What a list reader sees of a match: a change of it is published. */
function hasLiveChange(stored: SeasonMatchInput, next: SeasonMatchInput): boolean {
  return (['statusId', 'homeScore', 'awayScore', 'htHome', 'htAway'] as const).some((column) => stored[column] !== next[column]);
}

function seasonResultState(match: SeasonMatchInput): MatchResultState {
  return { statusId: match.statusId, score: [match.homeScore, match.awayScore], matchTime: Math.floor(match.matchTime.getTime() / 1000) };
}

/**
 * Finished is final: a file that no longer gives a score for a match the site holds as ended (a
 * truncated or older file) does not make it unplayed again. Another final score is a correction.
 */
function keepFinalResult(sport: Sport, stored: SeasonMatchInput, next: SeasonMatchInput): SeasonMatchInput {
  if (!isFinishedStatus(sport, stored.statusId) || isFinishedStatus(sport, next.statusId)) return next;
  const kept = Object.fromEntries(RESULT_COLUMN_NAMES.map((column) => [column, stored[column]]));
  return { ...next, ...kept, matchTime: stored.matchTime, statusId: stored.statusId };
}

/** The most overdue matches one postponeOverdue call marks; the rest wait for the next run. */
const OVERDUE_BATCH = 200;

const LIVE_COLUMNS = {
  statusId: matches.statusId,
  homeScore: matches.homeScore,
  awayScore: matches.awayScore,
  kickOffTime: matches.kickOffTime,
  htHome: matches.htHome,
  htAway: matches.htAway,
  redHome: matches.redHome,
  redAway: matches.redAway,
  yellowHome: matches.yellowHome,
  yellowAway: matches.yellowAway,
  cornerHome: matches.cornerHome,
  cornerAway: matches.cornerAway,
  periods: matches.periods,
  clock: matches.clock,
};

type LiveState = { [K in keyof typeof LIVE_COLUMNS]: (typeof matches.$inferSelect)[K] };

/**
 * The message carries the match's whole live state, not only what changed, so a browser that
 * missed a message is right again with the next one.
 */
function toLiveMessage(
  matchId: number,
  sport: Sport,
  state: LiveState,
  nowMs: number,
  extra: { kind: MatchUpdate['kind'] } & Pick<LiveMessage['data'], 'stats' | 'momentum' | 'events' | 'lineups_changed'>,
): LiveMessage {
  const { kind, ...rest } = extra;
  return {
    type: kind,
    data: {
      match_id: matchId,
      status: state.statusId,
      a0: state.homeScore,
      b0: state.awayScore,
      ...(sport === 'football'
        ? {
            ...(state.kickOffTime ? { kick_off_time: Math.floor(state.kickOffTime.getTime() / 1000) } : {}),
            ht: state.htHome !== null && state.htAway !== null ? [state.htHome, state.htAway] : null,
            red: [state.redHome, state.redAway],
            yellow: [state.yellowHome, state.yellowAway],
            corner: [state.cornerHome, state.cornerAway],
          }
        : { periods: state.periods as Pair[], clock: state.clock }),
      ...rest,
    },
    publish_time: Math.floor(nowMs / 1000),
  };
}

/**
 * Statistics replace the stored ones; momentum minutes merge into the stored list by minute.
 * The row is locked for the read-modify-write so two updates of one match cannot lose a minute.
 */
async function writeStats(tx: DbTransaction, update: MatchUpdate): Promise<void> {
  const [existing] = await tx
    .select({ stats: matchStats.stats, momentum: matchStats.momentum })
    .from(matchStats)
    .where(eq(matchStats.matchId, update.matchId))
    .for('update');
  const momentum = mergeMomentum(existing?.momentum ?? [], update.momentum ?? []);
  const stats = update.stats ?? existing?.stats;
  if (!stats) {
    // Momentum before any statistics: keep it under an empty statistics object of the sport.
    const empty = update.sport === 'football' ? ({ kind: 'football' } as const) : ({ kind: 'basketball' } as const);
    await upsertStats(tx, update.matchId, empty, momentum);
    return;
  }
  await upsertStats(tx, update.matchId, stats, momentum);
}

async function upsertStats(
  tx: DbTransaction,
  matchId: number,
  stats: typeof matchStats.$inferInsert.stats,
  momentum: MomentumMinute[],
): Promise<void> {
  const updatedAt = new Date();
  await tx
    .insert(matchStats)
    .values({ matchId, stats, momentum, updatedAt })
    .onConflictDoUpdate({ target: matchStats.matchId, set: { stats, momentum, updatedAt } });
}

/** The stored minutes with the new ones in place of any of the same minute, in minute order. */
export function mergeMomentum(stored: readonly MomentumMinute[], fresh: readonly MomentumMinute[]): MomentumMinute[] {
  const byMinute = new Map(stored.map((entry) => [entry.minute, entry]));
  for (const entry of fresh) byMinute.set(entry.minute, entry);
  return [...byMinute.values()].sort((a, b) => a.minute - b.minute);
}

function toMatchEvent(event: NonNullable<MatchUpdate['events']>[number]): MatchEvent {
  return {
    type: event.type,
    minute: event.minute,
    added_minute: event.addedMinute ?? null,
    side: event.side,
    player: event.player,
    related_player: event.relatedPlayer ?? null,
    detail: event.detail ?? null,
  };
}

/** Only the fields an update carries change; status and score are always part of it. */
function toColumns(update: MatchUpdate, updatedAt: Date): Partial<typeof matches.$inferInsert> {
  const columns: Partial<typeof matches.$inferInsert> = {
    statusId: update.statusId,
    homeScore: update.homeScore,
    awayScore: update.awayScore,
    updatedAt,
  };
  if (update.kickOffTime !== undefined) columns.kickOffTime = new Date(update.kickOffTime * 1000);
  if (update.halfTime !== undefined) {
    columns.htHome = update.halfTime?.[0] ?? null;
    columns.htAway = update.halfTime?.[1] ?? null;
  }
  if (update.red) [columns.redHome, columns.redAway] = update.red;
  if (update.yellow) [columns.yellowHome, columns.yellowAway] = update.yellow;
  if (update.corner) [columns.cornerHome, columns.cornerAway] = update.corner;
  if (update.periods) columns.periods = update.periods;
  if (update.clock !== undefined) columns.clock = update.clock;
  if (update.extraTime !== undefined) {
    columns.etHome = update.extraTime?.[0] ?? null;
    columns.etAway = update.extraTime?.[1] ?? null;
  }
  if (update.penalties !== undefined) {
    columns.penHome = update.penalties?.[0] ?? null;
    columns.penAway = update.penalties?.[1] ?? null;
  }
  return columns;
}
