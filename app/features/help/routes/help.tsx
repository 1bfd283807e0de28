import { useTranslation } from 'react-i18next';
import type { MetaFunction } from 'react-router';
import { PageCard } from '../../../components/page-card';
import { pageMeta } from '../../../lib/page-meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { namespace: 'pages', title: 'help.page.title', description: 'help.page.description' });

const QUESTIONS = [1, 2, 3, 4, 5, 6, 7] as const;

export default function HelpRoute() {
  const { t } = useTranslation('pages');
  return (
    <PageCard title={t('help.page.title')} lead={t('help.page.intro')}>
      <dl className="mt-4 divide-y divide-line">
        {QUESTIONS.map((n) => (
          <div key={n} className="py-3">
            <dt className="font-semibold">{t(`help.page.q${n}`)}</dt>
            <dd className="mt-1 leading-relaxed text-muted">{t(`help.page.a${n}`)}</dd>
          </div>
        ))}
      </dl>
    </PageCard>
  );
}
