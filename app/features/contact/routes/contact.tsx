import { useTranslation } from 'react-i18next';
import type { MetaFunction } from 'react-router';
import { LocalLink } from '../../../components/local-link';
import { PageCard } from '../../../components/page-card';
import { pageMeta } from '../../../lib/page-meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { namespace: 'pages', title: 'contact.page.title', description: 'contact.page.description' });

export default function ContactRoute() {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation('common');
  return (
    <PageCard title={t('contact.page.title')}>
      <p>{t('contact.page.text')}</p>
      <p>{t('contact.page.form')}</p>
      <p>
        {t('contact.page.help')} <LocalLink to="/help">{tc('layout.footer.help')}</LocalLink>
      </p>
      <p>
        {t('contact.page.account')} <LocalLink to="/privacy">{tc('layout.footer.privacy')}</LocalLink>
      </p>
    </PageCard>
  );
}
