import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub, type MetaDescriptor } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../../core/locale';
import { getI18n } from '../../../i18n/i18n';
import BasketballDetailPage, { loader as basketballLoader, meta as basketballMeta } from './basketball-detail';
import FootballDetailPage, { loader as footballLoader, meta as footballMeta } from './football-detail';
import {
  basketballMatch,
  competition,
  competitionPage,
  event,
  footballMatch,
  footballOverview,
  historyMatch,
  KICK_OFF,
  standings,
  standingsRow,
  teamPage,
} from '../test-support/fixtures';
import { loadContext } from '../../../test-support/load-context';
import { attributes, text } from '../../../test-support/render';
import CompetitionPage, { loader as competitionLoader } from './competition';
import TeamPage from './team';

const NOW = KICK_OFF + 30 * 60;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW * 1000);
});
afterEach(() => vi.useRealTimers());

function args(path: string, params: Record<string, string>, context: ReturnType<typeof loadContext>['context']) {
  return { request: new Request(`http://localhost${path}`), params, context } as never;
}

/** A page rendered by the server from loader data, as a reader without JavaScript gets it. */
function renderPage(options: { path: string; pattern: string; Component: () => React.ReactNode; data: unknown; locale?: Locale }): string {
  const Stub = createRoutesStub([{ id: 'page', path: options.pattern, Component: options.Component, HydrateFallback: () => null }]);
  return renderToString(
    <I18nextProvider i18n={getI18n(options.locale ?? 'en')}>
      <Stub initialEntries={[options.path]} hydrationData={{ loaderData: { page: options.data } }} />
    </I18nextProvider>,
  );
}

const found = { match: footballMatch(), competition: competition() };

describe('football match page', () => {
  it('loads the tab’s data from the match centre and shows it under the tabs', async () => {
    const overview = footballOverview({ events: [event({ type: 0, minute: 12, player: 'Mauro Icardi' })] });
    const { context, calls } = loadContext({
      matches: { findFootballMatch: async () => found },
      matchCentre: { footballOverview: async () => overview },
    });
    const loaded = await footballLoader(args('/en/football/Details/101', { matchId: '101' }, context));
    expect(calls).toEqual(['matches.findFootballMatch', 'matchCentre.footballOverview']);
    const html = renderPage({ path: '/en/football/Details/101', pattern: '/en/football/Details/:matchId/:tab?', Component: FootballDetailPage, data: loaded });
    expect(html).toContain('aria-label="Match information"');
    expect(text(html)).toContain("12' Galatasaray: Mauro Icardi Goal");
  });

  it('shows the header and the three-month message instead of tabs for an old match, without asking for its data', async () => {
    const old = { match: footballMatch({ match_time: NOW - 100 * 86400, status_id: 8, a0: 2, b0: 2 }), competition: competition() };
    const { context, calls } = loadContext({ matches: { findFootballMatch: async () => old } });
    const loaded = await footballLoader(args('/football/Details/101/h2h', { matchId: '101', tab: 'h2h' }, context));
    expect(calls).toEqual(['matches.findFootballMatch']);
    const html = renderPage({ path: '/football/Details/101/h2h', pattern: '/football/Details/:matchId/:tab?', Component: FootballDetailPage, data: loaded, locale: 'tr' });
    expect(text(html)).toContain('2 - 2');
    expect(text(html)).toContain('Üç aydan eski maçlar için ayrıntı görüntülenemez');
    expect(html).not.toContain('aria-label="Maç bilgileri"');
  });

  it('takes the service’s word that a match is expired, and answers 404 when it does not know the match', async () => {
    const expired = loadContext({ matches: { findFootballMatch: async () => found }, matchCentre: { lineups: async () => 'expired' } });
    const loaded = await footballLoader(args('/football/Details/101/sequence', { matchId: '101', tab: 'sequence' }, expired.context));
    expect(loaded.panel).toBe('expired');
    const unknown = loadContext({ matches: { findFootballMatch: async () => found }, matchCentre: { players: async () => null } });
    await expect(footballLoader(args('/football/Details/101/playerData', { matchId: '101', tab: 'playerData' }, unknown.context))).rejects.toMatchObject({
      init: { status: 404 },
    });
  });

  it('shows the standings tab with both teams highlighted and the predictions tab without data', async () => {
    const table = standings({ rows: [standingsRow({ team_id: 11 }), standingsRow({ position: 2, team_id: 12, team_name: 'Fenerbahçe' })], highlight: [11, 12] });
    const { context } = loadContext({ matches: { findFootballMatch: async () => found }, matchCentre: { matchStandings: async () => ({ standings: table }) } });
    const loaded = await footballLoader(args('/en/football/Details/101/sorting', { matchId: '101', tab: 'sorting' }, context));
    const html = renderPage({ path: '/en/football/Details/101/sorting', pattern: '/en/football/Details/:matchId/:tab?', Component: FootballDetailPage, data: loaded });
    expect(attributes(html, 'standings-row', 'data-highlight')).toEqual(['true', 'true']);
    const predictions = await footballLoader(args('/football/Details/101/predictions', { matchId: '101', tab: 'predictions' }, loadContext({ matches: { findFootballMatch: async () => found } }).context));
    expect(predictions.panel).toEqual({ tab: 'predictions' });
  });
});

