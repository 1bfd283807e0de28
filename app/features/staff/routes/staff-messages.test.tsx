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
import { parseStatusParam } from '../staff-contact-api';
import StaffMessagesRoute from './staff-messages';

function render(options: { path: string; pattern: string; allowed: boolean; user: UserInfo; locale?: Locale }): string {
  const Stub = createRoutesStub([{ id: 'page', path: options.pattern, Component: StaffMessagesRoute, HydrateFallback: () => null }]);
  return renderToString(
    <I18nextProvider i18n={getI18n(options.locale ?? 'en')}>
      <ServerUserContext.Provider value={options.user}>
        <Stub initialEntries={[options.path]} hydrationData={{ loaderData: { page: { allowed: options.allowed } } }} />
      </ServerUserContext.Provider>
    </I18nextProvider>,
  );
}

const staff = makeUserInfo({ role: 'staff' });

describe('the messages section of the staff console', () => {
  it.each([
    ['en', '/en/staff/messages', 'Messages', 'Open'],
    ['tr', '/staff/messages', 'Mesajlar', 'Açık'],
    ['zh', '/zh/staff/messages', '留言', '待处理'],
  ] as const)('is a section of the console in %s, open messages chosen, the list loading in the browser', (locale, path, title, open) => {
    const html = render({ path, pattern: path, allowed: true, user: staff, locale });
    const page = text(html);
    expect(page).toContain(title);
    // the console's navigation has the section, marked as the current one
    expect(html).toMatch(new RegExp(`<a[^>]*href="${path}"[^>]*aria-current="page"[^>]*>${title}</a>|<a[^>]*aria-current="page"[^>]*href="${path}"[^>]*>${title}</a>`));
    expect(html).toMatch(new RegExp(`<a aria-current="page"[^>]*href="${path}"[^>]*>${open}</a>`));
    expect(html).toContain(`href="${path}?status=closed"`);
    expect(html).toContain('data-testid="staff-messages-status"');
  });

  it('shows the 403 page to a reader without a staff role', () => {
    const html = render({ path: '/en/staff/messages', pattern: '/en/staff/messages', allowed: false, user: makeUserInfo({ role: 'user' }) });
    expect(html).toContain('data-testid="staff-forbidden"');
    expect(html).not.toContain('staff-messages-status');
  });

  it('reads the status of the address, open unless it names another', () => {
    expect(parseStatusParam(null)).toBe('open');
    expect(parseStatusParam('closed')).toBe('closed');
    expect(parseStatusParam('answered')).toBe('answered');
    expect(parseStatusParam('deleted')).toBe('open');
  });
});
