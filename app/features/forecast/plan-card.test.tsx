import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../core/contracts/account';
import { PlanCard } from '../../components/forecast/plan-card';
import { ServerUserContext } from '../../lib/app-state';
import { render, text } from '../../test-support/render';
import { makeUserInfo } from '../../test-support/user-info';
import { makePlan } from './test-support/fixtures';

const reader = makeUserInfo({ id: 7, points: 300 });

function renderCard(plan: Parameters<typeof makePlan>[0], options: { user?: UserInfo | null; locale?: 'tr' | 'en' | 'zh' } = {}) {
  const user = options.user === undefined ? reader : options.user;
  return render(
    <ServerUserContext.Provider value={user}>
      <PlanCard plan={makePlan(plan)} />
    </ServerUserContext.Provider>,
    { locale: options.locale ?? 'en', path: '/forecast' },
  );
}

const CONTENT = { market: 'handicap' as const, period: 'ft' as const, pick: 'home' as const, line: -0.75, odds: 1.925, description: 'Galatasaray won 4 of the last 5 at home.\nFenerbahçe rotate.' };

describe('a locked plan', () => {
  it('shows who, which match, the public market, the price and sales, the fingerprint — and no content', () => {
    const html = renderCard({ excerpt: 'Galatasaray won four of their…' });
    const visible = text(html);
    expect(html).toContain('data-locked="true"');
    expect(visible).toContain('Aslan');
    expect(html).toContain('href="/en/forecast/tipster/42"');
    expect(visible).toContain('Galatasaray – Fenerbahçe');
    expect(visible).toContain('Süper Lig');
    expect(visible).toContain('Handicap · Full time');
    expect(visible).toContain('80 points');
    expect(visible).toContain('Unlocked by 12 fans');
    expect(visible).toContain('Public excerpt Galatasaray won four of their…');
    expect(visible).toContain('3f1c3f1c…3f1c3f1c');
    expect(html).toContain('dateTime="2025-11-22T10:15:00.000Z"');
    expect(visible).toContain('Open');
    expect(html).not.toContain('data-testid="plan-content"');
    expect(html).not.toContain('data-testid="plan-pick"');
    expect(html).not.toContain('data-testid="plan-odds"');
    expect(html).toContain('data-testid="plan-unlock"');
    expect(visible).toContain('Unlock for 80 points');
    expect(html).not.toContain('data-testid="plan-verify"');
  });

  it('sends a signed-out reader to the login page and back ("Please log in first")', () => {
    const html = renderCard({ can_unlock: false }, { user: null });
    expect(html).toContain('data-testid="plan-unlock-login"');
    expect(html).toContain('href="/en/login?redirect=%2Fforecast"');
    expect(text(html)).toContain('Please log in first');
    expect(html).not.toContain('data-testid="plan-unlock"');
  });

  it('speaks Turkish and Chinese', () => {
    expect(text(renderCard({}, { locale: 'tr' }))).toContain('80 puanla kilidi aç');
    expect(text(renderCard({}, { locale: 'zh' }))).toContain('用 80 积分解锁');
  });
});

describe('an unlocked plan', () => {
  it('shows the pick with its line, the odds and the whole description, and no unlock button', () => {
    const html = renderCard({ unlocked: true, can_unlock: false, content: CONTENT });
    const visible = text(html);
    expect(html).toContain('data-locked="false"');
    expect(visible).toContain('Pick Galatasaray −0.75');
    expect(visible).toContain('Odds 1.93');
    expect(visible).toContain('Galatasaray won 4 of the last 5 at home.');
    expect(html).not.toContain('data-testid="plan-unlock"');
    expect(html).not.toContain('data-testid="plan-unlock-login"');
  });

  it('labels the reader’s own plan, and a free plan as free', () => {
    const own = text(renderCard({ is_own: true, unlocked: true, can_unlock: false, content: CONTENT }));
    expect(own).toContain('Your plan');
    const free = text(renderCard({ free: true, price: 0, unlocked: true, can_unlock: false, content: { ...CONTENT, market: 'over_under', pick: 'over', line: 2.5 }, market: 'over_under' }));
    expect(free).toContain('Free');
    expect(free).toContain('Pick Over 2.5');
  });

  it('shows a corner pick with its market, naming the team for most corners', () => {
    const total = text(renderCard({ market: 'corners_over_under', unlocked: true, can_unlock: false, content: { ...CONTENT, market: 'corners_over_under', pick: 'over', line: 9.5 } }));
    expect(total).toContain('Corners over/under · Full time');
    expect(total).toContain('Pick Over 9.5 corners');
    const most = text(renderCard({ market: 'corners_most', unlocked: true, can_unlock: false, content: { ...CONTENT, market: 'corners_most', pick: 'away', line: null } }));
    expect(most).toContain('Most corners · Full time');
    expect(most).toContain('Pick Fenerbahçe takes more corners');
    const level = text(renderCard({ market: 'corners_most', unlocked: true, can_unlock: false, content: { ...CONTENT, market: 'corners_most', pick: 'draw', line: null } }, { locale: 'zh' }));
    expect(level).toContain('角球数较多 · 全场');
    expect(level).toContain('角球数相同');
  });
});

describe('a settled plan', () => {
  const settled = {
    status: 'settled' as const,
    outcome: 'half_win' as const,
    unlocked: true,
    can_unlock: false,
    content: CONTENT,
    match: { ...makePlan().match, status_id: 8, score: [2, 1] as [number, number], ht_score: [1, 1] as [number, number] },
    receipt: {
      key: 'odds.receipt.handicap.halfWin',
      params: {},
      text: 'Handicap −0.75, score 2–1, your side +1: half the stake won on −0.5, half returned on −1 → half win',
    },
    proof: { salt: 'ab'.repeat(32), canonical: 'tribun-plan-v1\n{"description":"…"}' },
  };

  it('shows the score, the outcome, the receipt, the content and the verify button with what was fingerprinted', () => {
    const html = renderCard(settled);
    const visible = text(html);
    expect(visible).toContain('2–1');
    expect(visible).toContain('HT 1–1');
    expect(html).toContain('data-outcome="half_win"');
    // The plan's result in the plan's voice: the reader did not pick, the tipster did (decision 120).
    expect(visible).toContain('Plan half won');
    expect(visible).toContain('half the stake won on −0.5, half returned on −1 → half win');
    expect(visible).toContain('Pick Galatasaray −0.75');
    expect(html).toContain('data-testid="plan-verify-button"');
    expect(visible).toContain('Verify');
    expect(html).toContain('<details');
    expect(visible).toContain('What was fingerprinted');
    expect(visible).toContain('ab'.repeat(32));
    expect(html).not.toContain('data-testid="plan-unlock"');
  });

  it('shows a void plan as void with its reason', () => {
    const visible = text(
      renderCard({ ...settled, status: 'void', outcome: 'void', receipt: { key: 'odds.receipt.void.postponed', params: {}, text: 'The match was postponed: points returned → void' } }),
    );
    expect(visible).toContain('Plan void');
    expect(visible).toContain('The match was postponed: points returned → void');
  });
});
