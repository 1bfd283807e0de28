import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../catalog/catalog';
import type { BasketballScript } from './basketball-script';
import { toSimCompetition } from './competitions';
import { DAY_SECONDS, planScriptedDay, type ScriptedFixture } from './fixtures';
import { FOOTBALL_STATUS, type FootballScript } from './football-script';

/**
 * The simulator against the real seasons in ../shared/data: over a simulated season (40 weeks
 * of the believable calendar, seed 1905), each league scores like its real season and the
 * leagues together draw as often as the real ones.
 *
 * References. Goals per match: the catalog's `goalsPerMatch`, computed by
 * scripts/build-catalog.ts from the same season files the clubs come from. Draws: counted in
 * those files (played matches at full time, awarded ones left out) — Süper Lig 2025-26 28 of 99,
 * Premier League 2025-26 76/291, La Liga 2025-26 70/270, Bundesliga 2025-26 54/225, Serie A
 * 2025-26 76/280, Brasileirão 2026 45/157, Argentina 2025 75/240, MLS 2025 39/164, J1 2025
 * 35/136, CSL 2025 21/79: 519 draws in 1 941 matches, 26.7 %. Per league the real samples are
 * too small (79–291 matches) for a ±5 point test to mean anything, so draws are tested pooled.
 *
 * Basketball has no season results in the data (only NBA playoffs, which score less than the
 * regular season): the bands are the published 2024-25 regular-season averages — NBA about
 * 228 points a game (NBA.com league averages), EuroLeague and BSL about 160–165 — ± ~12 points.
 */
const REAL_DRAW_RATE = 519 / 1941;
const LEAGUES = [1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 13, 14, 15];
const BASKETBALL_BANDS: Record<number, [number, number]> = { 101: [215, 240], 102: [150, 178], 103: [150, 178] };

const catalog = loadCatalog();
const competitions = catalog.competitions.map(toSimCompetition);
const FIRST_DAY = Date.UTC(2026, 7, 4) / 1000;
const DAYS = 280;

const season: ScriptedFixture[] = Array.from({ length: DAYS }, (_, day) =>
  planScriptedDay({ competitions, dayStartSec: FIRST_DAY + day * DAY_SECONDS, seed: 1905 }),
).flat();

/** Full-time score of a football match played to the end, null when cancelled or abandoned. */
function fullTime(script: FootballScript): [number, number] | null {
  if (script.phases.some((phase) => phase.statusId === FOOTBALL_STATUS.cancelled || phase.statusId === FOOTBALL_STATUS.cutInHalf)) return null;
  return script.halfTime === null ? null : script.final.score;
}

describe('the simulator scores like the real seasons', () => {
  it('gives each league its real goals per match, ±0.2', () => {
    const report: Record<number, { simulated: number; real: number }> = {};
    for (const id of LEAGUES) {
      const real = catalog.competitions.find((competition) => competition.id === id)?.goalsPerMatch;
      expect(real, `competition ${id} has real goals`).toBeDefined();
      const scores = season
        .filter((entry) => entry.fixture.competitionId === id && entry.script.sport === 'football')
        .map((entry) => fullTime(entry.script as FootballScript))
        .filter((score): score is [number, number] => score !== null);
      expect(scores.length).toBeGreaterThan(250);
      const simulated = scores.reduce((sum, [home, away]) => sum + home + away, 0) / scores.length;
      report[id] = { simulated: Math.round(simulated * 100) / 100, real: real as number };
    }
    for (const [id, { simulated, real }] of Object.entries(report)) {
      expect(Math.abs(simulated - real), `competition ${id}: simulated ${simulated}, real ${real}`).toBeLessThanOrEqual(0.2);
    }
  });

  it('draws as often as the real leagues, ±5 percentage points', () => {
    const scores = season
      .filter((entry) => LEAGUES.includes(entry.fixture.competitionId) && entry.script.sport === 'football')
      .map((entry) => fullTime(entry.script as FootballScript))
      .filter((score): score is [number, number] => score !== null);
    const drawRate = scores.filter(([home, away]) => home === away).length / scores.length;
    expect(Math.abs(drawRate - REAL_DRAW_RATE) * 100).toBeLessThanOrEqual(5);
  });

  it('keeps basketball totals inside the stated bands', () => {
    for (const [id, [low, high]] of Object.entries(BASKETBALL_BANDS)) {
      const totals = season
        .filter((entry) => entry.fixture.competitionId === Number(id) && entry.script.sport === 'basketball')
        .map((entry) => (entry.script as BasketballScript).baskets.reduce((sum, basket) => sum + basket.points, 0));
      expect(totals.length).toBeGreaterThan(100);
      const average = totals.reduce((sum, total) => sum + total, 0) / totals.length;
      expect(average, `competition ${id}`).toBeGreaterThanOrEqual(low);
      expect(average, `competition ${id}`).toBeLessThanOrEqual(high);
    }
  });
});
