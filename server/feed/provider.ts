import type { MatchWrites } from '../modules/matches/match-writes';

/**
 * The feed-provider interface: how match data enters Tribün. The simulator implements it
 * today; a real data provider (or a replay of recorded events) implements the same thing.
 * Providers never touch the database or the broker directly: they hand fixtures and updates to
 * a sink — the match write service (server/modules/matches/match-writes.ts), which writes each
 * in one transaction with its domain events and publishes the live message. The shapes of
 * fixtures and updates are the write service's; the feed depends on it, never the reverse.
 */
export type FeedSink = Pick<MatchWrites, 'upsertFixtures' | 'applyUpdate'>;

/** Wall clock, replaceable by tests. */
export interface Clock {
  nowMs(): number;
}

export interface FeedProvider {
  readonly name: string;
  start(sink: FeedSink): Promise<void>;
  stop(): Promise<void>;
}
