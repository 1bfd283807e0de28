import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FootballListResponse, FootballMatch } from '../core/contracts/matches';
import enCentre from '../app/locales/en/matchCentre.json';
import trCentre from '../app/locales/tr/matchCentre.json';
import zhCentre from '../app/locales/zh/matchCentre.json';
import { openVisitor, startServerAndBrowser, waitUntilLive } from './support/page';
import type { RunningServer } from './support/server';

/**
 * The match centre against the real server in real Chromium.
 * - A live simulated match (speed 120: a minute of play every half second) moves in the open
 *   page: a new event joins the timeline and a statistic changes, without a reload.
 * - A simulated Premier League match's standings, head to head and lineups tabs in each
 *   language: the table is the latest real season imported at start (openfootball), the head
 *   to head counts real meetings, and the lineups say plainly that the simulator gives none.
 * - A real match replayed from StatsBomb open data at full speed by staff
 *   (`npm run data:replay`): its overview shows the real score and scorers, its lineups the
 *   real starting elevens on the pitch.
 */
const run = promisify(execFile);
const STATSBOMB = fileURLToPath(new URL('../../shared/data/statsbomb-via-kloppy/', import.meta.url));
const ADMIN = { email: `replay-${Date.now().toString(36)}@example.com`, nickname: 'Replayer', password: 'tribun2025' };
const CENTRE = { tr: trCentre, en: enCentre, zh: zhCentre } as const;
const LIVE = new Set([2, 3, 4, 5, 7]);

let dataDir: string;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tribun-e2e-centre-'));
  await run(
    process.execPath,
    ['--import', 'tsx', 'scripts/create-admin.ts', '--email', ADMIN.email, '--nickname', ADMIN.nickname, '--password', ADMIN.password],
    { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' } },
  );
  ({ server, browser } = await startServerAndBrowser({ DATA_DIR: dataDir, SIM_SPEED: '120', SIM_SEED: '1905' }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function todaysFootball(): Promise<FootballMatch[]> {
  const response = await fetch(`${server.origin}/api/match_recent/anew_list`);
  const body = (await response.json()) as FootballListResponse;
  const { liveGlobal, soonGlobal, scheduledGlobal, finishedGlobal } = body.data;
  return [...liveGlobal, ...soonGlobal, ...scheduledGlobal, ...finishedGlobal].flatMap((group) => group.matches);
}

describe('the match centre', () => {
  it('a live match gets a new timeline event and a changed statistic in the open page', async () => {
    const candidates = (await todaysFootball()).filter((match) => LIVE.has(match.status_id));
    // The earliest in its match has the most still to come: first half before second half.
    candidates.sort((a, b) => a.status_id - b.status_id || b.kick_off_time - a.kick_off_time);
    const match = candidates[0];
    expect(match, 'a live football match').toBeDefined();

    const { context, page } = await openVisitor(browser);
    try {
      expect((await page.goto(`${server.origin}/en/football/Details/${match!.match_id}`))?.status()).toBe(200);
      await waitUntilLive(page, 'en');
      await page.evaluate(() => {
        (window as unknown as { __marker?: number }).__marker = 1;
      });
      const read = () =>
        page.evaluate(() => ({
          events: document.querySelectorAll('[data-testid="timeline-event"]').length,
          stats: Array.from(document.querySelectorAll('[data-testid="stat-row"]'), (row) => row.textContent ?? '').join('|'),
        }));
      const before = await read();
      await expect
        .poll(async () => {
          const now = await read();
          return now.events > before.events && now.stats !== before.stats;
        }, { timeout: 60_000, interval: 500 })
        .toBe(true);
      expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('shows a Premier League match’s real table, head to head and lineups tab in every language', async () => {
    const match = (await todaysFootball()).find((candidate) => candidate.competition_id === 2);
    expect(match, 'a Premier League match today').toBeDefined();
    const { context, page } = await openVisitor(browser);
    try {
      for (const [locale, texts] of Object.entries(CENTRE) as [keyof typeof CENTRE, (typeof CENTRE)['en']][]) {
        const base = `${server.origin}${locale === 'tr' ? '' : `/${locale}`}/football/Details/${match!.match_id}`;

        expect((await page.goto(`${base}/sorting`))?.status()).toBe(200);
        const rows = page.getByTestId('standings-row');
        await expect.poll(() => rows.count()).toBe(20);
        // The two teams of the match are marked in the table (when they played that season).
        const highlighted = await page.locator('[data-testid="standings-row"][aria-current="true"]').count();
        expect(highlighted).toBeGreaterThanOrEqual(1);

        expect((await page.goto(`${base}/h2h`))?.status()).toBe(200);
        await expect.poll(() => page.getByTestId('h2h-summary').count()).toBe(1);

        expect((await page.goto(`${base}/sequence`))?.status()).toBe(200);
        await expect.poll(() => page.getByText(texts.lineups.missing, { exact: true }).count()).toBe(1);
      }
    } finally {
      await context.close();
    }
  });

  it('a StatsBomb match replayed by staff at full speed ends with the real score, scorers and lineups', async () => {
    const login = await fetch(`${server.origin}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: ADMIN.email, password: ADMIN.password }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const { stdout } = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/data-replay.ts',
        'statsbomb',
        join(STATSBOMB, 'statsbomb_event.json'),
        '--lineups',
        join(STATSBOMB, 'statsbomb_lineup.json'),
        '--speed',
        '0',
        '--server',
        server.origin,
        '--token',
        token,
      ],
      { env: { ...process.env, LOG_LEVEL: 'warn' }, timeout: 120_000 },
    );
    const played = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { ok: boolean; match_id: number; final: [number, number] };
    expect(played).toMatchObject({ ok: true, final: [3, 0] });

    const { context, page } = await openVisitor(browser);
    try {
      expect((await page.goto(`${server.origin}/en/football/Details/${played.match_id}`))?.status()).toBe(200);
      const events = page.getByTestId('timeline-event');
      await expect.poll(() => events.count()).toBeGreaterThan(3);
      const timeline = (await events.allTextContents()).join('\n');
      // Barcelona 3-0 Alavés, 18 August 2018: Messi 64', Coutinho 83' (Arthur), Messi 90+2' (Suárez).
      expect(timeline.match(/Lionel Messi/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
      expect(timeline).toContain('Philippe Coutinho');
      expect(timeline).toContain('90+2');
      expect(await page.locator('header [aria-live="polite"]').first().textContent()).toBe('3 - 0');

      expect((await page.goto(`${server.origin}/en/football/Details/${played.match_id}/sequence`))?.status()).toBe(200);
      await expect.poll(() => page.getByTestId('pitch-player').count()).toBe(22);
    } finally {
      await context.close();
    }
  });
});
