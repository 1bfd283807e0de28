import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_RECORD_DAYS } from '../../../core/contracts/account';
import { CONTACT_RECORD_DAYS } from '../../../core/contracts/contact';
import { NOTIFICATION_READ_RECORD_DAYS, NOTIFICATION_RECORD_DAYS } from '../../../core/contracts/notifications';
import type { Locale } from '../../../core/locale';
import { getI18n } from '../../i18n/i18n';
import { text } from '../../test-support/render';
import PrivacyRoute from './routes/privacy';

function renderPrivacy(locale: Locale): string {
  const path = locale === 'tr' ? '/privacy' : `/${locale}/privacy`;
  const Stub = createRoutesStub([{ path, Component: PrivacyRoute }]);
  return text(
    renderToString(
      <I18nextProvider i18n={getI18n(locale)}>
        <Stub initialEntries={[path]} />
      </I18nextProvider>,
    ),
  );
}

describe('the privacy page says how long sign-in records are kept, as the retention job does', () => {
  it.each([
    ['en', `deleted ${SIGN_IN_RECORD_DAYS} days after the sign-in ended`, /not deleted automatically/],
    ['tr', `giriş sona erdikten ${SIGN_IN_RECORD_DAYS} gün sonra silinir`, /otomatik olarak silinmez/],
    ['zh', `${SIGN_IN_RECORD_DAYS} 天后删除`, /不会自动删除/],
  ] as const)('in %s', (locale, promise, oldClaim) => {
    const page = renderPrivacy(locale);
    expect(page).toContain(promise);
    expect(page).not.toMatch(oldClaim);
    expect(page).not.toContain('{{');
  });
});

describe('the privacy page says how long contact messages are kept, as the retention job does', () => {
  it.each([
    ['en', `deleted ${CONTACT_RECORD_DAYS} days after we answered or closed it`],
    ['tr', `kapatıldıktan ${CONTACT_RECORD_DAYS} gün sonra silinir`],
    ['zh', `关闭后 ${CONTACT_RECORD_DAYS} 天删除`],
  ] as const)('in %s', (locale, promise) => {
    const page = renderPrivacy(locale);
    expect(page).toContain(promise);
    expect(page).not.toMatch(/once our channels are listed|kanallarımız orada listelendiğinde|列出联系渠道后/);
  });
});

describe('the privacy page says how long notifications are kept, as the retention job does', () => {
  it.each([
    ['en', `deleted ${NOTIFICATION_READ_RECORD_DAYS} days after you read it`, `${NOTIFICATION_RECORD_DAYS} days after it arrived`],
    ['tr', `okunduktan ${NOTIFICATION_READ_RECORD_DAYS} gün sonra silinir`, `geldikten ${NOTIFICATION_RECORD_DAYS} gün sonra silinir`],
    ['zh', `阅读后 ${NOTIFICATION_READ_RECORD_DAYS} 天删除`, `收到后 ${NOTIFICATION_RECORD_DAYS} 天删除`],
  ] as const)('in %s', (locale, read, any) => {
    const page = renderPrivacy(locale);
    expect(page).toContain(read);
    expect(page).toContain(any);
  });
});

describe('the privacy page lists what the inbox and the community keep', () => {
  it.each([
    ['en', 'what you write in the community', 'the fans you block, which only you see'],
    ['tr', 'toplulukta yazdıklarınız', 'engellediğiniz taraftarlar'],
    ['zh', '您在社区中发布的内容', '您屏蔽的球迷'],
  ] as const)('in %s', (locale, community, blocks) => {
    const page = renderPrivacy(locale);
    expect(page).toContain(community);
    expect(page).toContain(blocks);
  });
});
