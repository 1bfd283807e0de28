import { useTranslation } from 'react-i18next';
import type { MetaFunction } from 'react-router';
import { LocalLink } from '../../../components/local-link';
import { PageCard } from '../../../components/page-card';
import { isAppInAStore } from '../../../lib/hooks/use-app-store-redirect';
import { pageMeta } from '../../../lib/page-meta';
import { useRootData } from '../../../lib/root-data';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { namespace: 'pages', title: 'about.page.title', description: 'about.page.description' });

/** What works today, each with the page where it works (README "What works today"). */
const BUILT = [
  { name: 'about.page.liveName', text: 'about.page.live', to: '/' },
  { name: 'about.page.matchesName', text: 'about.page.matches', to: '/football' },
  { name: 'about.page.accountName', text: 'about.page.account', to: '/register' },
  { name: 'about.page.checkinName', text: 'about.page.checkin', to: '/personal-center/personal-center' },
  { name: 'about.page.forecastName', text: 'about.page.forecast', to: '/forecast' },
  { name: 'about.page.guessingName', text: 'about.page.guessing', to: '/guessing' },
  { name: 'about.page.searchName', text: 'about.page.search', to: '/search' },
  { name: 'about.page.favouritesName', text: 'about.page.favourites', to: '/football?list=favourites' },
  { name: 'about.page.communityName', text: 'about.page.community', to: '/community/community' },
  { name: 'about.page.newsName', text: 'about.page.news', to: '/sports' },
] as const;

const CREDITS = [
  { name: 'about.page.openfootballName', text: 'about.page.openfootball', href: 'https://github.com/openfootball' },
  { name: 'about.page.nbaName', text: 'about.page.nba', href: 'https://github.com/NocturneBear/NBA-Data-2010-2024' },
  { name: 'about.page.statsbombName', text: 'about.page.statsbomb', href: 'https://github.com/statsbomb/open-data' },
] as const;

/** /about, /hakkimizda and the personal centre's aboutUs. */
export default function AboutRoute() {
  const { t } = useTranslation('pages');
  const { config } = useRootData();
  return (
    <PageCard title={t('about.page.title')} lead={t('about.page.intro')}>
      <h2>{t('about.page.builtTitle')}</h2>
      <ul>
        {BUILT.map((item) => (
          <li key={item.name}>
            <LocalLink to={item.to} end={item.to === '/'}>
              {t(item.name)}
            </LocalLink>
            : {t(item.text)}
          </li>
        ))}
      </ul>
      <h2>{t('about.page.comingTitle')}</h2>
      <p>{t('about.page.coming')}</p>
      {/* Said only while no store has the app (decision 089). */}
      {isAppInAStore(config.appStore) ? null : <p>{t('about.page.noApp')}</p>}
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
