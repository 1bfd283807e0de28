import { useTranslation } from 'react-i18next';
import type { MetaFunction } from 'react-router';
import { LocalLink } from '../../../components/local-link';
import { PageCard } from '../../../components/page-card';
import { isAppInAStore } from '../../../lib/hooks/use-app-store-redirect';
import { pageMeta } from '../../../lib/page-meta';
import { useRootData } from '../../../lib/root-data';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { namespace: 'pages', title: 'downloadApp.page.title', description: 'downloadApp.page.description' });

/**
 * /download-app: the app's store pages when the server names them (APP_STORE_IOS_URL,
 * APP_STORE_ANDROID_URL); without them it says plainly that there is no app and how to keep
 * the website on the home screen (decision 089). It never links a store's front page.
 */
export default function DownloadAppRoute() {
  const { t } = useTranslation('pages');
  const { config } = useRootData();
  const stores = [
    { href: config.appStore.iosUrl, label: t('downloadApp.page.ios') },
    { href: config.appStore.androidUrl, label: t('downloadApp.page.android') },
  ].filter((store) => store.href !== '');
  const hasApp = isAppInAStore(config.appStore);

  return (
    <PageCard title={t('downloadApp.page.title')} lead={hasApp ? t('downloadApp.page.stores') : t('downloadApp.page.none')}>
      {hasApp ? (
        <ul className="!list-none !ps-0 flex flex-wrap gap-3" data-testid="app-stores">
          {stores.map((store) => (
            <li key={store.href}>
              <a
                href={store.href}
                rel="noopener noreferrer"
                className="inline-block rounded-md border border-line bg-surface-muted px-4 py-2 font-semibold !text-text !no-underline hover:border-accent"
              >
                {store.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <p>{t('downloadApp.page.web')}</p>
      <p>
        <LocalLink
          to="/"
          end
          className="inline-block rounded-md bg-accent px-4 py-2 font-semibold !text-accent-contrast !no-underline hover:bg-accent-strong"
        >
          {t('downloadApp.page.open')}
        </LocalLink>
      </p>
      <h2>{t('downloadApp.page.homeScreenTitle')}</h2>
      <ul>
        <li>{t('downloadApp.page.homeScreenIos')}</li>
        <li>{t('downloadApp.page.homeScreenAndroid')}</li>
      </ul>
      <p>{t('downloadApp.page.homeScreenNote')}</p>
    </PageCard>
  );
}
