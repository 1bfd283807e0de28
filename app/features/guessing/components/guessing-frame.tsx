import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OddsFormatSelect } from '../../../components/forecast/odds-format';
import { LiveIndicator } from '../../../components/live-indicator';
import { useLocalizedPath } from '../../../lib/locale';
import { GUESSING_TABS, guessingPaths, type GuessingTab } from '../guessing-paths';

/**
 * The guessing contest's frame: its name, the points-only notice, the live state (results pop
 * up), the odds format, and the sub-views as links (each has its own address).
 */
export function GuessingFrame({ tab, children, wide = false }: { tab: GuessingTab; children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation('pages');
  const { t: tg } = useTranslation('guessing');
  const localize = useLocalizedPath();
  // grid-cols-1 is minmax(0, 1fr): the scrolling tab bar must not widen the page on phones.
  return (
    <div className={`mx-auto grid w-full ${wide ? 'max-w-6xl' : 'max-w-4xl'} grid-cols-1 gap-3 sm:py-3`}>
      <header className="bg-surface sm:rounded-lg sm:border sm:border-line">
        <div className="flex flex-wrap items-start justify-between gap-3 px-4 pt-4 sm:px-6">
          <div className="min-w-0">
            <h1 className="text-xl font-bold tracking-tight sm:text-2xl">{t('guessing.page.title')}</h1>
            <p className="mt-1 text-sm text-muted">{tg('page.lead')}</p>
          </div>
          <div className="flex items-center gap-3">
            {/* settled bets pop up live: readers see whether the channel is up */}
            <LiveIndicator />
            <OddsFormatSelect />
          </div>
        </div>
        <PointsNotice className="mx-4 mt-3 sm:mx-6" />
        <nav aria-label={tg('page.tabs')} className="scrollbar-none mt-3 overflow-x-auto border-t border-line">
          <ul className="flex min-w-max px-2 sm:px-4">
            {GUESSING_TABS.map((item) => {
              const active = item === tab;
              return (
                <li key={item}>
                  <Link
                    to={localize(item === 'glossary' ? guessingPaths.glossary : guessingPaths.view(item))}
                    preventScrollReset
                    aria-current={active ? 'page' : undefined}
                    className={`block border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap ${active ? 'border-accent text-accent' : 'border-transparent text-muted hover:text-text'}`}
                  >
                    {item === 'glossary' ? tg('glossary.tab') : t(`guessing.views.${item}`)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </header>
      {children}
    </div>
  );
}

/** Decision 080: points only — never bought with money, no cash value, no cash out. */
export function PointsNotice({ className = '' }: { className?: string }) {
  const { t } = useTranslation('guessing');
  return (
    <p className={`rounded-md bg-surface-muted px-3 py-2 text-xs text-muted ${className}`} data-testid="points-notice">
      {t('page.pointsOnly')}
    </p>
  );
}

/** One section card of the contest. */
export function GuessingCard({ title, lead, action, children, testId }: { title?: ReactNode; lead?: ReactNode; action?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="min-w-0 bg-surface px-4 py-4 sm:rounded-lg sm:border sm:border-line sm:px-6" data-testid={testId}>
      {title || action ? (
        <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            {title ? <h2 className="text-lg font-bold">{title}</h2> : null}
            {lead ? <p className="mt-0.5 text-sm text-muted">{lead}</p> : null}
          </div>
          {action}
        </div>
      ) : null}
      {children}
    </section>
  );
}
