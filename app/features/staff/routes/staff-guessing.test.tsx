import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../../core/contracts/account';
import type { Locale } from '../../../../core/locale';
import { getI18n } from '../../../i18n/i18n';
import { ApiError, type ApiFetchOptions } from '../../../lib/api-client';
import { ServerUserContext } from '../../../lib/app-state';
import { text } from '../../../test-support/render';
import { makeUserInfo } from '../../../test-support/user-info';
import { MatchMarkets, VoidDone, VoidMarketForm } from '../components/guessing-markets';
import { attemptVoidMarket, checkVoidReason, createStaffGuessingApi, type StaffBetMarket, type StaffBetMatch } from '../staff-guessing-api';
import StaffGuessingRoute from './staff-guessing';

const staff = makeUserInfo({ role: 'staff' });

function render(options: { path: string; pattern: string; allowed?: boolean; user?: UserInfo; locale?: Locale; Component?: () => ReactNode }): string {
  const Stub = createRoutesStub([{ id: 'page', path: options.pattern, Component: options.Component ?? StaffGuessingRoute, HydrateFallback: () => null }]);
  return renderToString(
    <I18nextProvider i18n={getI18n(options.locale ?? 'en')}>
      <ServerUserContext.Provider value={options.user ?? staff}>
        <Stub initialEntries={[options.path]} hydrationData={{ loaderData: { page: { allowed: options.allowed ?? true } } }} />
      </ServerUserContext.Provider>
    </I18nextProvider>,
  );
}

const market = (over: Partial<StaffBetMarket> & Pick<StaffBetMarket, 'market' | 'period'>): StaffBetMarket => ({
  legs: { open: 0, graded: 0, staff_void: 0 },
  bets: { open: 0, settled: 0 },
  open_stake: 0,
  voids: [],
  ...over,
});

const entry: StaffBetMatch = {
  match: {
    id: 4242,
    sport: 'football',
    competition: { id: 1, name: 'Süper Lig' },
    home: { id: 7, name: 'Galatasaray' },
    away: { id: 6, name: 'Fenerbahçe' },
    match_time: 1_760_800_000,
    status_id: 8,
    score: [2, 1],
    ht_score: [1, 0],
  },
  markets: [
    market({ market: '1x2', period: 'ft', legs: { open: 3, graded: 0, staff_void: 0 }, bets: { open: 3, settled: 0 }, open_stake: 1250 }),
    market({ market: 'corners_over_under', period: 'ft', legs: { open: 0, graded: 2, staff_void: 2 }, bets: { open: 0, settled: 2 }, voids: [{ reason: 'Corner count missing from the feed', legs: 2 }] }),
  ],
};

