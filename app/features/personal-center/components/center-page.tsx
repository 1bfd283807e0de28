import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalLink } from '../../../components/local-link';
import { PERSONAL_CENTER } from '../personal-center-views';

/** One page of the personal centre: a card with its heading; phones get a way back to the centre. */
export function CenterPage({ title, lead, children, actions }: { title: string; lead?: ReactNode; children: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation('personalCenter');
  return (
    <article className="bg-surface px-4 py-5 sm:rounded-lg sm:border sm:border-line sm:px-6">
      <LocalLink to={PERSONAL_CENTER} end className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-muted hover:text-text lg:hidden">
        <span aria-hidden="true">‹</span> {t('page.back')}
      </LocalLink>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-bold tracking-tight">{title}</h1>
          {lead ? <p className="mt-1 text-muted">{lead}</p> : null}
        </div>
        {actions}
      </div>
      <div className="mt-5">{children}</div>
    </article>
  );
}
