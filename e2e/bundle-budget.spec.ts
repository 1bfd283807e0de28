import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FootballListResponse } from '../core/contracts/matches';
import { kb, measureInitialJs, pageTextsSize, type InitialJs, type ScriptSize } from './support/initial-js';
import { startServer, type RunningServer } from './support/server';

/**
 * The JavaScript budget of the first load (docs/decisions/084-first-load-javascript.md): what
 * the server-rendered HTML of the main pages makes the browser fetch before it can hydrate,
 * compressed file by file. The home page must stay within 200 KB with gzip -9 (brotli -q 11,
 * which the figures show too, is always smaller).
 */
const HOME_BUDGET_GZIP = 200 * 1024;

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

/** A football match of the simulator's day, for the match page. */
async function aFootballMatchId(): Promise<number> {
  const response = await fetch(`${server.origin}/api/match_recent/anew_list`);
  const body = (await response.json()) as FootballListResponse;
  const { liveGlobal, soonGlobal, scheduledGlobal, finishedGlobal } = body.data;
  const match = [...liveGlobal, ...soonGlobal, ...scheduledGlobal, ...finishedGlobal].flatMap((group) => group.matches)[0];
  if (match === undefined) throw new Error('the simulator has no football match today');
  return match.match_id;
}

function largest(scripts: ScriptSize[], count: number): string {
  return scripts
    .slice(0, count)
    .map((s) => `${s.url} ${kb(s.gzip9)}`)
    .join(', ');
}

describe('JavaScript of the first load', () => {
  it('is within budget on the home page, and measured on every main page', async () => {
    const matchId = await aFootballMatchId();
    const paths = ['/', '/en', '/zh', '/football', '/basketball', `/football/Details/${matchId}`, '/forecast', '/guessing'];
    const cache = new Map<string, ScriptSize>();
    const measured = new Map<string, InitialJs>();
    const lines: string[] = [];
    for (const path of paths) {
      const response = await fetch(`${server.origin}${path}`);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      const js = await measureInitialJs(html, server.origin, cache);
      measured.set(path, js);
      const texts = pageTextsSize(html);
      lines.push(
        `${path.padEnd(28)} ${String(js.files).padStart(3)} files  raw ${kb(js.raw).padStart(9)}  gzip ${kb(js.gzip9).padStart(8)}  brotli ${kb(js.brotli11).padStart(8)}  (+ page texts gzip ${kb(texts.gzip9)})`,
      );
      // Every page hydrates from its route's module and React Router's client entry.
      expect(js.urls.some((url) => url.includes('entry.client')), path).toBe(true);
      // The texts travel with the page, not as a bundle of every language.
      expect(texts.raw, `${path} carries its texts`).toBeGreaterThan(0);
      expect(js.urls.some((url) => /\/(tr|en|zh)-[\w-]+\.js$/.test(url)), `${path} loads a whole locale up front`).toBe(false);
    }
    console.log(`Initial JavaScript per page:\n${lines.join('\n')}`);

    for (const path of ['/', '/en', '/zh']) {
      const home = measured.get(path)!;
      expect(
        home.gzip9,
        `${path}: ${kb(home.gzip9)} gzip of initial JavaScript is over the ${kb(HOME_BUDGET_GZIP)} budget; largest: ${largest(home.scripts, 8)}`,
      ).toBeLessThanOrEqual(HOME_BUDGET_GZIP);
      expect(home.brotli11).toBeLessThan(home.gzip9);
    }
  });
});
