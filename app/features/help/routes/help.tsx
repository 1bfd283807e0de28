import { useTranslation } from 'react-i18next';
import type { MetaFunction } from 'react-router';
import { ACCOUNT_CANCELLATION_DAYS } from '../../../../core/contracts/account';
import { PageCard } from '../../../components/page-card';
import { isAppInAStore } from '../../../lib/hooks/use-app-store-redirect';
import { pageMeta } from '../../../lib/page-meta';
import { useRootData } from '../../../lib/root-data';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { namespace: 'pages', title: 'help.page.title', description: 'help.page.description' });

const QUESTIONS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

export default function HelpRoute() {
  const { t } = useTranslation('pages');
  const { config } = useRootData();
  // "There is no app" is said only while no store has it (decision 089).
  const answer = (n: (typeof QUESTIONS)[number]): string => {
    const text = t(`help.page.a${n}`, { days: ACCOUNT_CANCELLATION_DAYS });
    return n === 10 && !isAppInAStore(config.appStore) ? `${text} ${t('help.page.a10NoApp')}` : text;
  };
  return (
    <PageCard title={t('help.page.title')} lead={t('help.page.intro')}>
      <dl className="mt-4 divide-y divide-line">
        {QUESTIONS.map((n) => (
          <div key={n} className="py-3">
            <dt className="font-semibold">{t(`help.page.q${n}`)}</dt>
            <dd className="mt-1 leading-relaxed text-muted">{answer(n)}</dd>
          </div>
        ))}
      </dl>
    </PageCard>
  );
}