function metaOf(descriptors: MetaDescriptor[] | undefined = []) {
  const find = (name: string) => (descriptors.find((d) => 'name' in d && d.name === name) as { content: string } | undefined)?.content;
  const title = (descriptors.find((d) => 'title' in d) as { title: string }).title;
  const ld = (descriptors.find((d) => 'script:ld+json' in d) as { 'script:ld+json': Record<string, unknown> })['script:ld+json'];
  return { title, description: find('description'), keywords: find('keywords'), ld };
}

describe('match page meta', () => {
  const root = { id: 'root', loaderData: { requestOrigin: 'https://tribun.example' } };

  it('has the specification’s title, description and keywords with competition, teams, time and year, in all three languages', () => {
    const data = { ...found, tab: 'overview', nowSec: NOW, panel: { tab: 'predictions' } } as never;
    const pages = (['tr', 'en', 'zh'] as const).map((locale) => {
      const prefix = locale === 'tr' ? '' : `/${locale}`;
      return metaOf(footballMeta({ data, location: { pathname: `${prefix}/football/Details/101` }, matches: [root] } as never));
    });
    expect(pages[0]!.title).toBe('Galatasaray - Fenerbahçe canlı skor – Süper Lig 2025 | Tribün');
    // In the page's zone, naming it (decision 115): Istanbul for a Turkish page without a zone cookie.
    expect(pages[0]!.description).toContain('22 Kasım 2025 20:00 GMT+3');
    const shanghai = metaOf(
      footballMeta({
        data,
        location: { pathname: '/en/football/Details/101' },
        matches: [{ id: 'root', loaderData: { requestOrigin: 'https://tribun.example', timeZone: 'Asia/Shanghai' } }],
      } as never),
    );
    expect(shanghai.description).toContain('November 23, 2025 at 01:00 GMT+8');
    expect(pages[1]!.title).toBe('Galatasaray vs Fenerbahçe live score – Süper Lig 2025 | Tribün');
    expect(pages[1]!.description).toContain('November 22, 2025');
    expect(pages[1]!.keywords).toBe('Galatasaray, Fenerbahçe, Süper Lig, Galatasaray vs Fenerbahçe, live score, lineups, statistics, 2025');
    expect(pages[2]!.title).toContain('即时比分 – Süper Lig 2025');
    for (const page of pages) expect(`${page.title} ${page.description} ${page.keywords}`).not.toMatch(/\{\{|undefined/);
  });

  it('describes the match as a schema.org SportsEvent', () => {
    const data = { ...found, tab: 'h2h', nowSec: NOW, panel: 'expired' } as never;
    const { ld } = metaOf(footballMeta({ data, location: { pathname: '/en/football/Details/101/h2h' }, matches: [root] } as never));
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SportsEvent',
      name: 'Galatasaray – Fenerbahçe',
      startDate: '2025-11-22T17:00:00.000Z',
      sport: 'Soccer',
      eventStatus: 'https://schema.org/EventScheduled',
      url: 'https://tribun.example/en/football/Details/101',
      homeTeam: { '@type': 'SportsTeam', name: 'Galatasaray', logo: 'https://tribun.example/crests/team/11.svg', url: 'https://tribun.example/en/team/11' },
      awayTeam: { '@type': 'SportsTeam', name: 'Fenerbahçe' },
      organizer: { '@type': 'SportsOrganization', name: 'Süper Lig' },
      superEvent: { name: 'Süper Lig', url: 'https://tribun.example/en/competition/1' },
    });
    expect(ld).not.toHaveProperty('location');
    const cancelled = { match: basketballMatch({ status_id: 12 }), competition: competition({ name: 'EuroLeague' }), tab: 'overview', nowSec: NOW, panel: 'expired' } as never;
    const basketball = metaOf(basketballMeta({ data: cancelled, location: { pathname: '/basketball/Details/501' }, matches: [root] } as never));
    expect(basketball.ld).toMatchObject({ sport: 'Basketball', eventStatus: 'https://schema.org/EventCancelled', url: 'https://tribun.example/basketball/Details/501' });
    expect(basketball.title).toBe('Anadolu Efes - Fenerbahçe Beko canlı skor – EuroLeague 2025 | Tribün');
  });
});

