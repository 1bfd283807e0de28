import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../core/contracts/account';
import type { Locale } from '../../../core/locale';
import { getI18n } from '../../i18n/i18n';
import { ServerUserContext } from '../../lib/app-state';
import { render, text } from '../../test-support/render';
import { makeUserInfo } from '../../test-support/user-info';
import { BetCard } from './components/my-bets';
import GuessingGlossaryRoute from './routes/guessing-glossary';
import GuessingRoute from './routes/guessing';
import { makeBet } from './test-support/fixtures';

function page(view: string | null, options: { user?: UserInfo | null; locale?: Locale; glossary?: boolean } = {}) {
  const locale = options.locale ?? 'en';
  const prefix = locale === 'tr' ? '' : `/${locale}`;
  const path = options.glossary ? `${prefix}/guessing/glossary` : `${prefix}/guessing${view ? `/${view}` : ''}`;
  const id = options.glossary ? `${locale}/guessing-glossary` : `${locale}/guessing${view ? `/${view}` : ''}`;
  const Stub = createRoutesStub([{ id, path, Component: options.glossary ? GuessingGlossaryRoute : GuessingRoute, HydrateFallback: () => null }]);
  return renderToString(
    <I18nextProvider i18n={getI18n(locale)}>
      <ServerUserContext.Provider value={options.user ?? null}>
        <Stub initialEntries={[path]} hydrationData={{ loaderData: { [id]: null } }} />
      </ServerUserContext.Provider>
    </I18nextProvider>,
  );
}

describe('the guessing contest', () => {
  it('renders the betting page frame: tabs as links, live state, odds format, the points-only notice and an empty slip', () => {
    const html = page(null);
    const visible = text(html);
    expect(visible).toContain('Guessing contest');
    for (const tab of ['Open matches', 'Place a guess', 'My guesses', 'Guess records', 'Winning-streak rankings', 'Glossary']) expect(visible).toContain(tab);
    expect(html).toContain('href="/en/guessing/glossary"');
    expect(html).toContain('data-testid="odds-format"');
    expect(html).toContain('role="status"');
    expect(html).toContain('data-testid="betting-loading"');
    expect(html).toContain('data-testid="bet-slip"');
    expect(visible).toContain('Tap a price to add it to the slip.');
    // grid-cols-1: nothing widens the page on phones.
    expect(html).toMatch(/class="mx-auto grid w-full max-w-6xl grid-cols-1/);
  });

  it('says in all three languages that points are never bought with money and have no cash value', () => {
    expect(text(page(null, { locale: 'en' }))).toContain('points are never bought with money on Tribün, have no cash value and cannot be cashed out');
    expect(text(page(null, { locale: 'tr' }))).toContain('puanlar hiçbir zaman parayla satın alınmaz, nakit değeri yoktur');
    expect(text(page(null, { locale: 'zh' }))).toContain('积分永远不能用钱购买，没有现金价值');
  });

  it('asks a signed-out reader to log in for their bets and record, and shows the ranking to anyone', () => {
    for (const view of ['myBet', 'bettingRecords']) {
      const html = page(view);
      expect(html).toContain('data-testid="guessing-login"');
      expect(html).toContain(`href="/en/login?redirect=%2Fguessing%2F${view}"`);
    }
    expect(text(page('myBet', { locale: 'tr' }))).toContain('Lütfen önce giriş yapın');
    expect(page('winningStreakRankings')).toContain('data-testid="streak-ranking"');
  });

  it('shows a signed-in reader the filters of their bets and loads the bets in the browser', () => {
    const html = page('myBet', { user: makeUserInfo({ id: 7 }) });
    expect(html).toContain('data-testid="filter-status-open"');
    expect(html).toContain('data-testid="filter-kind-parlay"');
    expect(html).not.toContain('data-testid="guessing-login"');
  });

  it('renders the full-page slip for phones', () => {
    expect(page('postABet')).toContain('data-testid="post-a-bet"');
  });

  it('explains every market and maps the three cultures’ names, in each language', () => {
    const en = text(page(null, { glossary: true }));
    for (const name of ['MS 1-0-2', 'Alt/Üst', 'KG Var', 'İY/MS', '胜平负', '让球', '大小球', '半场', 'Asian handicap']) expect(en).toContain(name);
    expect(en).toContain('Galatasaray −0.75');
    expect(en).toContain('paid 145');
    expect(en).toContain('100 × 9/10 = 90');
    expect(text(page(null, { glossary: true, locale: 'tr' }))).toContain('Çeyrek çizgiler');
    expect(text(page(null, { glossary: true, locale: 'zh' }))).toContain('四分之一盘');
  });
});

describe('a bet card', () => {
  it('shows each leg with its selection, odds, outcome and receipt, and the bet’s stake, odds, return, payout and receipt', () => {
    const visible = text(render(<BetCard bet={makeBet()} />, { path: '/guessing/myBet' }));
    expect(visible).toContain('Parlay');
    expect(visible).toContain('Galatasaray to win');
    expect(visible).toContain('Over 2.5');
    expect(visible).toContain('Galatasaray won 2–1 → win');
    expect(visible).toContain('2 selection(s) at 3.99: staked 100, paid 399');
    expect(visible).toMatch(/Stake 100 Odds 3\.99 Potential return 399 Paid 399/);
    expect(visible).toContain('Won');
  });

  it('shows an open bet without a payout', () => {
    const bet = makeBet({ status: 'open', payout: null, receipt: null, settled_at: null, legs: makeBet().legs.map((l) => ({ ...l, outcome: null, receipt: null })) });
    const html = render(<BetCard bet={bet} />, { path: '/guessing/myBet', locale: 'zh' });
    expect(html).toContain('data-outcome="open"');
    expect(html).not.toContain('data-testid="bet-receipt"');
  });
});
