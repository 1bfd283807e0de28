import { describe, expect, it } from 'vitest';
import { BASKETBALL_STATUS, scriptBasketballMatch } from './basketball-script';
import { FOOTBALL_STATUS, scriptFootballMatch, type FootballScript } from './football-script';
import { basketballStateAt, footballStateAt } from './state';

function findFootballScript(predicate: (script: FootballScript) => boolean, isKnockout = false): FootballScript {
  for (let seed = 0; seed < 20_000; seed++) {
    const script = scriptFootballMatch({ home: { strength: 0.6 }, away: { strength: 0.55 }, seed, isKnockout });
    if (predicate(script)) return script;
  }
  throw new Error('no script matches');
}

const hasStatus = (status: number) => (script: FootballScript) => script.phases.some((phase) => phase.statusId === status);

describe('footballStateAt', () => {
  const script = findFootballScript((candidate) => candidate.phases.map((phase) => phase.statusId).join(',') === '2,3,4,8' && candidate.final.score[0] + candidate.final.score[1] >= 3);
  const halfTimeAt = script.halfTimeAtSec as number;
  const secondHalfAt = script.phases.find((phase) => phase.statusId === FOOTBALL_STATUS.secondHalf)?.atSec as number;

  it('is not started before kick-off and first half from kick-off, with the clock counting from it', () => {
    expect(footballStateAt(script, -60)).toMatchObject({ statusId: 1, homeScore: 0, awayScore: 0, halfTime: null, kickOffOffsetSec: null });
    expect(footballStateAt(script, 0)).toMatchObject({ statusId: 2, kickOffOffsetSec: 0, halfPlayedSec: 0 });
    expect(footballStateAt(script, 1800)).toMatchObject({ statusId: 2, kickOffOffsetSec: 0, halfPlayedSec: 1800 });
  });

  it('shows the half-time score from half time on and counts the second half from its restart', () => {
    expect(footballStateAt(script, halfTimeAt - 1).halfTime).toBeNull();
    const atBreak = footballStateAt(script, halfTimeAt);
    expect(atBreak).toMatchObject({ statusId: 3, halfTime: script.halfTime, kickOffOffsetSec: null });
    expect([atBreak.homeScore, atBreak.awayScore]).toEqual(script.halfTime);
    expect(footballStateAt(script, secondHalfAt + 600)).toMatchObject({ statusId: 4, kickOffOffsetSec: secondHalfAt, halfPlayedSec: 600 });
  });

  it('ends on the final score and keeps it', () => {
    for (const later of [script.endAtSec, script.endAtSec + 86_400]) {
      const state = footballStateAt(script, later);
      expect(state).toMatchObject({ statusId: 8, homeScore: script.final.score[0], awayScore: script.final.score[1], eventCount: script.events.length });
    }
  });

  it('raises the score exactly when a goal happens', () => {
    const goal = script.events.find((event) => event.change?.score) as FootballScript['events'][number];
    const before = footballStateAt(script, goal.atSec - 1);
    const after = footballStateAt(script, goal.atSec);
    expect(after.homeScore + after.awayScore).toBe(before.homeScore + before.awayScore + 1);
  });

  it('holds the clock during an interruption and resumes where play stopped', () => {
    const interrupted = findFootballScript((candidate) => hasStatus(FOOTBALL_STATUS.interrupted)(candidate) && !hasStatus(FOOTBALL_STATUS.cutInHalf)(candidate));
    const index = interrupted.phases.findIndex((phase) => phase.statusId === FOOTBALL_STATUS.interrupted);
    const stop = interrupted.phases[index] as FootballScript['phases'][number];
    const resume = interrupted.phases[index + 1] as FootballScript['phases'][number];
    const playedBefore = footballStateAt(interrupted, stop.atSec - 1).halfPlayedSec as number;
    expect(footballStateAt(interrupted, stop.atSec)).toMatchObject({ statusId: 10, halfPlayedSec: null });
    const resumed = footballStateAt(interrupted, resume.atSec + 30);
    expect(resumed.statusId).toBe(resume.statusId);
    expect(resumed.halfPlayedSec).toBe(playedBefore + 1 + 30);
    // Kick-off seen from the clock moves later by the length of the stoppage.
    expect(resumed.kickOffOffsetSec).toBe(resume.atSec - (resume.playedAtStartSec as number));
  });

  it('shows a delayed match as delayed until its late kick-off', () => {
    const delayed = findFootballScript(hasStatus(FOOTBALL_STATUS.delayed));
    const kickOff = delayed.phases[1]?.atSec as number;
    expect(kickOff).toBeGreaterThan(0);
    expect(footballStateAt(delayed, 0).statusId).toBe(FOOTBALL_STATUS.delayed);
    expect(footballStateAt(delayed, kickOff - 1).statusId).toBe(FOOTBALL_STATUS.delayed);
    expect(footballStateAt(delayed, kickOff)).toMatchObject({ statusId: 2, kickOffOffsetSec: kickOff });
  });

  it('shows a cancelled match as cancelled from the announcement, 0–0 forever', () => {
    const cancelled = findFootballScript(hasStatus(FOOTBALL_STATUS.cancelled));
    expect(footballStateAt(cancelled, 10_000)).toMatchObject({ statusId: 12, homeScore: 0, awayScore: 0 });
  });

  it('plays extra time and a shoot-out for a level cup tie, keeping the score without the shoot-out', () => {
    const cup = findFootballScript((candidate) => hasStatus(FOOTBALL_STATUS.penaltyShootOut)(candidate), true);
    const shootOut = cup.phases.find((phase) => phase.statusId === FOOTBALL_STATUS.penaltyShootOut) as FootballScript['phases'][number];
    const during = footballStateAt(cup, shootOut.atSec + 60);
    expect(during.statusId).toBe(7);
    expect(during.homeScore).toBe(during.awayScore);
    expect(footballStateAt(cup, cup.endAtSec)).toMatchObject({ statusId: 8, homeScore: during.homeScore, awayScore: during.awayScore });
  });
});