describe('basketball match page', () => {
  it('opens on the overview with quarters and box score, and lists the popular leagues from today’s hot competitions', async () => {
    const match = basketballMatch();
    const euroleague = competition({ competition_id: 9, name: 'EuroLeague', is_hot: true });
    const { context } = loadContext({
      matches: {
        findBasketballMatch: async () => ({ match, competition: euroleague }),
        listBasketball: async () => ({ competitionList: [euroleague, competition({ competition_id: 10, name: 'BSL', is_hot: false })], matchIngList: [], matchWaitList: [], matchEndList: [] }),
      },
    });
    const loaded = await basketballLoader(args('/en/basketball/Details/501/popularLeagues', { matchId: '501', tab: 'popularLeagues' }, context));
    const html = renderPage({ path: '/en/basketball/Details/501/popularLeagues', pattern: '/en/basketball/Details/:matchId/:tab?', Component: BasketballDetailPage, data: loaded });
    expect(html).toContain('href="/en/competition/9"');
    expect(html).not.toContain('href="/en/competition/10"');
  });
});

describe('competition and team pages', () => {
  it('shows the competition’s seasons, table, fixtures, results and a plain note when there are no scorers', async () => {
    const page = competitionPage({
      seasons: [{ season_id: 7, name: '2025/26', kind: 'regular', rules: 'x' }, { season_id: 6, name: '2024/25', kind: 'regular', rules: 'x' }],
      standings: standings({ rows: [standingsRow()] }),
      results: [historyMatch({ match_id: 555, match_time: NOW - 5 * 86400 })],
    });
    const { context, calls } = loadContext({ matchCentre: { competitionPage: async () => page }, matches: { findFootballMatch: async () => found } });
    const loaded = await competitionLoader(args('/en/competition/1?season=6', { competitionId: '1' }, context));
    expect(calls).toEqual(['matchCentre.competitionPage', 'matches.findFootballMatch']);
    const html = renderPage({ path: '/en/competition/1', pattern: '/en/competition/:competitionId', Component: CompetitionPage, data: loaded });
    const visible = text(html);
    expect(visible).toContain('Süper Lig Türkiye · Football · Season 2025/26');
    expect(html).toContain('href="/en/competition/1?season=6"');
    expect(html).toContain('href="/en/football/Details/555"');
    expect(visible).toContain('Live and upcoming No live or upcoming matches.');
    expect(visible).toContain('The data of this competition names no goal scorers');
  });

  it('shows a team’s form, competitions, fixtures and results', () => {
    const data = {
      page: teamPage({ results: [historyMatch({ match_id: 556, outcome: 'W', match_time: NOW - 3 * 86400 }), historyMatch({ match_id: 557, outcome: 'D', a0: 1, b0: 1 })] }),
      news: [],
      nowSec: NOW,
    };
    const html = renderPage({ path: '/team/11', pattern: '/team/:teamId', Component: TeamPage, data, locale: 'tr' });
    const visible = text(html);
    // the follow button, signed out and not followed yet, beside the name
    expect(visible).toMatch(/^Galatasaray Futbol Takip et Son 5 sonuç G Galibiyet/);
    expect(html).toContain('href="/competition/1"');
    expect(visible).toContain('Canlı ve gelecek maçlar Oynanan ya da oynanacak maç yok.');
    // the News block says plainly when nothing is tagged with the team
    expect(visible).toContain('Haberler Tüm spor haberleri Bununla ilgili haber bulunmuyor.');
  });
});
