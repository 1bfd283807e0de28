import { describe, expect, it } from 'vitest';
import { CALENDAR_CONFIG, type Weekday } from '../../catalog/calendar-config';
import { loadCatalog } from '../../catalog/catalog';
import { roundRobinRound } from './calendar';
import { toSimCompetition } from './competitions';
import { DAY_SECONDS, planDay } from './fixtures';
import type { FixtureInput } from '../../modules/matches/match-writes';

/**
 * The believable calendar over a simulated month of the real catalog: no club twice within
 * its rest time, every kick-off in its league's local slots and round days, the Brasileirão's
 * real last rounds on their real dates, the same month for the same seed.
 */
const competitions = loadCatalog().competitions.map(toSimCompetition);
const byId = new Map(competitions.map((competition) => [competition.id, competition]));
/** Monday 2026-11-16 to Tuesday 2026-12-15: the weeks around "today" (2026-11-24) */
const FIRST_DAY = Date.UTC(2026, 10, 16) / 1000;
const DAYS = 30;
const SEED = 1905;

function planMonth(seed: number): FixtureInput[] {
  return Array.from({ length: DAYS }, (_, day) => planDay({ competitions, dayStartSec: FIRST_DAY + day * DAY_SECONDS, seed })).flat();
}

function localParts(unixSec: number, timeZone: string): { date: string; weekday: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(unixSec * 1000))
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday: String(parts.weekday).toLowerCase(), time: `${parts.hour}:${parts.minute}` };
}

const month = planMonth(SEED);

