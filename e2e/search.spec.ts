import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../core/contracts/search';
import { openVisitor, startServerAndBrowser } from './support/page';
import type { RunningServer } from './support/server';

/**
 * Search (issue 15 "Fan tools", docs/decisions/094-search.md) against the real server in real
 * Chromium: the header's instant search answers as the reader types and leads to the team page;
 * the /search page is rendered on the server; Turkish folding and Chinese competition names
 * work; a control character gets the translated error.
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

describe('search', () => {
  it('a reader types a team in the header, sees it without pressing Enter and follows it to the team page', async () => {
    const { context, page } = await openVisitor(browser);
    try {
      expect((await page.goto(`${server.origin}/en`))?.status()).toBe(200);
      const button = page.locator('header a[data-search-button]');
      await button.click();
      const box = page.getByRole('combobox', { name: 'Search teams, competitions and matches' });
      await box.waitFor({ state: 'visible', timeout: 10_000 });
      await box.pressSequentially('galatasa', { delay: 30 });
      const option = page.getByRole('option').filter({ hasText: 'Galatasaray' }).first();
      await option.waitFor({ state: 'visible', timeout: 10_000 });
      expect(page.url()).toBe(`${server.origin}/en`);
      // The keyboard reaches it: the first option is the best team.
      await box.press('ArrowDown');
      expect(await box.getAttribute('aria-activedescendant')).toBe(await page.getByRole('option').first().getAttribute('id'));
      expect(await page.getByRole('option').first().textContent()).toContain('Galatasaray');
      await box.press('Enter');
      await page.waitForURL(/\/en\/team\/\d+$/, { timeout: 10_000 });
      await page.getByRole('heading', { level: 1, name: 'Galatasaray' }).waitFor({ timeout: 10_000 });
      // Escape closes a reopened search and gives the focus back to the button.
      await page.locator('header a[data-search-button]').click();
      await page.getByRole('combobox').waitFor({ state: 'visible' });
      await page.keyboard.press('Escape');
      await page.getByRole('combobox').waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-search-button'))).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('the /search page is rendered on the server, with Turkish-folded matches, and links each result', async () => {
    const html = await (await fetch(`${server.origin}/search?q=besiktas`)).text();
    expect(html).toContain('Beşiktaş');
    expect(html).toMatch(/href="\/team\/\d+"/);
    expect(html).toContain('noindex');
    // Without JavaScript the page is all there is: the results and their links.
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'tr-TR' });
    try {
      const page = await context.newPage();
      expect((await page.goto(`${server.origin}/search?q=fenerbahce`))?.status()).toBe(200);
      const team = page.getByRole('link').filter({ hasText: 'Fenerbahçe' }).first();
      await team.waitFor({ state: 'visible' });
      expect(await team.getAttribute('href')).toMatch(/^\/team\/\d+$/);
      // The form on the page searches again, still without JavaScript.
      await page.getByRole('searchbox').fill('istanbul');
      await page.getByRole('button', { name: 'Ara' }).click();
      await page.waitForURL(/\/search\?q=istanbul$/);
      await page.getByRole('link').filter({ hasText: 'İstanbul Başakşehir' }).first().waitFor({ state: 'visible' });
    } finally {
      await context.close();
    }
  });

  it('a Chinese competition name finds the Premier League, on the page and in the API', async () => {
    const response = await fetch(`${server.origin}/api/search?q=${encodeURIComponent('英超')}`, { headers: { language: 'zh' } });
    const body = (await response.json()) as SearchResponse;
    expect(body.data.competitions[0]).toMatchObject({ name: '英格兰超级联赛' });
    const { context, page } = await openVisitor(browser);
    try {
      expect((await page.goto(`${server.origin}/zh/search?q=${encodeURIComponent('英超')}`))?.status()).toBe(200);
      const link = page.getByRole('link').filter({ hasText: '英格兰超级联赛' }).first();
      await link.waitFor({ state: 'visible' });
      expect(await link.getAttribute('href')).toBe(`/zh/competition/${body.data.competitions[0]!.competition_id}`);
    } finally {
      await context.close();
    }
  });

  it('a control character is refused with the translated message, on the page and in the API', async () => {
    const api = await fetch(`${server.origin}/api/search?q=gala%00`, { headers: { language: 'en' } });
    expect(api.status).toBe(400);
    const body = (await api.json()) as { data: { fields: Array<{ message: string }> } };
    expect(body.data.fields[0]?.message).toBe('Must not contain control characters (such as NUL)');
    const { context, page } = await openVisitor(browser);
    try {
      expect((await page.goto(`${server.origin}/search?q=gala%07`))?.status()).toBe(400);
      const alert = page.getByRole('alert').filter({ hasText: 'Kontrol karakterleri (NUL gibi) içeremez' });
      await alert.waitFor({ state: 'visible' });
    } finally {
      await context.close();
    }
  });
});
