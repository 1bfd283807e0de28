import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub, type MetaDescriptor } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../core/contracts/account';
import type { Locale } from '../../../core/locale';
import { getI18n } from '../../i18n/i18n';
import { ServerUserContext } from '../../lib/app-state';
import { render, text } from '../../test-support/render';
import { makeUserInfo } from '../../test-support/user-info';
import { ProfitChart } from './components/profit-chart-svg';
import { RankingTable } from './components/rankings';
import { TipsterStatsPanel } from '../../components/forecast/tipster-stats';
import { makeStats } from './test-support/fixtures';
import ForecastPlanRoute, { loader as planLoader, meta as planMeta } from './routes/forecast-plan';
import ForecastTipsterRoute, { loader as tipsterLoader } from './routes/forecast-tipster';
import ForecastRoute, { meta as forecastMeta } from './routes/forecast';

/** A page as the server renders it: the route id carries the sub-view, as in app/routes.ts. */
function renderPage(options: { path: string; id: string; pattern: string; Component: () => React.ReactNode; data?: unknown; user?: UserInfo | null; locale?: Locale }) {
  const Stub = createRoutesStub([{ id: options.id, path: options.pattern, Component: options.Component, HydrateFallback: () => null }]);
  return renderToString(
    <I18nextProvider i18n={getI18n(options.locale ?? 'en')}>
      <ServerUserContext.Provider value={options.user ?? null}>
        <Stub initialEntries={[options.path]} hydrationData={{ loaderData: { [options.id]: options.data ?? null } }} />
      </ServerUserContext.Provider>
    </I18nextProvider>,
  );
}

const forecastPage = (view: string | null, options: { user?: UserInfo | null; locale?: Locale; search?: string } = {}) => {
  const prefix = options.locale === 'tr' ? '' : `/${options.locale ?? 'en'}`;
  const path = `${prefix}/forecast${view ? `/${view}` : ''}`;
  return renderPage({
    path: `${path}${options.search ?? ''}`,
    pattern: path,
    id: `${options.locale ?? 'en'}/forecast${view ? `/${view}` : ''}`,
    Component: ForecastRoute,
    user: options.user,
    locale: options.locale,
  });
};

const signedIn = makeUserInfo({ id: 7 });

describe('the prediction centre', () => {
  it('sends the frame and the tabs; the plans load in the browser, so no plan is in the HTML', () => {
    const html = forecastPage(null);
    const visible = text(html);
    expect(visible).toContain('Tipsters');
    for (const tab of ['Latest plans', 'Recommended plans', 'Tipsters I follow', 'My published plans', 'Publish a plan', 'Winning-rate ranking']) {
      expect(visible).toContain(tab);
    }
    expect(html).toMatch(/aria-current="page"[^>]*href="\/en\/forecast"|href="\/en\/forecast"[^>]*aria-current="page"/);
    expect(html).toContain('href="/en/forecast/winningRanking"');
    expect(html).toContain('data-testid="plan-list-loading"');
    expect(html).not.toContain('data-testid="plan-card"');
    expect(html).toContain('data-testid="odds-format"');
    // The success rate is measured, never claimed: the server renders none.
    expect(html).not.toContain('data-testid="success-rate"');
    expect(visible).not.toContain('76');
  });

  it('explains the recommended list’s rule in one line', () => {
    const visible = text(forecastPage('recommend'));
    expect(visible).toContain('The rule: open plans of tipsters with at least 10 settled plans');
  });

  it('asks a signed-out reader to log in for the followed tipsters, their own plans and publishing', () => {
    for (const view of ['myFollow', 'my', 'launchDialog']) {
      const html = forecastPage(view);
      expect(html).toContain('data-testid="forecast-login"');
      expect(text(html)).toContain('Please log in first');
      expect(html).toContain(`href="/en/login?redirect=%2Fforecast%2F${view}"`);
      expect(html).not.toContain('data-testid="plan-list-loading"');
    }
    expect(text(forecastPage('myFollow', { locale: 'tr' }))).toContain('Lütfen önce giriş yapın');
  });

  it('shows the signed-in reader their record and plans, loading in the browser', () => {
    const html = forecastPage('my', { user: signedIn });
    expect(html).toContain('data-testid="forecast-my-stats"');
    expect(html).toContain('href="/en/forecast/tipster/7"');
    expect(html).toContain('data-testid="plan-list-loading"');
  });

  it('shows the publish form: match, markets after a match, analysis with its count and community note, price, quota', () => {
    const html = forecastPage('launchDialog', { user: signedIn, search: '?match=4242&sport=football' });
    const visible = text(html);
    expect(html).toContain('data-testid="publish-form"');
    expect(html).toContain('data-testid="publish-match"');
    expect(html).toContain('<option value="4242" selected="">Match #4242</option>');
    expect(visible).toContain('Loading the markets of this match…');
    expect(html).toContain('data-testid="publish-description"');
    expect(visible).toContain('0 / 2000');
    expect(visible).toContain('the first 30% of your analysis is also posted to the community as a public excerpt');
    expect(html).toContain('min="50"');
    expect(html).toContain('max="200"');
    expect(visible).toContain('Between 50 and 200 points.');
    expect(visible).toContain('Free plan');
  });

  it('offers the rankings by period and kind, as links', () => {
    const html = forecastPage('winningRanking', { search: '?period=month&kind=streak' });
    expect(text(html)).toContain('Winning-streak ranking');
    expect(html).toContain('href="/en/forecast/winningRanking?period=all&amp;kind=streak"');
    expect(html).toContain('href="/en/forecast/winningRanking?period=month&amp;kind=rate"');
  });

  it('titles every sub-view in the reader’s language', () => {
    const root = { id: 'root', loaderData: { requestOrigin: 'https://tribun.example' } };
    const title = (descriptors: MetaDescriptor[] | undefined) => (descriptors?.find((d) => 'title' in d) as { title: string }).title;
    expect(title(forecastMeta({ location: { pathname: '/en/forecast/winningRanking' }, matches: [root, { id: 'en/forecast/winningRanking' }] } as never))).toContain(
      'Winning-rate ranking',
    );
    expect(title(forecastMeta({ location: { pathname: '/forecast' }, matches: [root, { id: 'tr/forecast' }] } as never))).toContain('Tahmin');
    expect(title(planMeta({ data: { planId: 31 }, location: { pathname: '/zh/forecast/plan/31' }, matches: [root] } as never))).toContain('预测方案 #31');
  });
});

