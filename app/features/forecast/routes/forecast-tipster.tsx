import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useLocation, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import type { TipsterProfileData } from '../../../../core/contracts/forecast';
import { Avatar } from '../../../components/avatar';
import { PlanList } from '../../../components/forecast/plan-list';
import { FormAlert, primaryButtonClass, secondaryButtonClass } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { useCurrentUser } from '../../../lib/app-state';
import { formatNumber } from '../../../lib/format';
import { useLocale } from '../../../lib/locale';
import { accountPagePath } from '../../../lib/login-redirect';
import { throwNotFound } from '../../../lib/not-found';
import { pageMeta } from '../../../lib/page-meta';
import { useApiData } from '../../../lib/use-api-data';
import { ForecastCard, ForecastFrame } from '../components/forecast-frame';
import { ProfitChart } from '../components/profit-chart-svg';
import { TipsterStatsPanel } from '../../../components/forecast/tipster-stats';
import { exportPath, forecastApi } from '../forecast-api';
import { parseForecastId } from '../forecast-ids';

export function loader({ params, request }: LoaderFunctionArgs) {
  const userId = parseForecastId(params.userId);
  if (userId === null) throwNotFound(new URL(request.url).pathname);
  return { userId };
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { namespace: 'forecast', title: 'tipster.metaTitle', description: 'tipster.metaDescription', values: { id: args.data?.userId ?? '' } });

/**
 * /forecast/tipster/:userId: a tipster's record with the honest measures beside every rate, the
 * luck meter, the cumulative profit chart, follow, the record's export, and their plans. Loaded
 * in the browser (GET /api/forecast/tipsters/:userId and the plan list).
 */
export default function ForecastTipsterRoute() {
  const { t } = useTranslation('forecast');
  const { userId } = useLoaderData<typeof loader>();
  const user = useCurrentUser();
  const profile = useApiData(`forecast-tipster:${userId}:${user?.id ?? ''}`, () => forecastApi.tipster(userId));
  const { data } = profile;

  return (
    <ForecastFrame view={null}>
      {profile.error ? (
        <ForecastCard testId="tipster-error">
          <div className="grid justify-items-start gap-3">
            <FormAlert>{apiErrorDetails(profile.error).message ?? t('list.failed')}</FormAlert>
            {apiErrorDetails(profile.error).status === 404 ? null : (
              <button type="button" onClick={profile.reload} className={secondaryButtonClass}>
                {t('list.retry')}
              </button>
            )}
          </div>
        </ForecastCard>
      ) : data === null ? (
        <ForecastCard>
          <p className="py-2 text-muted" role="status">
            {t('list.loading')}
          </p>
        </ForecastCard>
      ) : (
        <>
          <TipsterHeader data={data} onFollowChange={(isFollowed, followers) => profile.update((d) => ({ ...d, is_followed: isFollowed, followers }))} />
          <ForecastCard title={t('tipster.record')} lead={t('tipster.recordLead')} testId="tipster-record">
            <TipsterStatsPanel stats={data.stats} />
          </ForecastCard>
          <ForecastCard title={t('chart.heading')} lead={t('chart.lead')} testId="tipster-chart">
            <ProfitChart history={data.history} />
          </ForecastCard>
        </>
      )}
      <ForecastCard title={t('tipster.plans')} testId="tipster-plans">
        <PlanList query={{ view: 'upToDate', tipster_id: userId }} splitByStatus empty={t('tipster.noPlans')} />
      </ForecastCard>
    </ForecastFrame>
  );
}

function TipsterHeader({ data, onFollowChange }: { data: TipsterProfileData; onFollowChange: (isFollowed: boolean, followers: number) => void }) {
  const { t } = useTranslation('forecast');
  const locale = useLocale();
  return (
    <ForecastCard testId="tipster-header">
      <div className="flex flex-wrap items-center gap-3">
        <Avatar id={data.tipster.avatar} size={56} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-xl font-bold" data-testid="tipster-nickname">
            {data.tipster.nickname}
          </h2>
          <p className="text-sm text-muted tabular-nums">{t('tipster.followers', { count: data.followers, formatted: formatNumber(data.followers, locale) })}</p>
        </div>
        <FollowButton data={data} onChange={onFollowChange} />
      </div>
      <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="text-muted">{t('tipster.export')}</span>
        <a href={exportPath(data.tipster.id, 'csv')} download className="font-medium text-accent hover:underline" data-testid="tipster-export-csv">
          CSV
        </a>
        <a href={exportPath(data.tipster.id, 'json')} download className="font-medium text-accent hover:underline" data-testid="tipster-export-json">
          JSON
        </a>
      </p>
    </ForecastCard>
  );
}

function FollowButton({ data, onChange }: { data: TipsterProfileData; onChange: (isFollowed: boolean, followers: number) => void }) {
  const { t } = useTranslation('forecast');
  const user = useCurrentUser();
  const locale = useLocale();
  const { pathname, search } = useLocation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (user !== null && user.id === data.tipster.id) return null;
  if (user === null) {
    return (
      <Link to={accountPagePath('/login', locale, `${pathname}${search}`)} className={primaryButtonClass} title={t('messages:auth.loginFirst')}>
        {t('tipster.follow')}
      </Link>
    );
  }

  async function toggle() {
    setPending(true);
    setError(null);
    try {
      const answer = await forecastApi.follow(data.tipster.id, !data.is_followed);
      const change = answer.is_followed === data.is_followed ? 0 : answer.is_followed ? 1 : -1;
      onChange(answer.is_followed, Math.max(0, data.followers + change));
    } catch (failure) {
      setError(apiErrorDetails(failure).message ?? t('tipster.followFailed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="grid justify-items-end gap-1">
      <button
        type="button"
        onClick={() => void toggle()}
        disabled={pending}
        aria-pressed={data.is_followed}
        className={data.is_followed ? secondaryButtonClass : primaryButtonClass}
        data-testid="tipster-follow"
      >
        {data.is_followed ? t('tipster.unfollow') : t('tipster.follow')}
      </button>
      {error ? <p className="text-xs text-accent">{error}</p> : null}
    </div>
  );
}
