import { useTranslation } from 'react-i18next';
import type { MetaFunction } from 'react-router';
import { LocalLink } from '../../../components/local-link';
import { PageCard } from '../../../components/page-card';
import { pageMeta } from '../../../lib/page-meta';
import { useRootData } from '../../../lib/root-data';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { namespace: 'pages', title: 'downloadApp.page.title', description: 'downloadApp.page.description' });

export default function DownloadAppRoute() {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation('common');
  const { config } = useRootData();
  const stores = [
    { href: config.appStore.iosUrl, label: t('downloadApp.page.ios') },
    { href: config.appStore.androidUrl, label: t('downloadApp.page.android') },
  ].filter((store) => store.href !== '');

  return (
    <PageCard title={t('downloadApp.page.title')} lead={t('downloadApp.page.text')}>
      {stores.length > 0 ? (
        <>
          <p>{t('downloadApp.page.stores')}</p>
          <ul className="!list-none !ps-0 flex flex-wrap gap-3">
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
        </>
      ) : null}
      <p>
        {t('downloadApp.page.web')} <LocalLink to="/" end>{tc('layout.nav.home')}</LocalLink>
      </p>
    </PageCard>
  );
}
