import { describe, expect, it } from 'vitest';
import type { FixtureInput, MatchUpdate, MatchWriteResult, PublishedFixture } from '../../modules/matches/match-writes';
import type { Clock, FeedSink } from '../provider';
import { DAY_SECONDS } from './fixtures';
import { scriptFixture, type MatchScript } from './match-script';
import { createSimulator } from './simulator';
import { basketballStateAt, footballStateAt } from './state';
import { buildTestCompetitions } from './test-competitions';

const competitions = buildTestCompetitions();
const SEED = 7;
/** 2025-03-14 12:07:00 UTC */
const START_MS = Date.UTC(2025, 2, 14, 12, 7, 0);
const TODAY = Date.UTC(2025, 2, 14) / 1000;

class FakeClock implements Clock {
  constructor(public ms: number) {}
  nowMs(): number {
    return this.ms;
  }
}

interface RecordedUpdate {
  update: MatchUpdate;
  realNowMs: number;
}

/** A sink that records what the simulator hands it, in order, and can be made slow or failing. */
class RecordingSink implements FeedSink {
  fixtureBatches: FixtureInput[][] = [];
  updates: RecordedUpdate[] = [];
  inFlight = 0;
  maxInFlight = 0;
  failNext = 0;

  constructor(
    private readonly clock: Clock,
    private readonly delayMs = 0,
  ) {}

  async upsertFixtures(fixtures: FixtureInput[]): Promise<PublishedFixture[]> {
    this.fixtureBatches.push(fixtures);
    return [];
  }

  async applyUpdate(update: MatchUpdate): Promise<MatchWriteResult> {
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
      if (this.failNext > 0) {
        this.failNext--;
        throw new Error('database unavailable');
      }
      this.updates.push({ update, realNowMs: this.clock.nowMs() });
      return { applied: true };
    } finally {
      this.inFlight--;
    }
  }
}

function indexScripts(fixtures: FixtureInput[]): Map<number, { fixture: FixtureInput; script: MatchScript }> {
  const byId = new Map<number, { fixture: FixtureInput; script: MatchScript }>();
  for (const fixture of fixtures) {
    const competition = competitions.find((candidate) => candidate.id === fixture.competitionId);
    if (!competition) throw new Error(`unknown competition ${fixture.competitionId}`);
    byId.set(fixture.matchId, { fixture, script: scriptFixture({ fixture, competition, seed: SEED }) });
  }
  return byId;
}

/** What the simulator should have said about a match at a moment, from the pure state. */
function expectUpdateMatchesState(recorded: RecordedUpdate, entry: { fixture: FixtureInput; script: MatchScript }, speed: number): void {
  const { update, realNowMs } = recorded;
  const simNowSec = Math.floor((START_MS + (realNowMs - START_MS) * speed) / 1000);
  const elapsed = simNowSec - entry.fixture.matchTime;
  if (entry.script.sport === 'football') {
    const state = footballStateAt(entry.script, elapsed);
    expect(update).toMatchObject({
      sport: 'football',
      statusId: state.statusId,
      homeScore: state.homeScore,
      awayScore: state.awayScore,
      halfTime: state.halfTime,
      red: state.red,
      yellow: state.yellow,
      corner: state.corner,
    });
    expect(update.kickOffTime).toBe(state.halfPlayedSec === null ? undefined : Math.floor(realNowMs / 1000) - state.halfPlayedSec);
  } else {
    const state = basketballStateAt(entry.script, elapsed);
    expect(update).toMatchObject({
      sport: 'basketball',
      statusId: state.statusId,
      homeScore: state.homeScore,
      awayScore: state.awayScore,
      periods: state.periods,
      clock: state.clock,
    });
  }
}

