import { useTranslation } from 'react-i18next';
import type { MetaFunction } from 'react-router';
import { PageCard } from '../../../components/page-card';
import { pageMeta } from '../../../lib/page-meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { namespace: 'pages', title: 'privacy.page.title', description: 'privacy.page.description' });

const SECTIONS = ['cookies', 'storage', 'server', 'thirdParty', 'accounts', 'choices'] as const;

export default function PrivacyRoute() {
  const { t } = useTranslation('pages');
  return (
    <PageCard title={t('privacy.page.title')} lead={t('privacy.page.intro')}>
      {SECTIONS.map((section) => (
        <section key={section}>
          <h2>{t(`privacy.page.${section}Title`)}</h2>
          <p>{t(`privacy.page.${section}`)}</p>
        </section>
      ))}
    </PageCard>
  );
}
