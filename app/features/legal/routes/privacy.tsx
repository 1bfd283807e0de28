import { useTranslation } from 'react-i18next';
import type { MetaFunction } from 'react-router';
import { ACCOUNT_CANCELLATION_DAYS, SIGN_IN_RECORD_DAYS } from '../../../../core/contracts/account';
import { NOTIFICATION_READ_RECORD_DAYS, NOTIFICATION_RECORD_DAYS } from '../../../../core/contracts/notifications';
import { CONTACT_RECORD_DAYS } from '../../../../core/contracts/contact';
import { LocalLink } from '../../../components/local-link';
import { PageCard } from '../../../components/page-card';
import { pageMeta } from '../../../lib/page-meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { namespace: 'pages', title: 'privacy.page.title', description: 'privacy.page.description' });

/**
 * Every cookie the site sets (server: tribun_session, tribun_oauth; browser: locale, theme,
 * viewport) and every piece of personal data server/db/schema keeps (decision 089). A new
 * cookie or a new column of personal data is added here in the same change.
 */
const COOKIES = ['cookieSession', 'cookieOauth', 'cookieLocale', 'cookieTheme', 'cookieViewport'] as const;
const ACCOUNT_DATA = [
  'dataEmail',
  'dataPassword',
  'dataProfile',
  'dataPoints',
  'dataPlans',
  'dataCollections',
  'dataCommunity',
  'dataSessions',
  'dataCodes',
] as const;

const CLOSE_ACCOUNT_PATH = '/personal-center/personal-center/cancelAccount';

export default function PrivacyRoute() {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation('common');
  return (
    <PageCard title={t('privacy.page.title')} lead={t('privacy.page.intro')}>
      <section>
        <h2>{t('privacy.page.cookiesTitle')}</h2>
        <p>{t('privacy.page.cookies')}</p>
        <ul>
          {COOKIES.map((key) => (
            <li key={key}>{t(`privacy.page.${key}`)}</li>
          ))}
        </ul>
      </section>
      <section>
        <h2>{t('privacy.page.storageTitle')}</h2>
        <p>{t('privacy.page.storage')}</p>
      </section>
      <section>
        <h2>{t('privacy.page.accountTitle')}</h2>
        <p>{t('privacy.page.account')}</p>
        <ul>
          {ACCOUNT_DATA.map((key) => (
            <li key={key}>{t(`privacy.page.${key}`)}</li>
          ))}
        </ul>
      </section>
      <section>
        <h2>{t('privacy.page.serverTitle')}</h2>
        <p>{t('privacy.page.server')}</p>
      </section>
      <section>
        <h2>{t('privacy.page.retentionTitle')}</h2>
        <p>{t('privacy.page.retention', {
            signInDays: SIGN_IN_RECORD_DAYS,
            contactDays: CONTACT_RECORD_DAYS,
            notificationReadDays: NOTIFICATION_READ_RECORD_DAYS,
            notificationDays: NOTIFICATION_RECORD_DAYS,
          })}</p>
      </section>
      <section>
        <h2>{t('privacy.page.eraseTitle')}</h2>
        <p>
          {t('privacy.page.erase', { days: ACCOUNT_CANCELLATION_DAYS })}{' '}
          <LocalLink to={CLOSE_ACCOUNT_PATH}>{t('privacy.page.eraseLink')}</LocalLink>
        </p>
        <p>{t('privacy.page.eraseKept', { signInDays: SIGN_IN_RECORD_DAYS })}</p>
        <p>
          {t('privacy.page.eraseAsk')} <LocalLink to="/contact">{tc('layout.footer.contact')}</LocalLink>
        </p>
        <p>{t('privacy.page.eraseDevice')}</p>
      </section>
      <section>
        <h2>{t('privacy.page.thirdPartyTitle')}</h2>
        <p>{t('privacy.page.thirdParty')}</p>
      </section>
    </PageCard>
  );
}
