import { describe, expect, it } from 'vitest';
import { scriptBasketballMatch } from './basketball-script';
import { FOOTBALL_EVENT, scriptFootballMatch } from './football-script';
import { basketballBoxAt, footballStatsAt, momentumOf, playedMinuteCount, scriptBasketballBox, scriptFootballStats } from './match-stats';
import { createRandom } from './random';
import { basketballStateAt, footballStateAt } from './state';

const random = createRandom(7);
const footballScripts = Array.from({ length: 300 }, (_, index) =>
  scriptFootballMatch({ home: { strength: 0.3 + 0.6 * random.next() }, away: { strength: 0.3 + 0.6 * random.next() }, seed: 5000 + index }),
);

describe('football statistics of the simulator', () => {
  it('agree with the score, the cards and the corners at every moment, and never go down', () => {
    for (const [index, script] of footballScripts.entries()) {
      const minutes = scriptFootballStats(script, index);
      let previous = footballStatsAt(script, minutes, -60);
      for (let at = 0; at <= script.endAtSec + 60; at += 300) {
        const state = footballStateAt(script, at);
        const stats = footballStatsAt(script, minutes, at);
        // Every goal that stands was a shot on target (own goals are not the scorer's shots).
        const ownGoals: [number, number] = [0, 0];
        for (const event of script.events) {
          if (event.atSec <= at && event.type === FOOTBALL_EVENT.ownGoal) ownGoals[event.side === 'home' ? 0 : 1] += 1;
        }
        expect(stats.shots_on![0] + ownGoals[0]).toBeGreaterThanOrEqual(state.homeScore);
        expect(stats.shots_on![1] + ownGoals[1]).toBeGreaterThanOrEqual(state.awayScore);
        expect(stats.corners).toEqual(state.corner);
        expect(stats.yellow_cards).toEqual(state.yellow);
        expect(stats.red_cards).toEqual(state.red);
        expect(stats.possession![0] + stats.possession![1]).toBe(100);
        for (const key of ['shots_on', 'shots_off', 'attacks', 'dangerous_attacks', 'corners', 'offsides'] as const) {
          expect(stats[key]![0]).toBeGreaterThanOrEqual(previous[key]![0]);
          expect(stats[key]![1]).toBeGreaterThanOrEqual(previous[key]![1]);
        }
        expect(stats.attacks![0]).toBeGreaterThanOrEqual(stats.dangerous_attacks![0]);
        expect(stats.attacks![1]).toBeGreaterThanOrEqual(stats.dangerous_attacks![1]);
        previous = stats;
      }
    }
  });

  it('plays about ninety minutes of momentum, minute by minute, with added time in the half’s last minute', () => {
    const script = footballScripts.find((candidate) => candidate.final.statusId === 8 && candidate.phases.length === 4)!;
    const minutes = scriptFootballStats(script, 1);
    const all = momentumOf(minutes, 0, minutes.length);
    expect(all.map((entry) => entry.minute)).toEqual(Array.from({ length: 90 }, (_, index) => index + 1));
    expect(playedMinuteCount(minutes, script.endAtSec + 1)).toBe(minutes.length);
    expect(playedMinuteCount(minutes, 0)).toBe(0);
  });

  it('sends a growing added-time minute again, whole, so the stored one is replaced', () => {
    const script = footballScripts.find((candidate) => candidate.final.statusId === 8 && candidate.phases.length === 4)!;
    const minutes = scriptFootballStats(script, 1);
    const firstHalf = minutes.filter((entry) => entry.minute <= 45);
    const lastIndex = firstHalf.length; // entries 0..lastIndex-1 are the first half
    const upToLast = momentumOf(minutes, lastIndex - 1, lastIndex);
    const all45 = firstHalf.filter((entry) => entry.minute === 45);
    expect(upToLast).toEqual([
      {
        minute: 45,
        home: all45.reduce((sum, entry) => sum + entry.pressure[0], 0),
        away: all45.reduce((sum, entry) => sum + entry.pressure[1], 0),
      },
    ]);
  });

  it('is the same for the same seed', () => {
    const script = footballScripts[3]!;
    expect(scriptFootballStats(script, 42)).toEqual(scriptFootballStats(script, 42));
  });
});

describe('basketball box score of the simulator', () => {
  it('adds up to the score at every moment, with attempts never below makes', () => {
    for (let index = 0; index < 200; index++) {
      const script = scriptBasketballMatch({ home: { strength: random.next() }, away: { strength: random.next() }, seed: index, rules: 'fiba' });
      const attempts = scriptBasketballBox(script, index);
      for (let at = 0; at <= script.endAtSec + 60; at += 600) {
        const state = basketballStateAt(script, at);
        const box = basketballBoxAt(script, attempts, at);
        for (const side of [0, 1] as const) {
          const points = (box.field_goals_made![side] - box.three_points_made![side]) * 2 + box.three_points_made![side] * 3 + box.free_throws_made![side];
          expect(points).toBe(side === 0 ? state.homeScore : state.awayScore);
          expect(box.field_goals_attempted![side]).toBeGreaterThanOrEqual(box.field_goals_made![side]);
          expect(box.three_points_attempted![side]).toBeGreaterThanOrEqual(box.three_points_made![side]);
          expect(box.free_throws_attempted![side]).toBeGreaterThanOrEqual(box.free_throws_made![side]);
          expect(box.assists![side]).toBeLessThanOrEqual(box.field_goals_made![side]);
        }
      }
    }
  });
});
