import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert, secondaryButtonClass } from '../ui/field';
import { LocalLink } from '../local-link';
import { apiErrorDetails } from '../../lib/account-api';
import { useApiData } from '../../lib/use-api-data';
import { endpointCalls } from '../../lib/endpoint-calls';
import { StaffNav } from './staff-nav';
import { LoadingText } from '../ui/loading-text';

const staffStatus = endpointCalls(async () => (await import('../../../core/contracts/staff')).staffEndpoints);

/** The frame of a staff page: the console's name above the page's heading, a card below. */
export function StaffFrame({ title, lead, back, aside, children }: { title: ReactNode; lead?: ReactNode; back?: { to: string; label: string }; aside?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('staff');
  const status = useApiData('staff-status', () => staffStatus('status'));
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-3 sm:py-3">
      {status.data?.simulator.predictable ? (
        <p role="alert" data-testid="staff-predictable" className="rounded-md border border-accent/40 bg-accent-soft px-4 py-3 text-sm font-medium text-accent-strong dark:text-accent">
          {t('status.predictable')}
        </p>
      ) : null}
      <header className="bg-surface px-4 py-4 sm:rounded-lg sm:border sm:border-line sm:px-6">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs font-semibold tracking-wide text-muted uppercase">
          <span className="rounded bg-accent px-1.5 py-0.5 text-xs text-accent-contrast">{t('page.label')}</span>
          {back ? (
            <LocalLink to={back.to} end className="inline-flex items-center gap-1 normal-case hover:text-text" data-testid="staff-back">
              <span aria-hidden="true">‹</span> {back.label}
            </LocalLink>
          ) : (
            <span className="normal-case">{t('page.title')}</span>
          )}
        </p>
        <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-xl font-bold tracking-tight break-words sm:text-2xl">{title}</h1>
            {lead ? <div className="mt-1 text-sm text-muted">{lead}</div> : null}
          </div>
          {aside}
        </div>
        <StaffNav />
      </header>
      {children}
    </div>
  );
}

/** A section card of a staff page. */
export function StaffCard({ children, className = '', ...rest }: { children: ReactNode; className?: string } & HTMLAttributes<HTMLElement>) {
  return (
    <section className={`min-w-0 bg-surface px-4 py-4 sm:rounded-lg sm:border sm:border-line sm:px-6 ${className}`} {...rest}>
      {children}
    </section>
  );
}

/** What a list shows while its data loads, or when loading failed (with a retry). */
export function LoadState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('staff');
  if (error) {
    return (
      <div className="grid justify-items-start gap-3">
        <FormAlert>{apiErrorDetails(error).message ?? t('load.failed')}</FormAlert>
        <button type="button" onClick={onRetry} className={secondaryButtonClass}>
          {t('load.retry')}
        </button>
      </div>
    );
  }
  return (
    <LoadingText className="py-2 text-muted">{t('load.loading')}</LoadingText>
  );
}
