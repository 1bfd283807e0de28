import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../../lib/locale';

/** The match page's sub-views as links (each has its own address), the current one marked. */
export function DetailTabs<T extends string>({ tabs, current, basePath }: { tabs: readonly T[]; current: T; basePath: string }) {
  const { t } = useTranslation('scores');
  const localize = useLocalizedPath();
  const scroller = useRef<HTMLElement>(null);
  useEffect(() => {
    // On a phone the strip scrolls: bring the open tab into view, without moving the page.
    const strip = scroller.current;
    const active = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !active) return;
    if (active.offsetLeft < strip.scrollLeft || active.offsetLeft + active.offsetWidth > strip.scrollLeft + strip.clientWidth) {
      strip.scrollLeft = active.offsetLeft - strip.clientWidth / 2 + active.offsetWidth / 2;
    }
  }, [current]);
  return (
    <nav ref={scroller} aria-label={t('detail.tabsLabel')} className="scrollbar-none relative overflow-x-auto border-b border-line">
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