describe('createSimulator', () => {
  it('plays a day and a half at speed 60 in agreement with the pure match state', async () => {
    const clock = new FakeClock(START_MS);
    const sink = new RecordingSink(clock);
    const simulator = createSimulator({ competitions, calendar: 'dense', seed: SEED, speed: 60, clock, tickMs: 3_600_000 });
    await simulator.start(sink);

    // Yesterday, today and tomorrow are planned up front.
    const firstDays = sink.fixtureBatches.map((batch) => Math.min(...batch.map((fixture) => fixture.matchTime)) - TODAY);
    expect(firstDays).toEqual([-DAY_SECONDS, 0, DAY_SECONDS]);
    const catchUp = sink.updates.length;
    const yesterdayIds = new Set(sink.fixtureBatches[0]?.map((fixture) => fixture.matchId));
    expect(sink.updates.slice(0, catchUp).filter((recorded) => yesterdayIds.has(recorded.update.matchId)).length).toBe(yesterdayIds.size);

    // 1 500 ticks of one real second: 25 simulated hours, across one UTC midnight.
    for (let i = 0; i < 1500; i++) {
      clock.ms += 1000;
      await simulator.tick();
    }
    await simulator.stop();

    expect(sink.fixtureBatches).toHaveLength(4);
    expect(Math.min(...(sink.fixtureBatches[3] ?? []).map((fixture) => fixture.matchTime))).toBe(TODAY + 2 * DAY_SECONDS);

    const scripts = indexScripts(sink.fixtureBatches.flat());
    const endSimSec = Math.floor((START_MS + 1500 * 1000 * 60) / 1000);
    const byMatch = new Map<number, RecordedUpdate[]>();
    for (const recorded of sink.updates) {
      const list = byMatch.get(recorded.update.matchId) ?? [];
      list.push(recorded);
      byMatch.set(recorded.update.matchId, list);
    }

    let goals = 0;
    for (const [matchId, updates] of byMatch) {
      const entry = scripts.get(matchId);
      if (!entry) throw new Error(`update for unplanned match ${matchId}`);
      let previous = { statusId: 1, score: '0-0' };
      const seqs: number[] = [];
      const momentumMinutes = new Set<number>();
      for (const recorded of updates) {
        for (const entry of recorded.update.momentum ?? []) momentumMinutes.add(entry.minute);
        expectUpdateMatchesState(recorded, entry, 60);
        const { update } = recorded;
        const score = `${update.homeScore}-${update.awayScore}`;
        const isScoreChange = update.statusId !== previous.statusId || score !== previous.score;
        expect(update.kind === 'score').toBe(isScoreChange);
        if (update.homeScore + update.awayScore > Number(previous.score.split('-')[0]) + Number(previous.score.split('-')[1])) goals++;
        previous = { statusId: update.statusId, score };
        for (const event of update.events ?? []) seqs.push(event.seq as number);
      }
      // Every event exactly once and in order; finished matches get all of theirs.
      expect(seqs).toEqual(seqs.map((_, index) => index));
      if (entry.fixture.matchTime + entry.script.endAtSec <= endSimSec) {
        const last = updates.at(-1)?.update;
        expect(last?.statusId).toBe(entry.script.final.statusId);
        expect([last?.homeScore, last?.awayScore]).toEqual(entry.script.final.score);
        if (entry.script.sport === 'football') {
          expect(seqs).toHaveLength(entry.script.events.length);
          // A match played to the end sent the momentum of every minute and its last statistics.
          if (entry.script.final.statusId === 8 && entry.script.phases.length === 4) {
            expect([...momentumMinutes].sort((a, b) => a - b)).toEqual(Array.from({ length: 90 }, (_, index) => index + 1));
          }
          expect(last?.stats?.kind).toBe('football');
        } else {
          expect(last?.stats?.kind).toBe('basketball');
        }
      }
    }
    expect(goals).toBeGreaterThan(50);
  });

  it('writes the fixtures of the coming days ahead, not started, and plays each day once it comes', async () => {
    const clock = new FakeClock(START_MS);
    const sink = new RecordingSink(clock);
    const simulator = createSimulator({ competitions, calendar: 'dense', seed: SEED, clock, tickMs: 3_600_000, daysAhead: 7 });
    await simulator.start(sink);
    const dayOf = (fixture: FixtureInput) => Math.floor((fixture.matchTime - TODAY) / DAY_SECONDS);
    const written = sink.fixtureBatches.flat();
    // Yesterday to a week ahead, each day once.
    expect([...new Set(written.map(dayOf))].sort((a, b) => a - b)).toEqual([-1, 0, 1, 2, 3, 4, 5, 6, 7]);
    expect(sink.fixtureBatches).toHaveLength(9);
    const dayTwo = written.filter((fixture) => dayOf(fixture) === 2);
    expect(dayTwo.length).toBeGreaterThan(0);
    const dayTwoIds = new Set(dayTwo.map((fixture) => fixture.matchId));
    expect(sink.updates.some((recorded) => dayTwoIds.has(recorded.update.matchId))).toBe(false);

    // Two days on, day 2 is today: the same fixtures, now played; nothing is written twice ahead.
    clock.ms = (TODAY + 2 * DAY_SECONDS + 23 * 3600) * 1000;
    await simulator.tick();
    await simulator.stop();
    const replanned = sink.fixtureBatches.slice(9).flat().filter((fixture) => dayOf(fixture) === 2);
    expect(replanned.map((fixture) => [fixture.matchId, fixture.matchTime])).toEqual(dayTwo.map((fixture) => [fixture.matchId, fixture.matchTime]));
    expect(sink.updates.some((recorded) => dayTwoIds.has(recorded.update.matchId))).toBe(true);
    expect(sink.fixtureBatches.slice(9).flat().filter((fixture) => dayOf(fixture) === 7)).toEqual([]);
  });

  it('sends the real restart time as the half kick-off at speed 1', async () => {
    const clock = new FakeClock(START_MS);
    const sink = new RecordingSink(clock);
    const simulator = createSimulator({ competitions, calendar: 'dense', seed: SEED, clock, tickMs: 3_600_000 });
    await simulator.start(sink);
    for (let i = 0; i < 120; i++) {
      clock.ms += 1000;
      await simulator.tick();
    }
    await simulator.stop();

    const scripts = indexScripts(sink.fixtureBatches.flat());
    const inPlay = sink.updates.filter((recorded) => recorded.update.kickOffTime !== undefined);
    expect(inPlay.length).toBeGreaterThan(3);
    for (const recorded of inPlay) {
      const entry = scripts.get(recorded.update.matchId);
      if (!entry || entry.script.sport !== 'football') throw new Error('kick-off time on a non-football update');
      const state = footballStateAt(entry.script, Math.floor(recorded.realNowMs / 1000) - entry.fixture.matchTime);
      expect(recorded.update.kickOffTime).toBe(entry.fixture.matchTime + (state.kickOffOffsetSec as number));
    }
  });

  it('never has two updates in flight and finishes the one in flight before stop() resolves', async () => {
    const clock: Clock = { nowMs: () => Date.now() };
    const sink = new RecordingSink(clock, 2);
    const simulator = createSimulator({ competitions, calendar: 'dense', seed: SEED, speed: 600, clock, tickMs: 5 });
    await simulator.start(sink);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await simulator.stop();
    expect(sink.inFlight).toBe(0);
    const count = sink.updates.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sink.updates.length).toBe(count);
    expect(sink.maxInFlight).toBe(1);
    expect(count).toBeGreaterThan(10);
  });

  it('re-sends a failed update, with its events, on the next tick', async () => {
    const clock = new FakeClock(START_MS);
    const sink = new RecordingSink(clock);
    const errors: unknown[] = [];
    const simulator = createSimulator({ competitions, calendar: 'dense', seed: SEED, speed: 60, clock, tickMs: 3_600_000, onError: (error) => errors.push(error) });
    await simulator.start(sink);
    const recorded = sink.updates.length;
    let failedOnce = false;
    for (let i = 0; i < 60; i++) {
      clock.ms += 1000;
      if (!failedOnce) sink.failNext = 1;
      const before = sink.updates.length;
      await simulator.tick();
      if (!failedOnce && errors.length > 0) {
        failedOnce = true;
        expect(sink.updates.length).toBeGreaterThanOrEqual(before);
      }
    }
    await simulator.stop();
    expect(failedOnce).toBe(true);
    expect(errors).toHaveLength(1);
    // No event lost or repeated per match despite the failure.
    const seqsByMatch = new Map<number, number[]>();
    for (const { update } of sink.updates.slice(recorded)) {
      const list = seqsByMatch.get(update.matchId) ?? [];
      for (const event of update.events ?? []) list.push(event.seq as number);
      seqsByMatch.set(update.matchId, list);
    }
    for (const seqs of seqsByMatch.values()) {
      for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBe((seqs[i - 1] as number) + 1);
    }
  });
});
