import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchesEndpoints, type FootballListResponse, type FootballMatch } from '../core/contracts/matches';
import { TIME_ZONE_COOKIE } from '../core/time-zone';
import { startOfZonedDaySec, zonedDate } from '../app/lib/match-time';
import { DESKTOP_CHROME_UA, startServerAndBrowser } from './support/page';
import type { RunningServer } from './support/server';

/**
 * Kick-off times in the reader's zone from the first byte (docs/decisions/115), in real
 * Chromium against the real server, at phone width: the HTML as served already holds the
 * reader's times and day, hydration changes none of them, a reader without JavaScript gets
 * their cookie's zone, and a first visit from outside the language's usual zone is put right
 * before anything is painted (one reload, never two).
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PHONE = { width: 390, height: 844 };

/** What React reports when the server's HTML and the first browser render differ (production codes included). */
const HYDRATION_TROUBLE = /hydrat|did not match|server rendered|Minified React error #(418|419|421|422|423|425)/i;

interface Reader {
  context: BrowserContext;
  page: Page;
  /** console errors and warnings, and uncaught errors, about hydration */
  hydrationTrouble: string[];
  /** every document (page) request the browser made */
  documents: string[];
}

async function openReader(options: { timezoneId: string; locale: string; javaScriptEnabled?: boolean }): Promise<Reader> {
  const context = await browser.newContext({ userAgent: DESKTOP_CHROME_UA, viewport: PHONE, ...options });
  const page = await context.newPage();
  const hydrationTrouble: string[] = [];
  const documents: string[] = [];
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && HYDRATION_TROUBLE.test(message.text())) hydrationTrouble.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (HYDRATION_TROUBLE.test(String(error))) hydrationTrouble.push(String(error));
  });
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url());
  });
  return { context, page, hydrationTrouble, documents };
}

async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
}

/** HH:mm of an instant in a zone, as a reader there reads a kick-off. */
function wallClock(epochSec: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(epochSec * 1000));
}

interface ShownTime {
  matchId: number;
  /** the instant the row's <time> names */
  epochSec: number;
  text: string;
}

/** Each football row's kick-off in served HTML: its match id, its <time>'s instant and text. */
function rowTimesInHtml(html: string): ShownTime[] {
  const rows = [...html.matchAll(/data-testid="football-row"[^>]*data-match-id="(\d+)"[\s\S]*?<time dateTime="([^"]+)"[^>]*>([^<]*)<\/time>/gi)];
  return rows.map(([, id, iso, text]) => ({ matchId: Number(id), epochSec: Date.parse(iso ?? '') / 1000, text: text ?? '' }));
}

/** The same, read from the page's DOM. */
async function rowTimesInPage(page: Page): Promise<ShownTime[]> {
  return page.locator('[data-testid="football-row"]').evaluateAll((rows) =>
    rows.map((row) => {
      const time = row.querySelector('time');
      return {
        matchId: Number(row.getAttribute('data-match-id')),
        epochSec: Date.parse(time?.getAttribute('datetime') ?? '') / 1000,
        text: time?.textContent ?? '',
      };
    }),
  );
}

async function footballDay(daySec: number): Promise<FootballMatch[]> {
  const response = await fetch(`${server.origin}${matchesEndpoints.footballList.path}?day=${daySec}`);
  const { data } = (await response.json()) as FootballListResponse;
  return [...data.liveGlobal, ...data.soonGlobal, ...data.scheduledGlobal, ...data.finishedGlobal, ...data.otherGlobal].flatMap((group) => group.matches);
}

/** The raw HTML of a page as the server sends it to this reader (their cookies, no script run). */
async function servedHtml(reader: Reader, path: string): Promise<string> {
  const response = await reader.context.request.get(`${server.origin}${path}`, { headers: { 'user-agent': DESKTOP_CHROME_UA } });
  expect(response.status()).toBe(200);
  return response.text();
}

