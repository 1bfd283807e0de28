import { describe, expect, it } from 'vitest';
import { BASKETBALL_STATUS, scriptBasketballMatch, type BasketballScript } from './basketball-script';
import type { BasketballRules } from './competitions';
import { createRandom } from './random';

function scriptMany(rules: BasketballRules, count: number): BasketballScript[] {
  const random = createRandom(rules === 'nba' ? 1 : 2);
  return Array.from({ length: count }, (_, index) =>
    scriptBasketballMatch({ home: { strength: random.next() }, away: { strength: random.next() }, seed: index, rules }),
  );
}

/** not started (implicit), optionally delayed, Q1, break, Q2, half time, Q3, break, Q4, overtimes, ended; or cancelled */
const LEGAL_PATH = /^(12|(13,)?2,3,4,5,6,7,8(,8,9(,9,9)*)?,10)$/;

const nba = scriptMany('nba', 1000);
const fiba = scriptMany('fiba', 1000);

function averagePerTeam(scripts: BasketballScript[]): number {
  const played = scripts.filter((script) => script.final.statusId === BASKETBALL_STATUS.ended);
  return played.reduce((sum, script) => sum + script.final.score[0] + script.final.score[1], 0) / (2 * played.length);
}

describe('scriptBasketballMatch', () => {
  it('scripts the same game for the same seed and another for another seed', () => {
    const options = { home: { strength: 0.6 }, away: { strength: 0.4 }, seed: 5, rules: 'nba' as const };
    expect(scriptBasketballMatch(options)).toEqual(scriptBasketballMatch(options));
    expect(scriptBasketballMatch({ ...options, seed: 6 })).not.toEqual(scriptBasketballMatch(options));
  });

  it('scores like the NBA (110–120 a team) and like FIBA leagues (75–90 a team)', () => {
    expect(averagePerTeam(nba)).toBeGreaterThan(110);
    expect(averagePerTeam(nba)).toBeLessThan(120);
    expect(averagePerTeam(fiba)).toBeGreaterThan(75);
    expect(averagePerTeam(fiba)).toBeLessThan(90);
  });

  it('plays 12-minute NBA quarters and 10-minute FIBA quarters, 5-minute overtimes', () => {
    const lengths = (script: BasketballScript) => script.phases.filter((phase) => phase.period !== null).map((phase) => phase.periodSec);
    for (const script of nba.slice(0, 50)) expect(lengths(script).slice(0, 4)).toEqual(script.final.statusId === 12 ? [] : [720, 720, 720, 720]);
    for (const script of fiba.slice(0, 50)) expect(lengths(script).slice(0, 4)).toEqual(script.final.statusId === 12 ? [] : [600, 600, 600, 600]);
    for (const script of [...nba, ...fiba]) for (const length of lengths(script).slice(4)) expect(length).toBe(300);
  });

  it('never ends level: a tie after regulation goes to overtime', () => {
    let overtimes = 0;
    for (const script of [...nba, ...fiba].filter((candidate) => candidate.final.statusId === BASKETBALL_STATUS.ended)) {
      const [home, away] = script.final.score;
      expect(home).not.toBe(away);
      expect(script.final.periods.length).toBeGreaterThanOrEqual(4);
      if (script.final.periods.length > 4) {
        overtimes++;
        const regulation = script.final.periods.slice(0, 4);
        expect(regulation.reduce((sum, pair) => sum + pair[0], 0)).toBe(regulation.reduce((sum, pair) => sum + pair[1], 0));
      }
    }
    expect(overtimes).toBeGreaterThan(0);
  });

  it('adds the baskets up to the period scores and the final score', () => {
    for (const script of [...nba.slice(0, 200), ...fiba.slice(0, 200)]) {
      const periods = script.final.periods.map(() => [0, 0]);
      for (const basket of script.baskets) {
        const pair = periods[basket.period] as number[];
        pair[basket.side === 'home' ? 0 : 1] = (pair[basket.side === 'home' ? 0 : 1] ?? 0) + basket.points;
      }
      expect(periods).toEqual(script.final.periods);
      expect(script.final.score).toEqual([
        periods.reduce((sum, pair) => sum + (pair[0] ?? 0), 0),
        periods.reduce((sum, pair) => sum + (pair[1] ?? 0), 0),
      ]);
    }
  });

  it('moves through quarters, breaks, a longer half time and overtimes in a legal order', () => {
    for (const script of [...nba, ...fiba]) {
      expect(script.phases.map((phase) => phase.statusId).join(',')).toMatch(LEGAL_PATH);
      const halfTime = script.phases.findIndex((phase) => phase.statusId === BASKETBALL_STATUS.halfTime);
      if (halfTime < 0) continue;
      const breakLength = (index: number) => (script.phases[index + 1]?.atSec ?? 0) - (script.phases[index]?.atSec ?? 0);
      expect(breakLength(halfTime)).toBe(15 * 60);
      expect(breakLength(halfTime - 2)).toBe(2 * 60);
      expect(breakLength(halfTime + 2)).toBe(2 * 60);
    }
  });

  it('takes as long as a real game: about two hours in the NBA, a little less in FIBA leagues', () => {
    const minutes = (scripts: BasketballScript[]) => {
      const played = scripts.filter((script) => script.final.statusId === BASKETBALL_STATUS.ended && script.phases[0]?.atSec === 0);
      return played.reduce((sum, script) => sum + script.endAtSec, 0) / played.length / 60;
    };
    expect(minutes(nba)).toBeGreaterThan(115);
    expect(minutes(nba)).toBeLessThan(140);
    expect(minutes(fiba)).toBeGreaterThan(95);
    expect(minutes(fiba)).toBeLessThan(120);
  });
});