describe('basketballStateAt', () => {
  const script = scriptBasketballMatch({ home: { strength: 0.5 }, away: { strength: 0.5 }, seed: 77, rules: 'nba' });
  const quarters = script.phases.filter((phase) => phase.period !== null);

  it('is not started before tip-off and runs the clock down through the first quarter', () => {
    expect(basketballStateAt(script, -1)).toEqual({ statusId: 1, homeScore: 0, awayScore: 0, periods: [], clock: null });
    expect(basketballStateAt(script, 0)).toMatchObject({ statusId: 2, periods: [[0, 0]], clock: 720 });
    let previous = 721;
    for (let t = 0; t < (quarters[1]?.atSec ?? 0) - 120; t += 30) {
      const state = basketballStateAt(script, t);
      expect(state.clock as number).toBeLessThanOrEqual(previous);
      previous = state.clock as number;
    }
    expect(previous).toBeLessThan(30);
  });

  it('stops the clock in breaks and shows the period scores so far', () => {
    const halfTime = script.phases.find((phase) => phase.statusId === BASKETBALL_STATUS.halfTime)?.atSec as number;
    const state = basketballStateAt(script, halfTime + 60);
    expect(state).toMatchObject({ statusId: 5, clock: null });
    expect(state.periods).toEqual(script.final.periods.slice(0, 2));
    expect(state.homeScore).toBe(state.periods.reduce((sum, pair) => sum + pair[0], 0));
  });

  it('ends on the final score and periods', () => {
    expect(basketballStateAt(script, script.endAtSec + 1)).toEqual({
      statusId: 10,
      homeScore: script.final.score[0],
      awayScore: script.final.score[1],
      periods: script.final.periods,
      clock: null,
    });
  });

  it('never lowers a score and keeps the periods adding up at every minute', () => {
    let last = [0, 0];
    for (let t = 0; t <= script.endAtSec; t += 60) {
      const state = basketballStateAt(script, t);
      expect(state.homeScore).toBeGreaterThanOrEqual(last[0] as number);
      expect(state.awayScore).toBeGreaterThanOrEqual(last[1] as number);
      expect(state.periods.reduce((sum, pair) => sum + pair[1], 0)).toBe(state.awayScore);
      last = [state.homeScore, state.awayScore];
    }
  });
});