describe('the plan and tipster pages', () => {
  const args = (path: string, params: Record<string, string>) => ({ request: new Request(`http://localhost${path}`), params, context: {} }) as never;

  it('answer 404 for an address that names no plan or user', () => {
    expect(planLoader(args('/forecast/plan/31', { id: '31' }))).toEqual({ planId: 31 });
    expect(() => planLoader(args('/forecast/plan/abc', { id: 'abc' }))).toThrow();
    expect(() => planLoader(args('/forecast/plan/0', { id: '0' }))).toThrow();
    expect(tipsterLoader(args('/forecast/tipster/42', { userId: '42' }))).toEqual({ userId: 42 });
    expect(() => tipsterLoader(args('/forecast/tipster/99999999999', { userId: '99999999999' }))).toThrow();
  });

  it('render their frame on the server and load the plan or the record in the browser', () => {
    const plan = renderPage({ path: '/en/forecast/plan/31', pattern: '/en/forecast/plan/:id', id: 'en/forecast-plan', Component: ForecastPlanRoute, data: { planId: 31 } });
    expect(text(plan)).toContain('Plan #31');
    expect(plan).toContain('role="status"');
    expect(plan).not.toContain('data-testid="plan-card"');
    const tipster = renderPage({ path: '/en/forecast/tipster/42', pattern: '/en/forecast/tipster/:userId', id: 'en/forecast-tipster', Component: ForecastTipsterRoute, data: { userId: 42 } });
    expect(tipster).toContain('data-testid="tipster-plans"');
    expect(tipster).toContain('data-testid="plan-list-loading"');
  });
});

describe('a tipster’s record', () => {
  it('puts the sample, the adjusted rate, the Wilson bound and the luck meter beside the win rate', () => {
    const visible = text(render(<TipsterStatsPanel stats={makeStats()} />, { path: '/forecast/tipster/42' }));
    expect(visible).toContain('Win rate 61.3% 24.5 won of 40 settled plans');
    expect(visible).toContain('Adjusted win rate 56%');
    expect(visible).toContain('Lower bound (95%) 46%');
    expect(visible).toContain('Yield +8.4%');
    expect(visible).toContain('t = +1.21');
    expect(visible).toContain('How likely a random tipster with these odds and this volume (40 settled plans) does at least as well: p = 0.11. That is about 1 in 9.');
    expect(visible).toContain('Could well be luck: wait for more plans.');
    expect(visible).toContain('Best winning streak 7');
    expect(visible).toContain('Plans published 46');
    expect(visible).toContain('Unlocks by fans 120');
    expect(visible).toContain('Points earned 6,720');
  });

  it('shows no win rate without a settled plan', () => {
    const visible = text(
      render(<TipsterStatsPanel stats={makeStats({ settled: 0, wins: 0, win_rate: null, shrunk_rate: null, wilson_lower: null, yield: null, t_stat: null, luck_p: null })} />),
    );
    expect(visible).toContain('No settled plans yet, so there is no win rate to show.');
    expect(visible).not.toContain('Luck meter');
  });

  it('draws the cumulative profit as an SVG line and says it in words', () => {
    const history = [
      { settled_at: '2025-11-01T20:00:00.000Z', outcome: 'win' as const, profit: 0.9, win_rate: 1 },
      { settled_at: '2025-11-02T20:00:00.000Z', outcome: 'loss' as const, profit: -0.1, win_rate: 0.5 },
      { settled_at: '2025-11-03T20:00:00.000Z', outcome: 'win' as const, profit: 1.05, win_rate: 0.667 },
    ];
    const html = render(<ProfitChart history={history} />);
    expect(html).toContain('data-testid="profit-chart"');
    expect(html).toMatch(/<path d="M8 [\d.]+ L202.67 [\d.]+ L397.33 [\d.]+ L592 8"/);
    expect(text(html)).toContain('3 settled plans: +1.05 units now, highest +1.05, lowest -0.1.');
    expect(text(render(<ProfitChart history={[]} />))).toContain('The chart starts with the first settled plan.');
  });

  it('ranks tipsters with the sample and the minimum shown', () => {
    const html = render(
      <RankingTable
        data={{
          period: 'week',
          kind: 'rate',
          min_settled: 5,
          from: '2025-11-16T21:00:00.000Z',
          list: [{ rank: 1, tipster: { id: 42, nickname: 'Aslan', avatar: 'a05' }, stats: makeStats({ settled: 6, win_rate: 5 / 6 }) }],
        }}
      />,
    );
    const visible = text(html);
    expect(visible).toContain('Only tipsters with at least 5 settled plans in the period appear.');
    expect(visible).toContain('Since Nov 16, 2025.');
    expect(visible).toContain('Aslan 83.3% n = 6 56% 46%');
    expect(html).toContain('href="/en/forecast/tipster/42"');
  });
});
