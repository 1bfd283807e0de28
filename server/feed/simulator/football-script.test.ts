import { describe, expect, it } from 'vitest';
import { FOOTBALL_EVENT, FOOTBALL_STATUS, scriptFootballMatch, type FootballScript } from './football-script';
import { minuteOfPlay } from '../../../core/match/minute';
import { createRandom } from './random';

function scriptMany(count: number, options: { isKnockout?: boolean; seedBase?: number } = {}): FootballScript[] {
  const random = createRandom(options.seedBase ?? 1);
  return Array.from({ length: count }, (_, index) =>
    scriptFootballMatch({
      home: { strength: 0.3 + 0.65 * random.next() },
      away: { strength: 0.3 + 0.65 * random.next() },
      seed: (options.seedBase ?? 1) * 100_000 + index,
      isKnockout: options.isKnockout ?? false,
    }),
  );
}

/**
 * Legal status paths: not started (implicit), optionally delayed, first half (possibly
 * interrupted), half time, second half (possibly interrupted), optionally extra time and
 * penalties, ended; or abandoned (cut in half) after an interruption; or cancelled.
 */
const LEGAL_PATH = /^(12|(9,)?2(,10,2)?(,10,11|,3,4(,10,4)?(,10,11|(,5)+(,7)?,8|,8)))$/;

const leagueScripts = scriptMany(2000);
const cupScripts = scriptMany(600, { isKnockout: true, seedBase: 2 });

