import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FootballListResponseSchema } from '../core/contracts/matches';
import { loadCatalog } from './catalog/catalog';
import { matches } from './db/schema/matches';
import { siteSecrets } from './db/schema/site-secrets';
import { parseEnv } from './env';
import { toSimCompetition } from './feed/simulator/competitions';
import { DAY_SECONDS, getDayStart, planScriptedDay, type ScriptedFixture } from './feed/simulator/fixtures';
import type { FootballScript } from './feed/simulator/football-script';
import { playedMinuteCount, scriptFootballStats } from './feed/simulator/match-stats';
import { deriveRootSeed, SecretSeed } from './feed/simulator/random';
import { DEFAULT_CALENDAR_SEED } from './feed/simulator/simulator';
import { SIMULATOR_SECRET } from './feed/simulator/secret';
import { footballStateAt } from './feed/simulator/state';
import { startTribun, type RunningTribun } from './start';

/**
 * Decision 099: on a default start (no SIM_SEED) nobody can know a result in advance. Two fresh
 * default starts play the same fixtures with different results, the project's own planner with
 * the public seed no longer predicts them, and while matches are live no endpoint or page answers
 * anything of a minute not yet played. Real servers as `npm start` wires them, with the web build.
 */
const competitions = loadCatalog().competitions.map(toSimCompetition);
const servers: { tribun: RunningTribun; dataDir: string }[] = [];

async function startDefault(): Promise<RunningTribun> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tribun-fair-'));
  // No SIM_SEED: the default. The dense calendar has live matches at any hour (tests).
  const env = parseEnv({ DATA_DIR: dataDir, HOST: '127.0.0.1', SIM_CALENDAR: 'dense', LOG_LEVEL: 'silent' });
  const tribun = await startTribun({ ...env, PORT: 0 });
  servers.push({ tribun, dataDir });
  return tribun;
}

beforeAll(async () => {
  await startDefault();
  await startDefault();
}, 240_000);