describe('kick-off times in the reader’s zone from the first byte', () => {
  it('a Chinese reader in Shanghai gets Shanghai times and the Shanghai day in the served HTML, first time and again', async () => {
    const reader = await openReader({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });
    try {
      const { context, page } = reader;
      for (const visit of [1, 2]) {
        const response = await page.goto(`${server.origin}/zh/football`);
        // The HTML exactly as the server sent it to this browser, before any script ran.
        const html = (await response?.text()) ?? '';
        await hydrated(page);
        // Shanghai is a Chinese page's usual zone: no reload, ever.
        expect(reader.documents, `visit ${visit}`).toHaveLength(visit);
        const cookies = await context.cookies(server.origin);
        expect(cookies.find((c) => c.name === TIME_ZONE_COOKIE)?.value).toBe(encodeURIComponent('Asia/Shanghai'));

        const shown = rowTimesInHtml(html);
        expect(shown.length, 'rows in the served HTML').toBeGreaterThan(0);
        // The day the list shows is the reader's day in Shanghai, and so are its matches.
        const todaySec = startOfZonedDaySec(Date.now(), 'Asia/Shanghai');
        expect(html).toContain(`data-testid="list-day"`);
        expect(html).toMatch(new RegExp(`dateTime="${zonedDate(todaySec * 1000, 'Asia/Shanghai')}"[^>]*data-testid="list-day"`));
        const api = new Map((await footballDay(todaySec)).map((match) => [match.match_id, match]));
        for (const row of shown) {
          const match = api.get(row.matchId);
          expect(match, `match ${row.matchId} of the Shanghai day`).toBeDefined();
          // The instant is the API's, the text is that instant on a Shanghai clock, 8 hours from UTC.
          expect(row.epochSec).toBe(match?.match_time);
          expect(row.text).toBe(wallClock(match?.match_time ?? 0, 'Asia/Shanghai'));
          expect(row.text).not.toBe(wallClock(match?.match_time ?? 0, 'UTC'));
        }
        // A match not started yet: its shown time is its kick-off time.
        const waiting = shown.map((row) => api.get(row.matchId)).find((match) => match?.status_id === 1);
        if (waiting) expect(shown.find((row) => row.matchId === waiting.match_id)?.text).toBe(wallClock(waiting.kick_off_time, 'Asia/Shanghai'));

        // The hydrated page shows what the server sent.
        const inPage = new Map((await rowTimesInPage(page)).map((row) => [row.matchId, row.text]));
        for (const row of shown) if (inPage.has(row.matchId)) expect(inPage.get(row.matchId)).toBe(row.text);
      }
      expect(reader.hydrationTrouble).toEqual([]);
    } finally {
      await reader.context.close();
    }
  });

  it('a reader without JavaScript sees the zone of their cookie, and the language’s zone without one', async () => {
    const reader = await openReader({ timezoneId: 'UTC', locale: 'tr-TR', javaScriptEnabled: false });
    try {
      const { context, page } = reader;
      await page.goto(`${server.origin}/football`);
      const istanbul = await rowTimesInPage(page);
      expect(istanbul.length).toBeGreaterThan(0);
      for (const row of istanbul) expect(row.text).toBe(wallClock(row.epochSec, 'Europe/Istanbul'));

      await context.addCookies([{ name: TIME_ZONE_COOKIE, value: encodeURIComponent('America/New_York'), url: server.origin }]);
      await page.goto(`${server.origin}/football`);
      const newYork = await rowTimesInPage(page);
      expect(newYork.length).toBeGreaterThan(0);
      for (const row of newYork) expect(row.text).toBe(wallClock(row.epochSec, 'America/New_York'));
      // New York's day, not Istanbul's: the list's day is the cookie zone's today.
      const day = await page.locator('[data-testid="list-day"]').getAttribute('datetime');
      expect(day).toBe(zonedDate(Date.now(), 'America/New_York'));

      // A hostile cookie is no zone: the page is Istanbul's again and the value is nowhere in it.
      await context.addCookies([{ name: TIME_ZONE_COOKIE, value: encodeURIComponent('"><script>alert(1)</script>'), url: server.origin }]);
      const html = await servedHtml(reader, '/football');
      expect(html).not.toContain('alert(1)');
      for (const row of rowTimesInHtml(html)) expect(row.text).toBe(wallClock(row.epochSec, 'Europe/Istanbul'));
    } finally {
      await reader.context.close();
    }
  });

  it('on a phone in Istanbul, the Turkish page shows the same times before and after hydration', async () => {
    const reader = await openReader({ timezoneId: 'Europe/Istanbul', locale: 'tr-TR' });
    try {
      const { page } = reader;
      // Hold the page's scripts until the server's HTML has been read.
      let release: () => void = () => undefined;
      const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/.*\.js(\?.*)?$/, async (route) => {
        await scriptsHeld;
        await route.continue();
      });
      await page.goto(`${server.origin}/football`, { waitUntil: 'commit' });
      await page.locator('[data-testid="day-picker"]').waitFor({ state: 'attached', timeout: 30_000 });
      await page.locator('[data-testid="football-row"] time').first().waitFor({ state: 'attached' });
      const before = await rowTimesInPage(page);
      const dayBefore = await page.locator('[data-testid="list-day"]').textContent();
      const pickerBefore = await page.locator('[data-testid="day-picker"]').textContent();
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null)).toBeNull();
      expect(before.length).toBeGreaterThan(0);
      for (const row of before) expect(row.text).toBe(wallClock(row.epochSec, 'Europe/Istanbul'));
      // The title says "today" from the first byte: the server knows the reader's day.
      expect(dayBefore).toMatch(/^Bugün/);

      release();
      await hydrated(page);
      const after = new Map((await rowTimesInPage(page)).map((row) => [row.matchId, row.text]));
      for (const row of before) if (after.has(row.matchId)) expect(after.get(row.matchId), `match ${row.matchId}`).toBe(row.text);
      expect(await page.locator('[data-testid="list-day"]').textContent()).toBe(dayBefore);
      expect(await page.locator('[data-testid="day-picker"]').textContent()).toBe(pickerBefore);
      expect(reader.documents).toHaveLength(1);
      expect(reader.hydrationTrouble).toEqual([]);
    } finally {
      await reader.context.close();
    }
  });

  it('a first visit from outside the language’s zone is rendered again in the reader’s zone before it paints, once', async () => {
    // An English page renders in London until the browser says otherwise; this reader is in Shanghai.
    const reader = await openReader({ timezoneId: 'Asia/Shanghai', locale: 'en-GB' });
    try {
      const { page } = reader;
      await page.goto(`${server.origin}/en/football`);
      // The navigation settles on the page loaded again, not on the London one it replaced.
      expect(await page.evaluate(() => document.readyState)).toBe('complete');
      expect(reader.documents).toHaveLength(2);
      await hydrated(page);
      // The London page never painted: its head script set the cookie and loaded the page again.
      expect(reader.documents).toHaveLength(2);
      const shown = await rowTimesInPage(page);
      expect(shown.length).toBeGreaterThan(0);
      for (const row of shown) expect(row.text).toBe(wallClock(row.epochSec, 'Asia/Shanghai'));
      expect(await page.locator('[data-testid="list-day"]').getAttribute('datetime')).toBe(zonedDate(Date.now(), 'Asia/Shanghai'));
      // Every later page is right from the first byte: no second reload.
      await page.goto(`${server.origin}/en/football`);
      await hydrated(page);
      expect(reader.documents).toHaveLength(3);
      expect(reader.hydrationTrouble).toEqual([]);
    } finally {
      await reader.context.close();
    }
  });
});