describe('scriptFootballMatch', () => {
  it('scripts the same match for the same seed and another for another seed', () => {
    const options = { home: { strength: 0.7 }, away: { strength: 0.5 }, seed: 123 };
    expect(scriptFootballMatch(options)).toEqual(scriptFootballMatch(options));
    expect(scriptFootballMatch({ ...options, seed: 124 })).not.toEqual(scriptFootballMatch(options));
  });

  it('scores like real leagues: 2.2–3.2 goals a match, home wins 40–50 %', () => {
    const played = leagueScripts.filter((script) => script.final.statusId === FOOTBALL_STATUS.ended);
    const goals = played.reduce((sum, script) => sum + script.final.score[0] + script.final.score[1], 0);
    const homeWins = played.filter((script) => script.final.score[0] > script.final.score[1]).length;
    expect(goals / played.length).toBeGreaterThan(2.2);
    expect(goals / played.length).toBeLessThan(3.2);
    expect(homeWins / played.length).toBeGreaterThan(0.4);
    expect(homeWins / played.length).toBeLessThan(0.5);
  });

  it('makes the stronger side win more often', () => {
    const mismatches = Array.from({ length: 500 }, (_, index) =>
      scriptFootballMatch({ home: { strength: 0.35 }, away: { strength: 0.9 }, seed: index }),
    ).filter((script) => script.final.statusId === FOOTBALL_STATUS.ended);
    const awayWins = mismatches.filter((script) => script.final.score[1] > script.final.score[0]).length;
    const homeWins = mismatches.filter((script) => script.final.score[0] > script.final.score[1]).length;
    expect(awayWins).toBeGreaterThan(homeWins * 1.5);
  });

  it('ends on the sum of its goals and own goals minus the goals VAR disallowed', () => {
    let disallowed = 0;
    for (const script of [...leagueScripts, ...cupScripts]) {
      const score = [0, 0];
      for (const event of script.events) {
        const index = event.side === 'away' ? 1 : 0;
        if (event.type === FOOTBALL_EVENT.goal || event.type === FOOTBALL_EVENT.ownGoal) score[index] = (score[index] ?? 0) + 1;
        if (event.type === FOOTBALL_EVENT.var && event.change?.score) {
          score[index] = (score[index] ?? 0) - 1;
          disallowed++;
        }
      }
      expect(score).toEqual(script.final.score);
    }
    // A few matches have a goal taken back (the "misjudged" pop-up on the site).
    expect(disallowed).toBeGreaterThan(50);
    expect(disallowed).toBeLessThan(300);
  });

  it('moves through the statuses in a legal order', () => {
    const paths = new Set<string>();
    for (const script of [...leagueScripts, ...cupScripts]) {
      const path = script.phases.map((phase) => phase.statusId).join(',');
      expect(path).toMatch(LEGAL_PATH);
      paths.add(path);
      for (let i = 1; i < script.phases.length; i++) {
        expect((script.phases[i] as { atSec: number }).atSec).toBeGreaterThan((script.phases[i - 1] as { atSec: number }).atSec);
      }
      expect(script.phases.at(-1)?.statusId).toBe(script.final.statusId);
      expect(script.phases.at(-1)?.atSec).toBe(script.endAtSec);
    }
    // The unusual paths all occur: delay, interruption, abandonment, cancellation, extra time, penalties.
    for (const pattern of [/^9,/, /,10,2,|,10,4,/, /,11$/, /^12$/, /,5,/, /,7,/]) {
      expect([...paths].some((path) => pattern.test(path))).toBe(true);
    }
  });

  it('keeps unusual matches rare: a few percent delayed, interrupted, abandoned or cancelled', () => {
    const share = (predicate: (script: FootballScript) => boolean) => leagueScripts.filter(predicate).length / leagueScripts.length;
    const hasStatus = (status: number) => (script: FootballScript) => script.phases.some((phase) => phase.statusId === status);
    expect(share(hasStatus(FOOTBALL_STATUS.delayed))).toBeGreaterThan(0.01);
    expect(share(hasStatus(FOOTBALL_STATUS.delayed))).toBeLessThan(0.06);
    expect(share(hasStatus(FOOTBALL_STATUS.interrupted))).toBeLessThan(0.06);
    expect(share(hasStatus(FOOTBALL_STATUS.cancelled))).toBeLessThan(0.02);
    expect(share(hasStatus(FOOTBALL_STATUS.cutInHalf))).toBeLessThan(0.02);
  });

  it('plays 1–5 minutes of added time in the first half and 2–8 in the second', () => {
    for (const script of leagueScripts.slice(0, 300)) {
      const halves = script.phases.filter((phase) => phase.half === 'first' || phase.half === 'second');
      if (script.final.statusId !== FOOTBALL_STATUS.ended || halves.length !== 2) continue;
      const firstEnd = script.phases.find((phase) => phase.statusId === FOOTBALL_STATUS.halfTime)?.atSec ?? 0;
      const secondEnd = script.endAtSec;
      const firstAdded = firstEnd - (halves[0]?.atSec ?? 0) - 45 * 60;
      const secondAdded = secondEnd - (halves[1]?.atSec ?? 0) - 45 * 60;
      expect(firstAdded).toBeGreaterThanOrEqual(60);
      expect(firstAdded).toBeLessThan(6 * 60);
      expect(secondAdded).toBeGreaterThanOrEqual(120);
      expect(secondAdded).toBeLessThan(9 * 60);
      expect((halves[1]?.atSec ?? 0) - firstEnd).toBe(15 * 60);
    }
  });

  it('settles every level cup tie in extra time or on penalties, and never a league match', () => {
    let shootOuts = 0;
    for (const script of cupScripts.filter((candidate) => candidate.final.statusId === FOOTBALL_STATUS.ended)) {
      const [home, away] = script.final.score;
      const wentToExtraTime = script.phases.some((phase) => phase.statusId === FOOTBALL_STATUS.overtime);
      if (home === away) {
        expect(wentToExtraTime).toBe(true);
        const penalties = script.final.penalties;
        expect(penalties).not.toBeNull();
        expect(penalties?.[0]).not.toBe(penalties?.[1]);
        const kicks = script.events.filter((event) => event.type === FOOTBALL_EVENT.penaltyShootOut);
        expect(kicks.filter((event) => event.side === 'home').length).toBe(penalties?.[0]);
        expect(kicks.filter((event) => event.side === 'away').length).toBe(penalties?.[1]);
        shootOuts++;
      } else {
        expect(script.final.penalties).toBeNull();
      }
    }
    expect(shootOuts).toBeGreaterThan(10);
    for (const script of leagueScripts) {
      expect(script.phases.some((phase) => phase.statusId === FOOTBALL_STATUS.overtime)).toBe(false);
      expect(script.final.penalties).toBeNull();
    }
  });

  it('gives every event of play the minute of the one minute rule, added time included (decision 111)', () => {
    let added = 0;
    for (const script of [...leagueScripts.slice(0, 300), ...cupScripts.slice(0, 100)]) {
      for (const event of script.events) {
        const phase = script.phases.filter((candidate) => candidate.atSec <= event.atSec).at(-1);
        // Markers of a break or the end (half time, full time) carry the minute the half ended on.
        if (!phase || phase.half === null) {
          expect(event.addedMinute ?? null).toBeNull();
          continue;
        }
        const shown = minuteOfPlay(phase.half, phase.playedAtStartSec + (event.atSec - phase.atSec));
        expect({ minute: event.minute, added: event.addedMinute ?? null }).toEqual(shown);
        if (shown.added !== null) added += 1;
      }
    }
    // Goals, cards and corners happen in added time too, and say so.
    expect(added).toBeGreaterThan(0);
  });

  it('lists events in time order with minutes of their half and counters that never go negative', () => {
    for (const script of leagueScripts.slice(0, 200)) {
      const yellow = [0, 0];
      let corners = 0;
      script.events.forEach((event, index) => {
        expect(event.seq).toBe(index);
        if (index > 0) expect(event.atSec).toBeGreaterThanOrEqual((script.events[index - 1] as { atSec: number }).atSec);
        expect(event.minute).toBeGreaterThanOrEqual(0);
        expect(event.minute).toBeLessThanOrEqual(120);
        expect(event.type).toBeGreaterThanOrEqual(0);
        expect(event.type).toBeLessThanOrEqual(26);
        yellow[0] = (yellow[0] ?? 0) + (event.change?.yellow?.[0] ?? 0);
        yellow[1] = (yellow[1] ?? 0) + (event.change?.yellow?.[1] ?? 0);
        corners += (event.change?.corner?.[0] ?? 0) + (event.change?.corner?.[1] ?? 0);
        expect(Math.min(yellow[0] ?? 0, yellow[1] ?? 0)).toBeGreaterThanOrEqual(0);
      });
      if (script.final.statusId === FOOTBALL_STATUS.ended) {
        expect(script.events[0]?.type).toBe(FOOTBALL_EVENT.start);
        expect(script.events.at(-1)?.type).toBe(FOOTBALL_EVENT.end);
        expect(script.halfTime).not.toBeNull();
      }
      expect(corners).toBeLessThan(30);
    }
  });

  it('names the whole event catalogue in order', () => {
    expect(Object.values(FOOTBALL_EVENT)).toEqual(Array.from({ length: 27 }, (_, index) => index));
    expect(FOOTBALL_EVENT.ownGoal).toBe(15);
    expect(FOOTBALL_EVENT.penaltyShootOutMissed).toBe(26);
  });
});
