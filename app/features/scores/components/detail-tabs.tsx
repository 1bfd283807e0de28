import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../../lib/locale';

/** The match page's sub-views as links (each has its own address), the current one marked. */
export function DetailTabs<T extends string>({ tabs, current, basePath }: { tabs: readonly T[]; current: T; basePath: string }) {
  const { t } = useTranslation('scores');
  const localize = useLocalizedPath();
  return (
    <nav aria-label={t('detail.tabsLabel')} className="scrollbar-none overflow-x-auto border-b border-line">
      <ul className="flex min-w-max">
        {tabs.map((tab) => {
          const active = tab === current;
          return (
            <li key={tab}>
              <Link
                to={localize(`${basePath}/${tab}`)}
                preventScrollReset
                aria-current={active ? 'page' : undefined}
                className={`block border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap ${active ? 'border-accent text-accent' : 'border-transparent text-muted hover:text-text'}`}
              >
                {t(`detail.tab.${tab}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A tab's panel. Its data comes with the match centre; until then it says so, with no invented figures. */
export function DetailTabPanel({ tab }: { tab: string }) {
  const { t } = useTranslation('scores');
  return (
    <section aria-labelledby="detail-tab-title" className="px-4 py-8 text-center">
      <h2 id="detail-tab-title" className="text-base font-semibold">
        {t(`detail.tab.${tab}`)}
      </h2>
      <p className="mx-auto mt-2 max-w-prose text-muted">{t('detail.comingLater')}</p>
    </section>
  );
}