afterAll(async () => {
  for (const { tribun, dataDir } of servers) {
    await tribun.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

type Row = { id: number; homeTeamId: number; awayTeamId: number; statusId: number; homeScore: number; awayScore: number; sport: string };

async function rowsOf(tribun: RunningTribun, ids: number[]): Promise<Map<number, Row>> {
  const rows = await tribun.db
    .select({ id: matches.id, sport: matches.sport, homeTeamId: matches.homeTeamId, awayTeamId: matches.awayTeamId, statusId: matches.statusId, homeScore: matches.homeScore, awayScore: matches.awayScore })
    .from(matches)
    .where(inArray(matches.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

const ENDED = { football: 8, basketball: 10 } as const;

describe('results nobody can know in advance (a default start)', () => {
  it('two fresh starts play the same fixtures with different results, and the public seed predicts neither', async () => {
    const yesterday = getDayStart(Math.floor(Date.now() / 1000)) - DAY_SECONDS;
    // The attacker's plan: the project's own planner with the seed in the public source.
    const planned = planScriptedDay({ competitions, dayStartSec: yesterday, seed: DEFAULT_CALENDAR_SEED, calendar: 'dense' });
    const ids = planned.map((entry) => entry.fixture.matchId);
    const [first, second] = await Promise.all(servers.map(({ tribun }) => rowsOf(tribun, ids)));
    expect(first!.size).toBe(ids.length);
    expect(second!.size).toBe(ids.length);

    let bothEnded = 0;
    let differ = 0;
    let predicted = 0;
    for (const { fixture, script } of planned) {
      const a = first!.get(fixture.matchId)!;
      const b = second!.get(fixture.matchId)!;
      // The same fixtures: the calendar is public and the same on every install.
      expect([a.homeTeamId, a.awayTeamId]).toEqual([fixture.homeTeamId, fixture.awayTeamId]);
      expect([b.homeTeamId, b.awayTeamId]).toEqual([fixture.homeTeamId, fixture.awayTeamId]);
      const ended = ENDED[fixture.sport];
      if (a.statusId !== ended || b.statusId !== ended) continue;
      bothEnded++;
      if (a.homeScore !== b.homeScore || a.awayScore !== b.awayScore) differ++;
      if (script.final.score[0] === a.homeScore && script.final.score[1] === a.awayScore) predicted++;
    }
    expect(bothEnded).toBeGreaterThan(40);
    // Two independent football scores agree about one time in eight, basketball scores almost never.
    expect(differ / bothEnded).toBeGreaterThan(0.6);
    expect(predicted / bothEnded).toBeLessThan(0.4);
  });

  it('keeps the secret out of every answer', async () => {
    const { tribun } = servers[0]!;
    // Every secret the install keeps: the simulator's and the key of private file links.
    const rows = await tribun.db.select({ name: siteSecrets.name, value: siteSecrets.value }).from(siteSecrets);
    expect(rows.map((row) => row.name).sort()).toEqual(['file-links', SIMULATOR_SECRET]);
    for (const url of ['/api/health', '/api/match_recent/anew_list', '/api/basketball', '/api/match/next_kick_off', '/sitemap.xml', '/robots.txt', '/']) {
      const text = await (await fetch(`${tribun.origin}${url}`)).text();
      for (const row of rows) {
        expect(text, `${url} (${row.name})`).not.toContain(row.value);
        expect(text, `${url} (${row.name})`).not.toContain(Buffer.from(row.value, 'base64').toString('hex'));
      }
    }
  });

  it('answers nothing of a minute not yet played: every match-centre endpoint and page of the live matches', async () => {
    const { tribun } = servers[0]!;
    const [row] = await tribun.db.select({ value: siteSecrets.value }).from(siteSecrets).where(eq(siteSecrets.name, SIMULATOR_SECRET));
    const secret = new SecretSeed(Buffer.from(row!.value, 'base64'));
    const today = getDayStart(Math.floor(Date.now() / 1000));
    const scripts = new Map<number, ScriptedFixture>();
    for (const day of [today - DAY_SECONDS, today]) {
      for (const entry of planScriptedDay({ competitions, dayStartSec: day, seed: DEFAULT_CALENDAR_SEED, secret, calendar: 'dense' })) scripts.set(entry.fixture.matchId, entry);
    }
    const list = FootballListResponseSchema.parse(await (await fetch(`${tribun.origin}/api/match_recent/anew_list`)).json());
    const live = list.data.liveGlobal.flatMap((group) => group.matches).slice(0, 6);
    expect(live.length).toBeGreaterThan(2);

    let futureEventsHeldBack = 0;
    let pageMinutesSeen = 0;
    for (const match of live) {
      const planned = scripts.get(match.match_id);
      expect(planned, `match ${match.match_id} is one of the simulator's`).toBeDefined();
      const script = planned!.script as FootballScript;
      const answers = await Promise.all(
        ['overview', 'events', 'statistics', 'lineups', 'players', 'h2h', 'standings'].map(async (tab) => {
          const response = await fetch(`${tribun.origin}/api/match/football/${match.match_id}/${tab}`);
          expect(response.status, tab).toBe(200);
          return [tab, (await response.json()) as { data: Record<string, unknown> }] as const;
        }),
      );
      const page = await (await fetch(`${tribun.origin}/en/football/Details/${match.match_id}`)).text();
      // Everything above was answered before this moment: it may hold what was played by now, never more.
      const elapsedSec = Math.ceil(Date.now() / 1000) - match.match_time;
      const played = script.events.filter((event) => event.atSec <= elapsedSec);
      futureEventsHeldBack += script.events.length - played.length;
      const playedKeys = played.map((event) => `${event.type}|${event.minute}|${event.side}`);
      const state = footballStateAt(script, elapsedSec);
      const minutes = playedMinuteCount(scriptFootballStats(script, deriveRootSeed(secret, 'stats', match.match_id)), elapsedSec);

      const byTab = new Map(answers);
      for (const tab of ['overview', 'events'] as const) {
        const events = byTab.get(tab)!.data.events as { type: number; minute: number; side: string | null }[];
        const keys = events.map((event) => `${event.type}|${event.minute}|${event.side}`);
        const left = [...playedKeys];
        for (const key of keys) {
          const at = left.indexOf(key);
          expect(at, `${tab} of ${match.match_id}: ${key} was not played yet`).toBeGreaterThanOrEqual(0);
          left.splice(at, 1);
        }
      }
      const overview = byTab.get('overview')!.data.match as { a0: number; b0: number };
      expect(overview.a0).toBeLessThanOrEqual(state.homeScore);
      expect(overview.b0).toBeLessThanOrEqual(state.awayScore);
      const statistics = byTab.get('statistics')!.data as { stats: { corners?: number[] } | null; momentum: { minute: number }[] };
      expect(statistics.momentum.length).toBeLessThanOrEqual(minutes);
      if (statistics.stats?.corners) {
        expect(statistics.stats.corners[0]).toBeLessThanOrEqual(state.corner[0]);
        expect(statistics.stats.corners[1]).toBeLessThanOrEqual(state.corner[1]);
      }
      // The page's timeline shows only played minutes.
      const pageMinutes = [...page.matchAll(/data-testid="timeline-event"[^>]*>\s*<span[^>]*>(\d+)(?:\+\d+)?&#x27;/g)].map((found) => Number(found[1]));
      const playedMinutes = played.map((event) => event.minute);
      pageMinutesSeen += pageMinutes.length;
      for (const minute of pageMinutes) expect(playedMinutes, `page of ${match.match_id} shows ${minute}'`).toContain(minute);
    }
    // The check means something only if the scripts knew more than was played.
    expect(futureEventsHeldBack).toBeGreaterThan(0);
    expect(pageMinutesSeen).toBeGreaterThan(0);
  });
});
