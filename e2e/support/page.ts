import type { Browser, BrowserContext, Page } from 'playwright-core';
import enLive from '../../app/locales/en/live.json';
import trLive from '../../app/locales/tr/live.json';
import zhLive from '../../app/locales/zh/live.json';
import { launchBrowser } from './browser';
import { startServer, type RunningServer, type StartServerOptions } from './server';

/**
 * A normal desktop Chrome. HeadlessChrome's own user agent counts as a crawler for `isbot`,
 * and crawlers get a different site (plain 404s, no not-found page), so every context that
 * plays a person must say it is an ordinary browser.
 */
export const DESKTOP_CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

export const GOOGLEBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

export interface Visitor {
  context: BrowserContext;
  page: Page;
}

/** A fresh browser context (no cookies, no storage) with one page, 1280×800, as a person. */
export async function openVisitor(browser: Browser, userAgent: string = DESKTOP_CHROME_UA): Promise<Visitor> {
  const context = await browser.newContext({ userAgent, viewport: { width: 1280, height: 800 }, locale: 'tr-TR' });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Makes a context a returning visitor whose browser has already told the site its time zone
 * (the `tribun_tz` cookie, decision 115), so a first page in a language whose usual zone is not
 * the browser's is not loaded a second time before it paints. For journeys that read the first
 * document's own response; `e2e/time-zone.spec.ts` covers the first visit itself.
 */
export async function settleTimeZone(context: BrowserContext, origin: string): Promise<void> {
  const page = await context.newPage();
  try {
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await context.addCookies([{ name: 'tribun_tz', value: encodeURIComponent(zone), url: origin }]);
  } finally {
    await page.close();
  }
}

const LIVE_ONLINE = { tr: trLive.status.online, en: enLive.status.online, zh: zhLive.status.online } as const;

/**
 * Waits until the page's live indicator reads "online": the app has hydrated and its MQTT
 * connection to the server's broker is up, so the page both reacts to clicks and receives
 * live messages.
 */
export async function waitUntilLive(page: Page, locale: keyof typeof LIVE_ONLINE = 'tr', timeout = 30_000): Promise<void> {
  await page.getByRole('status').filter({ hasText: new RegExp(`^\\s*${LIVE_ONLINE[locale]}\\s*$`) }).first().waitFor({ timeout });
}

/**
 * The server and the browser, started side by side (the server's start is the slow part). If
 * either fails, the other is stopped before the error is thrown, so nothing is left running.
 */
export async function startServerAndBrowser(
  env: Record<string, string> = {},
  options: StartServerOptions = {},
): Promise<{ server: RunningServer; browser: Browser }> {
  const [server, browser] = await Promise.allSettled([startServer(env, options), launchBrowser()]);
  if (server.status === 'fulfilled' && browser.status === 'fulfilled') return { server: server.value, browser: browser.value };
  if (server.status === 'fulfilled') await server.value.stop();
  if (browser.status === 'fulfilled') await browser.value.close();
  throw server.status === 'rejected' ? server.reason : (browser as PromiseRejectedResult).reason;
}
