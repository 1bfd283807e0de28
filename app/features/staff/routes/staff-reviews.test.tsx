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
import StaffReviewsRoute from './staff-reviews';

function render(options: { path: string; allowed: boolean; user: UserInfo; locale?: Locale }): string {
  const Stub = createRoutesStub([{ id: 'page', path: options.path, Component: StaffReviewsRoute, HydrateFallback: () => null }]);
  return renderToString(
    <I18nextProvider i18n={getI18n(options.locale ?? 'en')}>
      <ServerUserContext.Provider value={options.user}>
        <Stub initialEntries={[options.path]} hydrationData={{ loaderData: { page: { allowed: options.allowed } } }} />
      </ServerUserContext.Provider>
    </I18nextProvider>,
  );
}

describe('the review queue of the staff console', () => {
  it.each([
    ['en', '/en/staff/reviews', 'Review queue', 'Reviews'],
    ['tr', '/staff/reviews', 'İnceleme kuyruğu', 'İnceleme'],
    ['zh', '/zh/staff/reviews', '审核队列', '审核'],
  ] as const)('is a section of the console in %s, marked in its navigation, the queue loading in the browser', (locale, path, title, section) => {
    const html = render({ path, allowed: true, user: makeUserInfo({ role: 'staff' }), locale });
    expect(text(html)).toContain(title);
    expect(html).toMatch(new RegExp(`<a[^>]*aria-current="page"[^>]*href="${path}"[^>]*>${section}</a>|<a[^>]*href="${path}"[^>]*aria-current="page"[^>]*>${section}</a>`));
  });

  it('shows the 403 page to a reader without a staff role', () => {
    const html = render({ path: '/en/staff/reviews', allowed: false, user: makeUserInfo({ role: 'user' }) });
    expect(html).toContain('data-testid="staff-forbidden"');
    expect(text(html)).not.toContain('Review queue');
  });
});
