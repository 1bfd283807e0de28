import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../../core/contracts/account';
import type { Locale } from '../../../../core/locale';
import { getI18n } from '../../../i18n/i18n';
import { ServerUserContext } from '../../../lib/app-state';
import { text } from '../../../test-support/render';
import { makeUserInfo } from '../../../test-support/user-info';
import { causeParts, parseIdInput } from '../staff-forecast-api';
import StaffForecastRoute from './staff-forecast';

function render(options: { path: string; pattern: string; allowed: boolean; user: UserInfo; locale?: Locale }): string {
  const Stub = createRoutesStub([{ id: 'page', path: options.pattern, Component: StaffForecastRoute, HydrateFallback: () => null }]);
  return renderToString(
    <I18nextProvider i18n={getI18n(options.locale ?? 'en')}>
      <ServerUserContext.Provider value={options.user}>
        <Stub initialEntries={[options.path]} hydrationData={{ loaderData: { page: { allowed: options.allowed } } }} />
      </ServerUserContext.Provider>
    </I18nextProvider>,
  );
}

const staff = makeUserInfo({ role: 'staff' });

describe('the predictions section of the staff console', () => {
  it('offers hiding a plan with a reason, re-running a match’s settlement, and the settlement log by match', () => {
    const html = render({ path: '/en/staff/forecast?match=4242', pattern: '/en/staff/forecast', allowed: true, user: staff });
    const page = text(html);
    expect(html).toContain('data-testid="staff-hide-plan"');
    expect(page).toContain("Hide a plan's description");
    expect(page).toContain('Reason');
    expect(html).toContain('data-testid="staff-resettle"');
    expect(html).toContain('value="4242"');
    expect(html).toContain('data-testid="staff-settlements"');
    expect(html).toContain('data-testid="staff-settlements-filter"');
    // The log loads in the browser; the section is marked in the console's navigation.
    expect(page).toContain('Loading…');
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/en\/staff\/forecast"|<a[^>]*href="\/en\/staff\/forecast"[^>]*aria-current="page"/);
  });

  it('speaks Turkish and Chinese', () => {
    expect(text(render({ path: '/staff/forecast', pattern: '/staff/forecast', allowed: true, user: staff, locale: 'tr' }))).toContain('Sonuçlandırma kaydı');
    expect(text(render({ path: '/zh/staff/forecast', pattern: '/zh/staff/forecast', allowed: true, user: staff, locale: 'zh' }))).toContain('结算日志');
  });

  it('shows the 403 page to a reader without a staff role', () => {
    const html = render({ path: '/en/staff/forecast', pattern: '/en/staff/forecast', allowed: false, user: makeUserInfo({ role: 'user' }) });
    expect(html).toContain('data-testid="staff-forbidden"');
    expect(html).not.toContain('staff-hide-plan');
  });

  it('reads ids and causes', () => {
    expect(parseIdInput(' 42 ')).toBe(42);
    expect(parseIdInput('0')).toBeNull();
    expect(parseIdInput('4x')).toBeNull();
    expect(parseIdInput('3000000000')).toBeNull();
    expect(causeParts('event:17')).toEqual({ kind: 'event', id: '17' });
    expect(causeParts('staff:3')).toEqual({ kind: 'staff', id: '3' });
    expect(causeParts('import')).toEqual({ kind: 'other', id: 'import' });
  });
});
