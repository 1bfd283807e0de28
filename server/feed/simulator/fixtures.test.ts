import { describe, expect, it } from 'vitest';
import { toSimCompetition } from './competitions';
import { DAY_SECONDS, SLOT_SECONDS, getDayStart, planDay, planScriptedDay, toMatchId } from './fixtures';
import { basketballStateAt, footballStateAt } from './state';
import { buildTestCompetitions } from './test-competitions';

const competitions = buildTestCompetitions();
/** 2025-03-14, a Friday */
const DAY = Date.UTC(2025, 2, 14) / 1000;
const FOOTBALL_LIVE = new Set([2, 3, 4, 5, 7]);
const BASKETBALL_LIVE = new Set([2, 3, 4, 5, 6, 7, 8, 9]);

describe('planDay on the dense calendar', () => {
  it('plans the same day for the same seed and another day for another seed', () => {
    const first = planDay({ competitions, dayStartSec: DAY, seed: 1, calendar: 'dense' });
    expect(planDay({ competitions, dayStartSec: DAY, seed: 1, calendar: 'dense' })).toEqual(first);
    expect(planDay({ competitions: competitions.slice().reverse(), dayStartSec: DAY, seed: 1, calendar: 'dense' })).toEqual(first);
    expect(planDay({ competitions, dayStartSec: DAY, seed: 2, calendar: 'dense' })).not.toEqual(first);
    expect(planDay({ competitions, dayStartSec: DAY + DAY_SECONDS, seed: 1, calendar: 'dense' })).not.toEqual(first);
  });

  it('plays every team at most once a day, against a team of its own competition', () => {
    for (const seed of [1, 2, 3]) {
      const fixtures = planDay({ competitions, dayStartSec: DAY, seed, calendar: 'dense' });
      const seen = new Set<string>();
      for (const fixture of fixtures) {
        const competition = competitions.find((candidate) => candidate.id === fixture.competitionId);
        const teamIds = competition?.teams.map((team) => team.id) ?? [];
        expect(competition?.sport).toBe(fixture.sport);
        expect(teamIds).toContain(fixture.homeTeamId);
        expect(teamIds).toContain(fixture.awayTeamId);
        expect(fixture.homeTeamId).not.toBe(fixture.awayTeamId);
        for (const teamId of [fixture.homeTeamId, fixture.awayTeamId]) {
          const key = `${fixture.competitionId}:${teamId}`;
          expect(seen.has(key)).toBe(false);
          seen.add(key);
        }
      }
    }
  });

  it('spreads kick-offs over the whole UTC day on quarter hours', () => {
    const fixtures = planDay({ competitions, dayStartSec: DAY, seed: 4, calendar: 'dense' });
    const hours = new Set<number>();
    for (const fixture of fixtures) {
      expect(fixture.matchTime).toBeGreaterThanOrEqual(DAY);
      expect(fixture.matchTime).toBeLessThan(DAY + DAY_SECONDS);
      expect((fixture.matchTime - DAY) % SLOT_SECONDS).toBe(0);
      hours.add(Math.floor((fixture.matchTime - DAY) / 3600));
    }
    expect(hours.size).toBe(24);
  });

  it('plans several matches per league and a few per cup and continental competition', () => {
    const fixtures = planDay({ competitions, dayStartSec: DAY, seed: 5, calendar: 'dense' });
    const perCompetition = new Map<number, number>();
    for (const fixture of fixtures) perCompetition.set(fixture.competitionId, (perCompetition.get(fixture.competitionId) ?? 0) + 1);
    for (const competition of competitions) {
      const count = perCompetition.get(competition.id) ?? 0;
      expect(count).toBeGreaterThanOrEqual(2);
      expect(count).toBeLessThanOrEqual(Math.floor(competition.teams.length / 2));
    }
    expect(fixtures.filter((fixture) => fixture.sport === 'football').length).toBeGreaterThanOrEqual(64);
    expect(fixtures.filter((fixture) => fixture.sport === 'basketball').length).toBeGreaterThanOrEqual(24);
  });

  it('keeps at least 3 football and 1 basketball match live at every quarter hour of the day', () => {
    for (const seed of [1, 2, 3]) {
      for (const day of [DAY, DAY + 40 * DAY_SECONDS]) {
        // The day before still has matches running after midnight, as on the site.
        const planned = [-1, 0].flatMap((offset) => planScriptedDay({ competitions, dayStartSec: day + offset * DAY_SECONDS, seed, calendar: 'dense' }));
        for (let now = day; now < day + DAY_SECONDS; now += SLOT_SECONDS) {
          let football = 0;
          let basketball = 0;
          for (const { fixture, script } of planned) {
            const elapsed = now - fixture.matchTime;
            if (script.sport === 'football' && FOOTBALL_LIVE.has(footballStateAt(script, elapsed).statusId)) football++;
            if (script.sport === 'basketball' && BASKETBALL_LIVE.has(basketballStateAt(script, elapsed).statusId)) basketball++;
          }
          expect({ now, football: football >= 3, basketball: basketball >= 1 }).toEqual({ now, football: true, basketball: true });
        }
      }
    }
  });

  it('gives positive int32 ids, unique over many days, none ending in 111', () => {
    const ids = new Set<number>();
    for (let day = 0; day < 60; day++) {
      for (const fixture of planDay({ competitions, dayStartSec: DAY + day * DAY_SECONDS, seed: 9, calendar: 'dense' })) {
        expect(Number.isInteger(fixture.matchId)).toBe(true);
        expect(fixture.matchId).toBeGreaterThan(0);
        expect(fixture.matchId).toBeLessThanOrEqual(2_147_483_647);
        expect(String(fixture.matchId).endsWith('111')).toBe(false);
        expect(ids.has(fixture.matchId)).toBe(false);
        ids.add(fixture.matchId);
      }
    }
  });

  it('never produces an id ending in 111 for any index a day can hold', () => {
    const ids = new Set<number>();
    for (const sport of ['football', 'basketball'] as const) {
      for (let index = 0; index < 4990; index++) {
        const id = toMatchId({ dayStartSec: DAY, sport, index });
        expect(id % 1000).not.toBe(111);
        ids.add(id);
      }
    }
    expect(ids.size).toBe(2 * 4990);
    expect(toMatchId({ dayStartSec: Date.UTC(2500, 0, 1) / 1000, sport: 'basketball', index: 4989 })).toBeLessThanOrEqual(2_147_483_647);
    expect(() => toMatchId({ dayStartSec: DAY, sport: 'football', index: 4990 })).toThrow(RangeError);
  });

  it('refuses a day start that is not a UTC midnight', () => {
    expect(() => planDay({ competitions, dayStartSec: DAY + 3600, seed: 1, calendar: 'dense' })).toThrow(RangeError);
    expect(getDayStart(DAY + 86_399)).toBe(DAY);
  });
});

