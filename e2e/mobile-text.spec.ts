import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clampedRootFontSize } from '../app/lib/root-font-size';
import { THEME_COOKIE } from '../core/page-variant';
import { findSmallText, MIN_TEXT_PX } from './support/small-text';
import { DESKTOP_CHROME_UA, startServerAndBrowser } from './support/page';
import type { RunningServer } from './support/server';

/**
 * What a reader sees of the site's frame on phones and laptops (decision 083): no text under
 * 12 px on the main pages at phone widths, the whole header navigation on one line at every
 * desktop width, and a keyboard focus ring that stands out from the crimson header.
 */
let server: RunningServer;
let browser: Browser;
let matchPath: string;

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
  // Any football match of today's list opens a match page.
  const home = await (await fetch(`${server.origin}/`, { headers: { 'user-agent': DESKTOP_CHROME_UA } })).text();
  const id = /\/football\/Details\/(\d+)/.exec(home)?.[1];
  if (id === undefined) throw new Error('the home page lists no football match');
  matchPath = `/football/Details/${id}`;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const LOCALES = [
  { prefix: '', locale: 'tr' },
  { prefix: '/en', locale: 'en' },
  { prefix: '/zh', locale: 'zh' },
] as const;

async function openContext(width: number, height: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ userAgent: DESKTOP_CHROME_UA, viewport: { width, height } });
  return { context, page: await context.newPage() };
}

describe('text on phones is at least 12 px', () => {
  const ALL = ['/', '/football', '/basketball', 'match', '/forecast', '/guessing'];
  const runs = [
    ...LOCALES.map((l) => ({ ...l, width: 390, height: 844, paths: ALL })),
    // 360 px is the narrowest common phone, where the root font size is at its 14 px floor: the
    // two densest pages again.
    { ...LOCALES[0], width: 360, height: 800, paths: ['/', 'match'] },
  ];
  for (const run of runs) {
    it(`${run.locale} at ${run.width} px: ${run.paths.join(', ')}`, async () => {
      const { context, page } = await openContext(run.width, run.height);
      try {
        const small: string[] = [];
        for (const path of run.paths.map((p) => (p === 'match' ? matchPath : p))) {
          const url = `${server.origin}${run.prefix}${path === '/' && run.prefix !== '' ? '' : path}`;
          const response = await page.goto(url);
          expect(response?.status(), url).toBe(200);
          // Hydrated: what the client renders is on the page too.
          await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
          expect(await page.getByRole('banner').innerText()).not.toBe('');
          for (const s of await findSmallText(page)) small.push(`${url}: ${s.px} px "${s.text}" (${s.path} .${s.classes})`);
        }
        expect(small, `texts under ${MIN_TEXT_PX} px`).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

const DESKTOP_WIDTHS = [1024, 1100, 1280, 1366, 1440, 1600, 1920];

describe('the header navigation fits at desktop widths', () => {
  for (const { prefix, locale } of LOCALES) {
    it(`${locale}: every item whole and inside the header, no sideways scrolling`, async () => {
      const { context, page } = await openContext(DESKTOP_WIDTHS[0]!, 800);
      try {
        const problems: string[] = [];
        await page.goto(`${server.origin}${prefix || '/'}`);
        await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
        for (const width of DESKTOP_WIDTHS) {
          // As a reader widening the window: the page follows with its root font size.
          await page.setViewportSize({ width, height: 800 });
          const rootPx = `${clampedRootFontSize(width)}px`;
          await page.waitForFunction((px) => document.documentElement.style.fontSize === px, rootPx);
          const result = await page.evaluate(() => {
            const header = document.querySelector('header')!;
            const nav = header.querySelector('nav')!;
            const headerBox = header.getBoundingClientRect();
            const navBox = nav.getBoundingClientRect();
            const links = Array.from(nav.querySelectorAll('a'), (a) => {
              const box = a.getBoundingClientRect();
              return {
                text: a.textContent ?? '',
                cut:
                  a.scrollWidth > a.clientWidth ||
                  box.left < navBox.left - 0.5 ||
                  box.right > navBox.right + 0.5 ||
                  box.left < headerBox.left ||
                  box.right > headerBox.right ||
                  box.top < headerBox.top ||
                  box.bottom > headerBox.bottom + 0.5,
              };
            });
            return {
              count: links.length,
              cut: links.filter((l) => l.cut).map((l) => l.text),
              navScrolls: nav.scrollWidth > nav.clientWidth,
              // The nav is one row beside the brand and the account buttons, not a row of its own.
              oneRow: Math.abs(navBox.top - headerBox.top) < 1,
              pageWidth: document.documentElement.scrollWidth,
              windowWidth: window.innerWidth,
            };
          });
          expect(result.count).toBe(9);
          if (result.cut.length > 0) problems.push(`${width}: cut ${result.cut.join(', ')}`);
          if (result.navScrolls) problems.push(`${width}: the navigation scrolls`);
          if (!result.oneRow) problems.push(`${width}: the navigation is not beside the brand`);
          if (result.pageWidth > result.windowWidth) problems.push(`${width}: the page is ${result.pageWidth} px wide`);
        }
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

/** WCAG relative luminance of an `rgb(…)`/`rgba(…)` colour (alpha ignored: the ring is opaque). */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('the header focus ring', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`${theme} theme: the ring on a nav link and on a header button is at least 3:1 against the header`, async () => {
      const { context, page } = await openContext(1280, 800);
      try {
        await context.addCookies([{ name: THEME_COOKIE, value: theme, url: server.origin }]);
        await page.goto(`${server.origin}/football`);
        await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
        const rings: { name: string; ring: string; width: number; style: string; background: string }[] = [];
        // The keyboard's way in: Tab until a header link, then a header button, has the focus.
        for (const wanted of ['nav a', 'button'] as const) {
          for (let i = 0; i < 30; i += 1) {
            await page.keyboard.press('Tab');
            const ring = await page.evaluate((selector) => {
              const element = document.activeElement;
              const header = document.querySelector('header');
              if (!element || !header?.contains(element) || !element.matches(`header ${selector}`)) return null;
              if (!element.matches(':focus-visible')) return null;
              const style = getComputedStyle(element);
              return {
                name: element.textContent?.trim() || element.getAttribute('aria-label') || element.tagName,
                ring: style.outlineColor,
                width: parseFloat(style.outlineWidth),
                style: style.outlineStyle,
                background: getComputedStyle(header).backgroundColor,
              };
            }, wanted);
            if (ring) {
              rings.push(ring);
              break;
            }
          }
        }
        expect(rings.map((r) => r.name)).toHaveLength(2);
        for (const ring of rings) {
          expect(ring.style, ring.name).toBe('solid');
          expect(ring.width, ring.name).toBeGreaterThanOrEqual(2);
          expect(contrast(ring.ring, ring.background), `${ring.name}: ${ring.ring} on ${ring.background}`).toBeGreaterThanOrEqual(3);
        }
      } finally {
        await context.close();
      }
    });
  }
});
