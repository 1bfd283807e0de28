import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plan } from '../../../core/contracts/forecast';
import { FormAlert, secondaryButtonClass } from '../ui/field';
import { apiErrorDetails } from '../../lib/account-api';
import { useCurrentUser } from '../../lib/app-state';
import { useApiData } from '../../lib/use-api-data';
import { pageCount } from './forecast-format';
import { planApi, type PlanListQuery } from './plan-api';
import { PlanCard } from './plan-card';

export const PLAN_PAGE_SIZE = 10;

/**
 * A paged list of plan cards, loaded in the browser (GET /api/forecast/plans) with the reader's
 * session, so the server-rendered HTML never holds a plan. The list asks again when the query
 * or the signed-in reader changes; an unlocked plan replaces its card in place.
 *
 * `splitByStatus` shows open plans and the history (settled, void) under their own headings.
 */
export function PlanList({
  query,
  empty,
  splitByStatus = false,
  size = PLAN_PAGE_SIZE,
}: {
  query: Omit<PlanListQuery, 'page' | 'size'>;
  empty: ReactNode;
  splitByStatus?: boolean;
  size?: number;
}) {
  const { t } = useTranslation('forecast');
  const user = useCurrentUser();
  const queryKey = JSON.stringify([query.view, query.match_id ?? null, query.tipster_id ?? null, query.sport ?? null, size, user?.id ?? null]);
  const [paging, setPaging] = useState({ key: queryKey, page: 1 });
  const page = paging.key === queryKey ? paging.page : 1;
  const plans = useApiData(`plans:${queryKey}:${page}`, () => planApi.list({ ...query, page, size }));
  const { data } = plans;

  if (plans.error) {
    const details = apiErrorDetails(plans.error);
    return (
      <div className="grid justify-items-start gap-3" data-testid="plan-list-error">
        <FormAlert>{details.status === 0 ? t('list.network') : (details.message ?? t('list.failed'))}</FormAlert>
        <button type="button" onClick={plans.reload} className={secondaryButtonClass}>
          {t('list.retry')}
        </button>
      </div>
    );
  }
  if (data === null) {
    return (
      <p className="py-2 text-muted" role="status" data-testid="plan-list-loading">
        {t('list.loading')}
      </p>
    );
  }
  if (data.list.length === 0) {
    return (
      <div className="rounded-md bg-surface-muted px-4 py-4 text-sm" data-testid="plan-list-empty">
        {page > 1 ? t('list.pageEmpty') : empty}
      </div>
    );
  }

  const replace = (changed: Plan) => plans.update((current) => ({ ...current, list: current.list.map((p) => (p.id === changed.id ? changed : p)) }));
  const pages = pageCount(data.total, data.size);
  const cards = (list: readonly Plan[]) => (
    <ul className="grid gap-3" aria-busy={plans.loading}>
      {list.map((plan) => (
        <li key={plan.id} className="min-w-0">
          <PlanCard plan={plan} onChange={replace} />
        </li>
      ))}
    </ul>
  );

  const open = data.list.filter((plan) => plan.status === 'open');
  const history = data.list.filter((plan) => plan.status !== 'open');
  return (
    <div className="grid gap-3" data-testid="plan-list">
      {splitByStatus ? (
        <>
          {open.length > 0 ? (
            <section className="grid gap-2">
              <h3 className="text-sm font-bold tracking-wide text-muted uppercase">{t('list.open')}</h3>
              {cards(open)}
            </section>
          ) : null}
          {history.length > 0 ? (
            <section className="grid gap-2">
              <h3 className="text-sm font-bold tracking-wide text-muted uppercase">{t('list.history')}</h3>
              {cards(history)}
            </section>
          ) : null}
        </>
      ) : (
        cards(data.list)
      )}
      {pages > 1 ? (
        <nav aria-label={t('list.pagination')} className="flex items-center justify-between gap-2">
          {page > 1 ? (
            <button type="button" className={secondaryButtonClass} onClick={() => setPaging({ key: queryKey, page: page - 1 })}>
              <span aria-hidden="true">‹</span> {t('list.previous')}
            </button>
          ) : (
            <span />
          )}
          <span className="text-sm text-muted tabular-nums">{t('list.page', { page, pages })}</span>
          {page < pages ? (
            <button type="button" className={secondaryButtonClass} onClick={() => setPaging({ key: queryKey, page: page + 1 })}>
              {t('list.next')} <span aria-hidden="true">›</span>
            </button>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