describe('toSimCompetition', () => {
  const teams = [{ id: 1, name: 'A', strength: 0.5 }];
  it('reads cups, continental competitions and NBA rules from the names', () => {
    const base = { id: 1, isHot: true, teams } as const;
    expect(toSimCompetition({ ...base, sport: 'football', shortName: 'ZTK', names: { en: 'Turkish Cup' } }).format).toBe('cup');
    expect(toSimCompetition({ ...base, sport: 'football', shortName: 'TFF', names: { en: 'Türkiye Kupası' } }).format).toBe('cup');
    expect(toSimCompetition({ ...base, sport: 'football', shortName: 'UCL', names: { en: 'UEFA Champions League' } }).format).toBe('continental');
    expect(toSimCompetition({ ...base, sport: 'football', shortName: 'SL', names: { en: 'Süper Lig' } }).format).toBe('league');
    expect(toSimCompetition({ ...base, sport: 'basketball', shortName: 'NBA', names: { en: 'NBA' } }).rules).toBe('nba');
    expect(toSimCompetition({ ...base, sport: 'basketball', shortName: 'EL', names: { en: 'EuroLeague' } }).rules).toBe('fiba');
    // A competition without calendar rules (server/catalog/calendar-config.ts) gets none: it is not played.
    expect(toSimCompetition({ ...base, id: 999, sport: 'basketball', shortName: 'BSL', names: { en: 'Basketbol Süper Ligi' } })).toEqual({
      id: 999,
      sport: 'basketball',
      isHot: true,
      teams,
      rules: 'fiba',
    });
    expect(toSimCompetition({ ...base, sport: 'football', shortName: 'SL', names: { en: 'Süper Lig' } }).calendar?.timeZone).toBe('Europe/Istanbul');
  });
});