describe('the believable calendar over a month', () => {
  it('plans football and basketball every week, from every competition with a calendar', () => {
    const playing = new Set(month.map((fixture) => fixture.competitionId));
    for (const id of Object.keys(CALENDAR_CONFIG).map(Number)) {
      if (byId.has(id)) expect(playing, `competition ${id}`).toContain(id);
    }
    expect(month.length).toBeGreaterThan(600);
  });

  it('is the same month for the same seed, another for another seed', () => {
    expect(planMonth(SEED)).toEqual(month);
    expect(planMonth(SEED + 1)).not.toEqual(month);
  });

  it('gives every match its own id, which another competition joining the catalogue does not move', () => {
    expect(new Set(month.map((fixture) => fixture.matchId)).size).toBe(month.length);
    const day = FIRST_DAY + 5 * DAY_SECONDS; // a Saturday: every weekend league plays
    const all = planDay({ competitions, dayStartSec: day, seed: SEED });
    const withoutCsl = planDay({ competitions: competitions.filter((competition) => competition.id !== 12), dayStartSec: day, seed: SEED });
    expect(all.some((fixture) => fixture.competitionId === 12)).toBe(true);
    expect(withoutCsl).toEqual(all.filter((fixture) => fixture.competitionId !== 12));
  });

  it('never has a club twice within 48 hours in football, or twice within 20 hours in basketball', () => {
    const kickOffs = new Map<string, number[]>();
    for (const fixture of month) {
      for (const teamId of [fixture.homeTeamId, fixture.awayTeamId]) {
        const key = `${fixture.sport}:${teamId}`;
        kickOffs.set(key, [...(kickOffs.get(key) ?? []), fixture.matchTime]);
      }
    }
    const tooClose: string[] = [];
    let backToBacks = 0;
    for (const [key, times] of kickOffs) {
      const restSec = (key.startsWith('football') ? 48 : 20) * 3600;
      times.sort((a, b) => a - b);
      for (let i = 1; i < times.length; i++) {
        const gap = (times[i] as number) - (times[i - 1] as number);
        if (gap < restSec) tooClose.push(`${key} ${gap / 3600} h`);
        if (key.startsWith('basketball') && gap < 30 * 3600) backToBacks += 1;
      }
    }
    expect(tooClose).toEqual([]);
    // The NBA plays back-to-back evenings, as it really does.
    expect(backToBacks).toBeGreaterThan(0);
  });

  it('puts every kick-off in its league’s local slots, each round on its days', () => {
    const outside: string[] = [];
    const realDates = new Set(
      competitions.flatMap((competition) => (competition.realFixtures ?? []).map((fixture) => `${competition.id}:${fixture.date}`)),
    );
    for (const fixture of month) {
      const rule = CALENDAR_CONFIG[fixture.competitionId];
      if (!rule) {
        outside.push(`competition ${fixture.competitionId} has no calendar`);
        continue;
      }
      const local = localParts(fixture.matchTime, rule.timeZone);
      const isReal = realDates.has(`${fixture.competitionId}:${local.date}`);
      const weekday = local.weekday as Weekday;
      const times = isReal
        ? [...Object.values(rule.slots), ...Object.values(rule.midweek?.slots ?? {})].flat()
        : [...(rule.slots[weekday] ?? []), ...(rule.midweek?.slots[weekday] ?? [])];
      if (!times.includes(local.time)) outside.push(`${fixture.competitionId} ${local.weekday} ${local.date} ${local.time}`);
    }
    expect(outside).toEqual([]);
  });

  it('keeps each round inside its week’s days: weekend leagues Friday to Monday, European nights Tuesday and Wednesday', () => {
    for (const id of [1, 2, 3, 4, 5, 13, 14, 15]) {
      const rule = CALENDAR_CONFIG[id];
      if (!rule || !byId.has(id)) continue;
      const days = new Set(month.filter((fixture) => fixture.competitionId === id).map((fixture) => localParts(fixture.matchTime, rule.timeZone).weekday));
      expect(days.size, `competition ${id}`).toBeGreaterThan(0);
      for (const day of days) expect(['fri', 'sat', 'sun', 'mon']).toContain(day);
    }
    for (const day of new Set(month.filter((fixture) => fixture.competitionId === 6).map((fixture) => localParts(fixture.matchTime, 'Europe/Berlin').weekday))) {
      expect(['tue', 'wed']).toContain(day);
    }
    // In a week (Tuesday to Monday, local) a club plays its league once, or twice when the league
    // has a midweek round that week: never a whole round every day.
    const perWeek = new Map<string, number>();
    for (const fixture of month) {
      const rule = CALENDAR_CONFIG[fixture.competitionId];
      if (!rule || rule.kind !== 'round') continue;
      const local = localParts(fixture.matchTime, rule.timeZone);
      const dayNumber = Date.parse(`${local.date}T00:00:00Z`) / 1000 / DAY_SECONDS;
      const week = Math.floor((dayNumber - 5) / 7);
      for (const teamId of [fixture.homeTeamId, fixture.awayTeamId]) {
        const key = `${fixture.competitionId}:${week}:${teamId}`;
        perWeek.set(key, (perWeek.get(key) ?? 0) + 1);
      }
    }
    for (const [key, count] of perWeek) {
      const rule = CALENDAR_CONFIG[Number(key.split(':')[0])];
      expect(count, key).toBeLessThanOrEqual(rule?.midweek ? 2 : 1);
    }
  });

  it('plays the Brasileirão’s real last rounds, pairing for pairing, on their real dates', () => {
    const brasileirao = byId.get(8);
    const real = (brasileirao?.realFixtures ?? []).filter((fixture) => fixture.date >= '2026-11-17' && fixture.date <= '2026-12-14');
    expect(real.length).toBeGreaterThanOrEqual(30);
    for (const fixture of real) {
      const played = month.filter(
        (planned) =>
          planned.competitionId === 8 &&
          planned.homeTeamId === fixture.homeTeamId &&
          planned.awayTeamId === fixture.awayTeamId &&
          localParts(planned.matchTime, 'America/Sao_Paulo').date === fixture.date,
      );
      expect(played, `${fixture.date} ${fixture.homeTeamId}-${fixture.awayTeamId}`).toHaveLength(1);
    }
  });
});

describe('roundRobinRound', () => {
  it('pairs every team once a round and every pair twice (home and away) in a season', () => {
    const teams = [1, 2, 3, 4, 5, 6];
    const seen = new Set<string>();
    for (let round = 0; round < 10; round++) {
      const pairs = roundRobinRound(teams, round);
      expect(new Set(pairs.flat()).size).toBe(6);
      for (const [home, away] of pairs) seen.add(`${home}-${away}`);
    }
    expect(seen.size).toBe(30);
  });
});
