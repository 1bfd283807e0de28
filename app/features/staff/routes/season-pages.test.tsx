import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../../core/contracts/account';
import type { Locale } from '../../../../core/locale';
import { getI18n } from '../../../i18n/i18n';
import { ServerUserContext } from '../../../lib/app-state';
import { makeUserInfo } from '../../../test-support/user-info';
import StaffImportsRoute from './staff-imports';
import StaffSeasonRoute from './staff-season';
import StaffSeasonsRoute from './staff-seasons';

/** A staff page as the server renders it for `user`, from the loader's decision `allowed`. */
function render(options: { path: string; pattern: string; Component: () => React.ReactNode; allowed: boolean; user: UserInfo; locale?: Locale }): string {
  const Stub = createRoutesStub([{ id: 'page', path: options.pattern, Component: options.Component, HydrateFallback: () => null }]);
  return renderToString(
    <I18nextProvider i18n={getI18n(options.locale ?? 'en')}>
      <ServerUserContext.Provider value={options.user}>
        <Stub initialEntries={[options.path]} hydrationData={{ loaderData: { page: { allowed: options.allowed } } }} />
      </ServerUserContext.Provider>
    </I18nextProvider>,
  );
}

/** The visible text of some HTML, spaces collapsed. */
function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

const staff = makeUserInfo({ role: 'staff' });

describe('the season pages of the staff console', () => {
  it('the import page offers the file, the rules of every chain, and the options', () => {
    const html = render({ path: '/en/staff/imports', pattern: '/en/staff/imports', Component: StaffImportsRoute, allowed: true, user: staff });
    expect(html).toContain('data-testid="staff-import-form"');
    expect(html).toContain('type="file"');
    expect(html).toContain('accept=".json,.txt,application/json,text/plain"');
    const page = text(html);
    expect(page).toContain('Import a season');
    expect(page).toContain('As the competition is configured');
    expect(page).toContain('La Liga (head-to-head first)');
    expect(page).toContain('Point deductions (optional)');
    // The console's sections, this one marked as the page.
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/en\/staff\/imports"|<a[^>]*href="\/en\/staff\/imports"[^>]*aria-current="page"/);
    expect(html).toContain('href="/en/staff/seasons"');
    expect(html).toContain('href="/en/staff"');
  });

  it('speaks Turkish without a prefix', () => {
    const page = text(render({ path: '/staff/imports', pattern: '/staff/imports', Component: StaffImportsRoute, allowed: true, user: staff, locale: 'tr' }));
    expect(page).toContain('Sezon içe aktar');
    expect(page).toContain('Ligin ayarındaki gibi');
  });

  it('the seasons list and a season load their data in the browser: the server sends the frame', () => {
    const list = render({ path: '/en/staff/seasons', pattern: '/en/staff/seasons', Component: StaffSeasonsRoute, allowed: true, user: staff });
    expect(text(list)).toContain('Seasons');
    expect(text(list)).toContain('Loading…');
    const season = render({ path: '/zh/staff/seasons/3', pattern: '/zh/staff/seasons/:id', Component: StaffSeasonRoute, allowed: true, user: staff, locale: 'zh' });
    expect(text(season)).toContain('全部赛季');
    expect(season).toMatch(/aria-current="page"[^>]*>赛季<|>赛季<\/a>/);
  });

  it('shows the 403 page to a reader without a staff role', () => {
    const html = render({ path: '/en/staff/imports', pattern: '/en/staff/imports', Component: StaffImportsRoute, allowed: false, user: makeUserInfo({ role: 'user' }) });
    expect(html).toContain('data-testid="staff-forbidden"');
    expect(html).not.toContain('staff-import-form');
  });
});
