import { and, eq } from 'drizzle-orm';
import type { LiveMessage, Pair } from '../../core/contracts/matches';
import { sportTopic } from '../../core/live/topics';
import type { Db, DbTransaction } from '../db/client';
import type { MatchEvent, MomentumMinute } from '../../core/contracts/match-data';
import { matchLineups, matchStats } from '../db/schema/match-centre';
import { matchEvents } from '../db/schema/match-events';
import { matches } from '../db/schema/matches';
import { bumpListVersion } from '../modules/matches/list-version';
import type { FeedSink, FixtureInput, MatchUpdate } from './provider';

/** Publishes one payload on one live topic (the broker's publish helper). */
export type Publish = (topic: string, payload: string) => Promise<void>;

/** Large fixture lists go in slices: one statement per slice keeps parameters under PostgreSQL's limit. */
const FIXTURE_BATCH = 500;

/**
 * Where feed providers hand their data: fixtures become match rows, and each update is written
 * in one transaction (the match row and its events) and only then published on the live
 * channel, so a browser never hears of a score the database does not hold.
 * `now` is in milliseconds, like Date.now.
 */
export function createFeedSink(options: { db: Db; publish: Publish; now?: () => number }): FeedSink {
  const { db, publish } = options;
  const now = options.now ?? Date.now;

  return {
    async upsertFixtures(fixtures: FixtureInput[]): Promise<void> {
      if (fixtures.length === 0) return;
      await db.transaction(async (tx) => {
        const insertedSports = new Set<FixtureInput['sport']>();
        for (let start = 0; start < fixtures.length; start += FIXTURE_BATCH) {
          const rows = fixtures.slice(start, start + FIXTURE_BATCH).map((fixture) => ({
            id: fixture.matchId,
            sport: fixture.sport,
            competitionId: fixture.competitionId,
            homeTeamId: fixture.homeTeamId,
            awayTeamId: fixture.awayTeamId,
            matchTime: new Date(fixture.matchTime * 1000),
          }));
          const inserted = await tx
            .insert(matches)
            .values(rows)
            .onConflictDoNothing({ target: matches.id })
            .returning({ sport: matches.sport });
          for (const row of inserted) insertedSports.add(row.sport);
        }
        for (const sport of insertedSports) await bumpListVersion(tx, sport);
      });
    },

    async applyUpdate(update: MatchUpdate): Promise<void> {
      const state = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(matches)
          .set(toColumns(update, new Date(now())))
          .where(and(eq(matches.id, update.matchId), eq(matches.sport, update.sport)))
          .returning({
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
          });
        if (!row) throw new Error(`feed update for unknown ${update.sport} match ${update.matchId}`);
        await bumpListVersion(tx, update.sport);
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
          const at = new Date(now());
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

      // The message carries the match's whole live state, not only what changed, so a browser
      // that missed a message is right again with the next one.
      const message: LiveMessage = {
        type: update.kind,
        data: {
          match_id: update.matchId,
          status: update.statusId,
          a0: update.homeScore,
          b0: update.awayScore,
          ...(update.sport === 'football'
            ? {
                ...(state.kickOffTime ? { kick_off_time: Math.floor(state.kickOffTime.getTime() / 1000) } : {}),
                ht: state.htHome !== null && state.htAway !== null ? [state.htHome, state.htAway] : null,
                red: [state.redHome, state.redAway],
                yellow: [state.yellowHome, state.yellowAway],
                corner: [state.cornerHome, state.cornerAway],
              }
            : { periods: state.periods as Pair[], clock: state.clock }),
          ...(update.stats ? { stats: update.stats } : {}),
          ...(update.momentum && update.momentum.length > 0 ? { momentum: update.momentum } : {}),
          ...(update.events && update.events.length > 0 ? { events: update.events.map(toMatchEvent) } : {}),
          ...(update.lineups ? { lineups_changed: true as const } : {}),
        },
        publish_time: Math.floor(now() / 1000),
      };
      await publish(sportTopic(update.sport), JSON.stringify(message));
    },
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