describe('the guessing section of the staff console', () => {
  it('offers finding a match and the matches with open bets, and is marked in the navigation', () => {
    const html = render({ path: '/en/staff/guessing?match=4242', pattern: '/en/staff/guessing' });
    const page = text(html);
    expect(page).toContain('Prediction contest');
    expect(html).toContain('data-testid="staff-guessing-find"');
    expect(html).toContain('value="4242"');
    expect(html).toContain('data-testid="staff-guessing-open"');
    expect(html).toContain('data-testid="staff-guessing-match"');
    expect(page).toContain('Match #4242');
    // The lists load in the browser.
    expect(page).toContain('Loading…');
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/en\/staff\/guessing"|<a[^>]*href="\/en\/staff\/guessing"[^>]*aria-current="page"/);
  });

  it('asks for a match when none is chosen, and speaks Turkish and Chinese', () => {
    expect(text(render({ path: '/en/staff/guessing', pattern: '/en/staff/guessing' }))).toContain('Enter a match id or choose a match with open slips.');
    expect(text(render({ path: '/staff/guessing', pattern: '/staff/guessing', locale: 'tr' }))).toContain('Açık kuponu olan maçlar');
    expect(text(render({ path: '/zh/staff/guessing', pattern: '/zh/staff/guessing', locale: 'zh' }))).toContain('有未结算竞猜的比赛');
  });

  it('shows the 403 page to a reader without a staff role', () => {
    const html = render({ path: '/en/staff/guessing', pattern: '/en/staff/guessing', allowed: false, user: makeUserInfo({ role: 'user' }) });
    expect(html).toContain('data-testid="staff-forbidden"');
    expect(html).not.toContain('staff-guessing-find');
  });

  it('lists a match’s markets with their counts, a void action where legs are open, and earlier staff voids with their reason', () => {
    const html = render({ path: '/en/staff/guessing', pattern: '/en/staff/guessing', Component: () => <MatchMarkets entry={entry} onVoided={() => {}} /> });
    const page = text(html);
    expect(html.match(/data-testid="staff-guessing-market"/g)).toHaveLength(2);
    expect(html).toContain('data-market="1x2:ft"');
    expect(page).toContain('1X2');
    expect(page).toContain('3 open legs · 0 graded · 3 slips · 1,250 points on open slips');
    expect(page).toContain('Corners over/under');
    expect(html.match(/data-testid="staff-guessing-void-open"/g)).toHaveLength(1);
    expect(page).toContain('Every leg is graded: nothing left to void.');
    expect(html).toContain('data-testid="staff-guessing-void"');
    expect(page).toContain('Reason: Corner count missing from the feed');
    expect(page).toContain('2 legs');
    const zh = text(render({ path: '/zh/staff/guessing', pattern: '/zh/staff/guessing', locale: 'zh', Component: () => <MatchMarkets entry={entry} onVoided={() => {}} /> }));
    expect(zh).toContain('角球大小');
    expect(zh).toContain('原因：Corner count missing from the feed');
  });

  it('asks for a reason, then a confirmation naming the market, the match and the open legs', () => {
    const open = entry.markets[0]!;
    const form = (initial: Parameters<typeof VoidMarketForm>[0]['initial'], initialError: string | null = null) =>
      render({
        path: '/en/staff/guessing',
        pattern: '/en/staff/guessing',
        Component: () => <VoidMarketForm matchId={4242} matchLabel="Galatasaray – Fenerbahçe" market={open} onVoided={() => {}} initial={initial} initialError={initialError} />,
      });
    const reason = form({ step: 'reason' });
    expect(reason).toContain('maxLength="500"');
    expect(text(reason)).toContain('One line, up to 500 characters.');
    const confirm = text(form({ step: 'confirm', reason: 'Wrong teams' }));
    expect(confirm).toContain('Void 1X2 (Full time) on Galatasaray – Fenerbahçe? 3 open legs are graded void and their slips settled again.');
    expect(confirm).toContain('Yes, void it');
    expect(text(form({ step: 'reason' }, 'Match not found'))).toContain('Match not found');
  });

  it('shows how many bets were re-settled', () => {
    const page = text(render({ path: '/en/staff/guessing', pattern: '/en/staff/guessing', Component: () => <VoidDone market={{ market: 'handicap', period: 'ht' }} data={{ legs: 4, bets: 3 }} /> }));
    expect(page).toContain('Handicap (Half time) voided: 4 legs, 3 slips re-settled.');
    const tr = text(render({ path: '/staff/guessing', pattern: '/staff/guessing', locale: 'tr', Component: () => <VoidDone market={{ market: 'handicap', period: 'ht' }} data={{ legs: 1, bets: 1 }} /> }));
    expect(tr).toContain('Handikap (İlk yarı) geçersiz sayıldı: 1 seçim, 1 kupon yeniden sonuçlandırıldı.');
  });

  it('sends the market, the period and the trimmed reason, and reads the answer or the translated error', async () => {
    const calls: { path: string; options: unknown }[] = [];
    const api = createStaffGuessingApi(async <T,>(path: string, options?: ApiFetchOptions) => {
      calls.push({ path, options: { method: options?.method, body: options?.body } });
      if (path.endsWith('/void-market')) return { code: 0, msg: 'success', data: { legs: 3, bets: 2 } } as T;
      if (path.endsWith('/matches')) return { code: 0, msg: 'success', data: { list: [], page: 2, size: 10, total: 0 } } as T;
      return { code: 0, msg: 'success', data: entry } as T;
    });
    const checked = checkVoidReason('  Wrong teams in the feed ');
    expect(checked).toEqual({ ok: true, reason: 'Wrong teams in the feed' });
    if (!checked.ok) return;
    expect(await attemptVoidMarket(api, 4242, { market: 'over_under', period: 'ht', reason: checked.reason })).toEqual({ ok: true, data: { legs: 3, bets: 2 } });
    expect(calls).toEqual([
      { path: '/api/staff/guessing/matches/4242/void-market', options: { method: 'POST', body: { market: 'over_under', period: 'ht', reason: 'Wrong teams in the feed' } } },
    ]);

    expect(await api.matches({ page: 2, size: 10 })).toEqual({ list: [], page: 2, size: 10, total: 0 });
    expect(await api.match(7)).toEqual(entry);
    expect(calls.slice(1).map((c) => c.path)).toEqual(['/api/staff/guessing/matches', '/api/staff/guessing/matches/7']);

    const failing = (status: number, body: unknown) => ({
      voidMarket: () => Promise.reject(new ApiError({ code: status, message: 'failed', data: body, request: { method: 'POST', url: '/x' } })),
    });
    const refused = { code: 400, message: 'Bir hata oluştu', data: { error: 'VALIDATION', fields: [{ field: 'reason', message: 'Kontrol karakteri içeremez (NUL gibi)' }] } };
    expect(await attemptVoidMarket(failing(400, refused), 1, { market: '1x2', period: 'ft', reason: 'a\u0000b' })).toEqual({ ok: false, field: 'Kontrol karakteri içeremez (NUL gibi)', message: null });
    expect(await attemptVoidMarket(failing(404, { code: 404, message: 'Match not found', data: { error: 'NOT_FOUND' } }), 1, { market: '1x2', period: 'ft', reason: 'x' })).toEqual({
      ok: false,
      field: null,
      message: 'Match not found',
    });
    expect(await attemptVoidMarket({ voidMarket: () => Promise.reject(new Error('offline')) }, 1, { market: '1x2', period: 'ft', reason: 'x' })).toEqual({ ok: false, field: null, message: null });
  });

  it('requires a reason of at most 500 characters', () => {
    expect(checkVoidReason('   ')).toEqual({ ok: false, problem: 'required' });
    expect(checkVoidReason('x'.repeat(500))).toEqual({ ok: true, reason: 'x'.repeat(500) });
    expect(checkVoidReason('x'.repeat(501))).toEqual({ ok: false, problem: 'tooLong' });
  });
});
