import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SearchData } from '../../../core/contracts/search';
import type { ServerLoadContext } from '../../../core/contracts/services';
import type { Locale } from '../../../core/locale';
import { getI18n } from '../../i18n/i18n';
import { text } from '../../test-support/render';
import SearchPage, { loader } from './routes/search';

/** The /search page as the server renders it (no JavaScript): loader, then the page from its data. */
const RESULTS: SearchData = {
  q: 'besiktas',
  teams: [{ team_id: 3, name: 'Beşiktaş', short_name: 'BJK', logo: '/crests/team/3.svg', sport: 'football', competition_name: 'Süper Lig' }],
  competitions: [],
  matches: [
    {
      match_id: 77,
      sport: 'football',
      competition_id: 1,
      competition_name: 'Süper Lig',
      home: { team_id: 3, name: 'Beşiktaş', logo: '/crests/team/3.svg' },
      away: { team_id: 9, name: 'Gençlerbirliği', logo: '/crests/team/9.svg' },
      match_time: 1_795_543_200,
      status_id: 4,
      state: 'live',
      home_score: 2,
      away_score: 1,
    },
    {
      match_id: 78,
      sport: 'football',
      competition_id: 1,
      competition_name: 'Süper Lig',
      home: { team_id: 5, name: 'Trabzonspor', logo: '/crests/team/5.svg' },
      away: { team_id: 3, name: 'Beşiktaş', logo: '/crests/team/3.svg' },
      match_time: Date.UTC(2026, 2, 7, 17, 0) / 1000,
      status_id: 8,
      state: 'finished',
      home_score: 0,
      away_score: 1,
    },
  ],
};

function contextWith(search: (options: { q: string; locale?: Locale }) => Promise<SearchData>) {
  const asked: Array<{ q: string; locale?: Locale }> = [];
  const context = {
    search: { search: async (options: { q: string; locale?: Locale }) => (asked.push(options), search(options)) },
  } as unknown as ServerLoadContext;
  return { context, asked };
}

async function load(path: string, context: ServerLoadContext) {
  const result = await loader({ request: new Request(`http://localhost${path}`), params: {}, context } as never);
  return result as unknown as { data: unknown; init: { status?: number } | null };
}

function renderPage(path: string, data: unknown, locale: Locale): string {
  const pattern = locale === 'tr' ? '/search' : `/${locale}/search`;
  const Stub = createRoutesStub([{ id: 'page', path: pattern, Component: SearchPage, HydrateFallback: () => null }]);
  return renderToString(
    <I18nextProvider i18n={getI18n(locale)}>
      <Stub initialEntries={[path]} hydrationData={{ loaderData: { page: data } }} />
    </I18nextProvider>,
  );
}

describe('the /search page', () => {
  it('searches on the server in the page language and links every result', async () => {
    const { context, asked } = contextWith(async () => RESULTS);
    const loaded = await load('/en/search?q=%20besiktas%20', context);
    expect(asked).toEqual([{ q: 'besiktas', locale: 'en' }]);
    const html = renderPage('/en/search?q=besiktas', loaded.data, 'en');
    expect(text(html)).toContain('Results for “besiktas”');
    expect(text(html)).toContain('Teams');
    expect(html).toContain('href="/en/team/3"');
    expect(html).toContain('href="/en/football/Details/77"');
    expect(text(html)).toContain('Live 2–1');
    // a result says which day it was played
    expect(text(html)).toMatch(/FT 0–1 Mar 7, 2026 · Süper Lig/);
  });

  it('refuses a control character with the translated message and status 400, without searching', async () => {
    const { context, asked } = contextWith(async () => RESULTS);
    const loaded = await load('/search?q=gala%00', context);
    expect(asked).toEqual([]);
    expect(loaded.init?.status).toBe(400);
    const html = renderPage('/search?q=gala', loaded.data, 'tr');
    expect(text(html)).toContain('Kontrol karakterleri (NUL gibi) içeremez');
    expect(html).toContain('value="gala"');
  });

  it('shows only the form without a query, and says when a query is too short', async () => {
    const { context, asked } = contextWith(async (options) => ({ q: options.q, teams: [], competitions: [], matches: [] }));
    const empty = await load('/zh/search', context);
    expect(asked).toEqual([]);
    expect(text(renderPage('/zh/search', empty.data, 'zh'))).toContain('搜索');
    const short = await load('/search?q=b', context);
    expect(text(renderPage('/search?q=b', short.data, 'tr'))).toContain('En az iki harf yazın');
  });
});
