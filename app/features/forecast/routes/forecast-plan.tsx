import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { forecastPaths } from '../../../components/forecast/forecast-paths';
import { planApi } from '../../../components/forecast/plan-api';
import { PlanCard } from '../../../components/forecast/plan-card';
import { LocalLink } from '../../../components/local-link';
import { FormAlert, secondaryButtonClass } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { useCurrentUser } from '../../../lib/app-state';
import { throwNotFound } from '../../../lib/not-found';
import { pageMeta } from '../../../lib/page-meta';
import { useApiData } from '../../../lib/use-api-data';
import { parseForecastId } from '../forecast-ids';
import { ForecastFrame } from '../components/forecast-frame';

/** The address names a plan by a whole number; anything else is not a page. */
export function loader({ params, request }: LoaderFunctionArgs) {
  const planId = parseForecastId(params.id);
  if (planId === null) throwNotFound(new URL(request.url).pathname);
  return { planId };
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { namespace: 'forecast', title: 'planPage.title', description: 'planPage.description', values: { id: args.data?.planId ?? '' } });

/**
 * /forecast/plan/:id: one plan, full width, with its verify button. The plan loads in the
 * browser (GET /api/forecast/plans/:id) with the reader's session.
 */
export default function ForecastPlanRoute() {
  const { t } = useTranslation('forecast');
  const { planId } = useLoaderData<typeof loader>();
  const user = useCurrentUser();
  const plan = useApiData(`forecast-plan:${planId}:${user?.id ?? ''}`, () => planApi.get(planId));
  return (
    <ForecastFrame view={null}>
      <section className="min-w-0 bg-surface px-4 py-4 sm:rounded-lg sm:border sm:border-line sm:px-6" data-testid="forecast-plan-page">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-bold">{t('planPage.heading', { id: planId })}</h2>
          <LocalLink to={forecastPaths.home} end className="text-sm font-medium text-muted hover:text-text">
            <span aria-hidden="true">‹</span> {t('planPage.back')}
          </LocalLink>
        </div>
        {plan.error ? (
          <div className="grid justify-items-start gap-3">
            <FormAlert>{apiErrorDetails(plan.error).message ?? t('list.failed')}</FormAlert>
            {apiErrorDetails(plan.error).status === 404 ? null : (
              <button type="button" onClick={plan.reload} className={secondaryButtonClass}>
                {t('list.retry')}
              </button>
            )}
          </div>
        ) : plan.data === null ? (
          <p className="py-2 text-muted" role="status">
            {t('list.loading')}
          </p>
        ) : (
          <PlanCard plan={plan.data} standalone onChange={(changed) => plan.update(() => changed)} />
        )}
      </section>
    </ForecastFrame>
  );
}
