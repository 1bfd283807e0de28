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
import { MatchCard } from './components/betting-board';
import { BetCard } from './components/my-bets';
import GuessingGlossaryRoute from './routes/guessing-glossary';
import GuessingRoute from './routes/guessing';
import { makeBet, makeBetMatch, makeBettingMatch } from './test-support/fixtures';

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
    expect(visible).toContain('Prediction contest');
    for (const tab of ['Open matches', 'Build a slip', 'My slips', 'Slip record', 'Winning-streak ranking', 'Glossary']) expect(visible).toContain(tab);
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
    expect(en).toContain('145 points come back');
    expect(en).toContain('100 × 9/10 = 90');
    expect(text(page(null, { glossary: true, locale: 'tr' }))).toContain('Çeyrek çizgiler');
    expect(text(page(null, { glossary: true, locale: 'zh' }))).toContain('四分之一盘');
  });

  it('explains both corner markets with their three names: full time without extra time, void when not counted, level a third outcome', () => {
    const en = text(page(null, { glossary: true }));
    for (const name of ['Corners over/under', 'Most corners', 'Korner Alt/Üst', 'En çok korner', '角球大小', '角球数较多']) expect(en).toContain(name);
    expect(en).not.toContain('角球让球');
    expect(en).toContain('Over 9.5 wins with 10 corners or more');
    expect(en).toContain('90 minutes plus stoppage time; corners in extra time do not count');
    expect(en).toContain('corners were not counted, the selection is void and the stake comes back');
    expect(en).toContain('or level when both take the same number — three outcomes');
    const tr = text(page(null, { glossary: true, locale: 'tr' }));
    expect(tr).toContain('Korner Alt/Üst ve En çok korner');
    expect(tr).toContain('uzatma devrelerindeki kornerler sayılmaz');
    const zh = text(page(null, { glossary: true, locale: 'zh' }));
    expect(zh).toContain('角球大小与角球数较多');
    expect(zh).toContain('加时赛的角球不计');
  });
});

describe('a match on the betting page', () => {
  // Opened: every market is drawn only once its expander opens (docs/decisions/118).
  const card = (entry = makeBettingMatch(), locale: Locale = 'en') => render(<MatchCard entry={entry} expanded />, { path: '/guessing', locale });

  it('shows the corner markets in a section of their own after the goal markets, rows by line, most corners named by team', () => {
    const html = card();
    const visible = text(html);
    expect(html).toContain('data-testid="corner-markets"');
    const corners = visible.slice(visible.indexOf('Corners Corners over/under'));
    expect(corners).toMatch(/^Corners Corners over\/under · Full time Over 9\.5 corners 1\.90 Under 9\.5 corners 1\.90 Over 10 corners 2\.20 Under 10 corners 1\.95 Most corners · Full time/);
    // Three buttons named by team (and "Level"), each saying the whole pick to screen readers.
    expect(corners).toContain('Galatasaray Galatasaray takes more corners 1.80');
    expect(corners).toContain('Level Level on corners 8.50');
    expect(corners).toContain('Fenerbahçe Fenerbahçe takes more corners 2.45');
    expect(html).toContain('data-selection="corners_most:ft:draw:"');
    expect(html).toContain('data-selection="corners_over_under:ft:over:9.5"');
    // The goal markets come first, and the headline keeps to them.
    expect(visible.indexOf('Over/under · Full time')).toBeLessThan(visible.indexOf('Corners over/under · Full time'));
    expect(text(html.slice(0, html.indexOf('data-testid="all-markets"')))).not.toContain('corners');
  });

  it('speaks Turkish and Chinese in the corners section', () => {
    const tr = text(card(makeBettingMatch(), 'tr'));
    for (const words of ['Kornerler', 'Korner Alt/Üst · Maç sonu', '9,5 korner üst', 'En çok korner', 'Eşit Kornerler eşit', 'Galatasaray daha çok korner kullanır']) expect(tr).toContain(words);
    const zh = text(card(makeBettingMatch(), 'zh'));
    for (const words of ['角球大小 · 全场', '角球大于 9.5', '角球数较多', '相同 角球数相同', 'Fenerbahçe 角球更多']) expect(zh).toContain(words);
  });

  it('has no corners section when the match has no corner prices (basketball never does)', () => {
    const goalsOnly = makeBettingMatch().markets.filter((m) => m.market !== 'corners_over_under' && m.market !== 'corners_most');
    const basketball = makeBettingMatch({ match: makeBetMatch({ sport: 'basketball' }), markets: goalsOnly });
    const html = card(basketball);
    expect(html).not.toContain('data-testid="corner-markets"');
    expect(text(html)).not.toMatch(/corner/i);
  });
});

describe('a bet card', () => {
  it('shows each leg with its selection, odds, outcome and receipt, and the bet’s stake, odds, return, payout and receipt', () => {
    const visible = text(render(<BetCard bet={makeBet()} />, { path: '/guessing/myBet' }));
    expect(visible).toContain('Parlay');
    expect(visible).toContain('Galatasaray to win');
    expect(visible).toContain('Over 2.5');
    expect(visible).toContain('Galatasaray won 2–1 → win');
    expect(visible).toContain('2 selection(s) at 3.99: 100 points staked, 399 points returned');
    expect(visible).toMatch(/Stake 100 Odds 3\.99 Potential return 399 Returned 399/);
    expect(visible).toContain('Won');
  });

  it('writes odds and lines with a decimal comma in Turkish, like the rest of the Turkish page', () => {
    const tr = text(render(<BetCard bet={makeBet()} />, { path: '/guessing/myBet', locale: 'tr' }));
    expect(tr).toContain('2,5 üst');
    expect(tr).toContain('3,99');
    const zh = text(render(<BetCard bet={makeBet()} />, { path: '/guessing/myBet', locale: 'zh' }));
    expect(zh).toContain('3.99');
  });

  it('names corner selections as a fan reads them', () => {
    const [first, second] = makeBet().legs;
    const bet = makeBet({
      legs: [
        { ...first!, selection: { market: 'corners_over_under', period: 'ft', pick: 'over', line: 9.5 }, receipt: { key: 'k', params: {}, text: 'Corners line 9.5, 11 corners (6–5) → win' } },
        { ...second!, selection: { market: 'corners_most', period: 'ft', pick: 'home', line: null } },
      ],
    });
    const visible = text(render(<BetCard bet={bet} />, { path: '/guessing/myBet' }));
    expect(visible).toContain('Over 9.5 corners · Corners over/under · Full time');
    expect(visible).toContain('Beşiktaş takes more corners · Most corners · Full time');
    expect(visible).toContain('Corners line 9.5, 11 corners (6–5) → win');
    const level = makeBet({ legs: [{ ...first!, selection: { market: 'corners_most', period: 'ft', pick: 'draw', line: null } }] });
    expect(text(render(<BetCard bet={level} />, { path: '/guessing/myBet', locale: 'tr' }))).toContain('Kornerler eşit · En çok korner · Maç sonu');
  });

  it('shows an open bet without a payout', () => {
    const bet = makeBet({ status: 'open', payout: null, receipt: null, settled_at: null, legs: makeBet().legs.map((l) => ({ ...l, outcome: null, receipt: null })) });
    const html = render(<BetCard bet={bet} />, { path: '/guessing/myBet', locale: 'zh' });
    expect(html).toContain('data-outcome="open"');
    expect(html).not.toContain('data-testid="bet-receipt"');
  });
});
