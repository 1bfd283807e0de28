import { useTranslation } from 'react-i18next';
import type { MetaFunction } from 'react-router';
import { PageCard } from '../../../components/page-card';
import { pageMeta } from '../../../lib/page-meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { namespace: 'pages', title: 'disclaimer.page.title', description: 'disclaimer.page.description' });

const PARAGRAPHS = ['accuracy', 'simulated', 'noAdvice', 'independence', 'links'] as const;

export default function DisclaimerRoute() {
  const { t } = useTranslation('pages');
  return (
    <PageCard title={t('disclaimer.page.title')}>
      {PARAGRAPHS.map((paragraph) => (
        <p key={paragraph}>{t(`disclaimer.page.${paragraph}`)}</p>
      ))}
    </PageCard>
  );
}
