import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { forecastPaths } from '../../../components/forecast/forecast-paths';
import { OddsFormatSelect } from '../../../components/forecast/odds-format';
import { SuccessRateFigure } from '../../../components/forecast/success-rate';
import { LiveIndicator } from '../../../components/live-indicator';
import { useLocalizedPath } from '../../../lib/locale';
import type { ForecastView } from '../forecast-views';

/** The tabs in reading order: the feeds first, then the reader's own, then publishing and rankings. */
export const FORECAST_TABS: readonly ForecastView[] = ['upToDate', 'recommend', 'myFollow', 'my', 'launchDialog', 'winningRanking'];

/**
 * The prediction centre's frame: its name, the measured success rate, the odds format, and the
 * sub-views as links (each has its own address). The page itself goes below.
 */
export function ForecastFrame({ view, children }: { view: ForecastView | null; children: ReactNode }) {
  const { t } = useTranslation('pages');
  const { t: tf } = useTranslation('forecast');
  const localize = useLocalizedPath();
  // grid-cols-1 is minmax(0, 1fr): the scrolling tab bar must not widen the page on phones.
  return (
    <div className="mx-auto grid w-full max-w-4xl grid-cols-1 gap-3 sm:py-3">
      <header className="bg-surface sm:rounded-lg sm:border sm:border-line">
        <div className="flex flex-wrap items-start justify-between gap-3 px-4 pt-4 sm:px-6">
          <div className="min-w-0">
            <h1 className="text-xl font-bold tracking-tight sm:text-2xl">{t('forecast.page.title')}</h1>
            <p className="mt-1 text-sm text-muted">{tf('page.lead')}</p>
            <SuccessRateFigure className="mt-2" />
            <Link to={localize('/guessing/glossary')} className="mt-1 inline-block text-xs font-medium text-accent hover:underline" data-testid="forecast-glossary-link">
              {tf('page.glossary')}
            </Link>
          </div>
          <div className="flex items-center gap-3">
            {/* settled plans pop up live: readers see whether the channel is up */}
            <LiveIndicator />
            <OddsFormatSelect />
          </div>
        </div>
        <nav aria-label={tf('page.tabs')} className="scrollbar-none mt-3 overflow-x-auto border-t border-line">
          <ul className="flex min-w-max px-2 sm:px-4">
            {FORECAST_TABS.map((tab) => {
              const active = tab === view;
              return (
                <li key={tab}>
                  <Link
                    to={localize(forecastPaths.view(tab))}
                    preventScrollReset
                    aria-current={active ? 'page' : undefined}
                    className={`block border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap ${active ? 'border-accent text-accent' : 'border-transparent text-muted hover:text-text'}`}
                  >
                    {t(`forecast.views.${tab}`)}
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

/** One section card of the prediction centre. */
export function ForecastCard({ title, lead, action, children, testId }: { title?: ReactNode; lead?: ReactNode; action?: ReactNode; children: ReactNode; testId?: string }) {
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
