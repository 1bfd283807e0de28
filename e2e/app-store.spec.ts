import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enCommon from '../app/locales/en/common.json';
import enPages from '../app/locales/en/pages.json';
import trCommon from '../app/locales/tr/common.json';
import trPages from '../app/locales/tr/pages.json';
import zhPages from '../app/locales/zh/pages.json';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/**
 * Phones and tablets are sent to the app's store page only when the server names one
 * (decision 089). With no store address there is no redirect, no download prompt and no footer
 * link, and /download-app says plainly that there is no app. With the iOS address set, an
 * iPhone is sent there once, sees the prompt afterwards, and an Android phone (no Android
 * address) is left alone.
 */
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const ANDROID_TABLET_UA = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
/** The app's page in the App Store, as an operator would set it; the browser never leaves for it (answered locally). */
const IOS_STORE_URL = 'https://apps.example/tribun/id0000000001';

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 800, height: 1280 };

let browser: Browser;
let bare: RunningServer;
let withIosApp: RunningServer;

beforeAll(async () => {
  const started = await Promise.allSettled([
    launchBrowser(),
    startServer({ SIM: 'off' }),
    startServer({ SIM: 'off', APP_STORE_IOS_URL: IOS_STORE_URL }),
  ] as const);
  const [b, s1, s2] = started;
  if (b.status === 'fulfilled') browser = b.value;
  if (s1.status === 'fulfilled') bare = s1.value;
  if (s2.status === 'fulfilled') withIosApp = s2.value;
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([bare?.stop(), withIosApp?.stop()]);
});

async function openDevice(userAgent: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ userAgent, viewport, isMobile: viewport.width < 1024, hasTouch: viewport.width < 1024 });
  // Nothing leaves the machine: a store page is answered here.
  await context.route('https://apps.example/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>store</p>' }));
  return context.newPage();
}

async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
}

function banner(page: Page, label = trCommon.layout.appBanner.label) {
  return page.getByRole('complementary', { name: label });
}

describe('without a store address', () => {
  for (const device of [
    { name: 'an iPhone', userAgent: IPHONE_UA, viewport: PHONE },
    { name: 'an Android phone', userAgent: ANDROID_UA, viewport: PHONE },
    { name: 'an Android tablet', userAgent: ANDROID_TABLET_UA, viewport: TABLET },
  ]) {
    it(`${device.name} stays on the site: no redirect, no download prompt, no footer link`, async () => {
      const page = await openDevice(device.userAgent, device.viewport);
      try {
        const response = await page.goto(`${bare.origin}/`);
        expect(response?.status()).toBe(200);
        await hydrated(page);
        // The redirect would have run right after hydration; give it time to show itself.
        await page.waitForTimeout(1000);
        expect(page.url()).toBe(`${bare.origin}/`);
        expect(await banner(page).count()).toBe(0);
        expect(await page.locator('footer a[href="/download-app"]').count()).toBe(0);
        expect(await page.evaluate(() => window.localStorage.getItem('app-store-redirected'))).toBeNull();
        // The mobile web is the whole site: the lists and an account page open here.
        await page.goto(`${bare.origin}/football`);
        await hydrated(page);
        expect(page.url()).toBe(`${bare.origin}/football`);
        expect((await page.goto(`${bare.origin}/register`))?.status()).toBe(200);
      } finally {
        await page.context().close();
      }
    });
  }

  for (const { prefix, pages } of [
    { prefix: '', pages: trPages },
    { prefix: '/en', pages: enPages },
    { prefix: '/zh', pages: zhPages },
  ]) {
    it(`${prefix || '/'}: /download-app says there is no app and links no store`, async () => {
      const page = await openDevice(IPHONE_UA, PHONE);
      try {
        expect((await page.goto(`${bare.origin}${prefix}/download-app`))?.status()).toBe(200);
        const main = page.locator('main');
        await expect.poll(() => main.innerText()).toContain(pages.downloadApp.page.none);
        expect(await main.innerText()).toContain(pages.downloadApp.page.homeScreenTitle);
        const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
        expect(hrefs.filter((href) => /apple\.com|google\.com|apps\.example/.test(href))).toEqual([]);
        expect(await page.getByTestId('app-stores').count()).toBe(0);
      } finally {
        await page.context().close();
      }
    });
  }
});

describe('with the App Store address set', () => {
  it('sends an iPhone to the app once, then offers the app in a prompt and the footer', async () => {
    const page = await openDevice(IPHONE_UA, PHONE);
    try {
      await page.goto(`${withIosApp.origin}/en`);
      await page.waitForURL(IOS_STORE_URL, { timeout: 30_000 });

      // Back on the site: not sent away a second time.
      await page.goto(`${withIosApp.origin}/en`);
      await hydrated(page);
      await page.waitForTimeout(1000);
      expect(page.url()).toBe(`${withIosApp.origin}/en`);
      await banner(page, enCommon.layout.appBanner.label).waitFor({ timeout: 10_000 });
      expect(await page.locator('footer a[href="/en/download-app"]').count()).toBe(1);

      await page.goto(`${withIosApp.origin}/en/download-app`);
      const stores = page.getByTestId('app-stores').locator('a');
      expect(await stores.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([IOS_STORE_URL]);
      expect(await page.locator('main').innerText()).not.toContain(enPages.downloadApp.page.none);
    } finally {
      await page.context().close();
    }
  });

  it('leaves an Android phone alone: the app is not in its store', async () => {
    const page = await openDevice(ANDROID_UA, PHONE);
    try {
      await page.goto(`${withIosApp.origin}/`);
      await hydrated(page);
      await page.waitForTimeout(1000);
      expect(page.url()).toBe(`${withIosApp.origin}/`);
      expect(await banner(page).count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it('never sends a desktop away', async () => {
    const page = await openDevice(DESKTOP_UA, { width: 1280, height: 800 });
    try {
      await page.goto(`${withIosApp.origin}/`);
      await hydrated(page);
      await page.waitForTimeout(1000);
      expect(page.url()).toBe(`${withIosApp.origin}/`);
      expect(await banner(page).isVisible()).toBe(false);
    } finally {
      await page.context().close();
    }
  });
});
