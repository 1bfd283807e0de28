import { useTranslation } from 'react-i18next';
import type { MetaFunction } from 'react-router';
import { PageCard } from '../../../components/page-card';
import { pageMeta } from '../../../lib/page-meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { namespace: 'pages', title: 'agreement.page.title', description: 'agreement.page.description' });

const SECTIONS = ['use', 'info', 'points', 'noBetting', 'conduct', 'changes'] as const;

export default function AgreementRoute() {
  const { t } = useTranslation('pages');
  return (
    <PageCard title={t('agreement.page.title')} lead={t('agreement.page.intro')}>
      {SECTIONS.map((section) => (
        <section key={section}>
          <h2>{t(`agreement.page.${section}Title`)}</h2>
          <p>{t(`agreement.page.${section}`)}</p>
        </section>
      ))}
    </PageCard>
  );
}
