import { useTranslation } from 'react-i18next';
import type { MetaFunction } from 'react-router';
import { PageCard } from '../../../components/page-card';
import { pageMeta } from '../../../lib/page-meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { namespace: 'pages', title: 'about.page.title', description: 'about.page.description' });

const CREDITS = [
  { name: 'about.page.openfootballName', text: 'about.page.openfootball', href: 'https://github.com/openfootball' },
  { name: 'about.page.nbaName', text: 'about.page.nba', href: 'https://github.com/NocturneBear/NBA-Data-2010-2024' },
  { name: 'about.page.statsbombName', text: 'about.page.statsbomb', href: 'https://github.com/statsbomb/open-data' },
] as const;

/** /about, /hakkimizda and the personal centre's aboutUs. */
export default function AboutRoute() {
  const { t } = useTranslation('pages');
  return (
    <PageCard title={t('about.page.title')} lead={t('about.page.intro')}>
      <p>{t('about.page.release')}</p>
      <h2>{t('about.page.simulatedTitle')}</h2>
      <p>{t('about.page.simulated')}</p>
      <h2>{t('about.page.creditsTitle')}</h2>
      <p>{t('about.page.creditsIntro')}</p>
      <ul>
        {CREDITS.map((credit) => (
          <li key={credit.href}>
            <a href={credit.href} rel="noopener noreferrer" target="_blank">
              {t(credit.name)}
            </a>{' '}
            — {t(credit.text)}
          </li>
        ))}
      </ul>
      <p>{t('about.page.crests')}</p>
      <p>{t('about.page.independence')}</p>
    </PageCard>
  );
}
