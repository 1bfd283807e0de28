import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Sport } from '../../../../core/contracts/matches';
import { RECOMMEND_MIN_SETTLED } from '../../../../core/forecast/recommend';
import { forecastPaths } from '../../../components/forecast/forecast-paths';
import { PlanList } from '../../../components/forecast/plan-list';
import { FormAlert, linkClass, secondaryButtonClass } from '../../../components/ui/field';
import { LocalLink } from '../../../components/local-link';
import { apiErrorDetails } from '../../../lib/account-api';
import { useCurrentUser } from '../../../lib/app-state';
import { useApiData } from '../../../lib/use-api-data';
import { forecastApi } from '../forecast-api';
import { ForecastCard } from './forecast-frame';
import { LoginPrompt } from './login-prompt';
import { TipsterStatsPanel } from '../../../components/forecast/tipster-stats';

const SPORTS = ['all', 'football', 'basketball'] as const;

export function parseSport(value: string | null): Sport | undefined {
  return value === 'football' || value === 'basketball' ? value : undefined;
}

/** All / football / basketball, as links that keep the choice in the address. */
function SportFilter({ sport }: { sport: Sport | undefined }) {
  const { t } = useTranslation('forecast');
  return (
    <div role="group" aria-label={t('filter.sport')} className="inline-flex overflow-hidden rounded-md border border-line">
      {SPORTS.map((value) => {
        const active = (sport ?? 'all') === value;
        return (
          <Link
            key={value}
            to={value === 'all' ? '?' : `?sport=${value}`}
            replace
            preventScrollReset
            aria-current={active ? 'true' : undefined}
            className={`px-3 py-1.5 text-sm font-medium not-last:border-e not-last:border-line focus-visible:-outline-offset-2 ${active ? 'bg-accent text-accent-contrast [--focus:var(--accent-contrast)]' : 'hover:bg-surface-muted'}`}
          >
            {value === 'all' ? t('filter.all') : t(`sport.${value}`)}
          </Link>
        );
      })}
    </div>
  );
}

function useSportParam(): Sport | undefined {
  const [params] = useSearchParams();
  return parseSport(params.get('sport'));
}

/** upToDate (also /forecast): open plans, newest first. */
export function UpToDateView() {
  const { t } = useTranslation('forecast');
  const sport = useSportParam();
  return (
    <ForecastCard title={t('feeds.upToDate.title')} lead={t('feeds.upToDate.lead')} action={<SportFilter sport={sport} />} testId="forecast-upToDate">
      <PlanList
        query={{ view: 'upToDate', sport }}
        empty={
          <>
            {t('feeds.upToDate.empty')}{' '}
            <LocalLink to={forecastPaths.view('launchDialog')} className={linkClass}>
              {t('feeds.publishFirst')}
            </LocalLink>
          </>
        }
      />
    </ForecastCard>
  );
}

/** recommend: open plans by the documented rule (core/forecast/recommend.ts), said in one line. */
export function RecommendView() {
  const { t } = useTranslation('forecast');
  const sport = useSportParam();
  return (
    <ForecastCard title={t('feeds.recommend.title')} action={<SportFilter sport={sport} />} testId="forecast-recommend">
      <p className="mb-3 rounded-md bg-surface-muted px-3 py-2 text-sm" data-testid="recommend-rule">
        {t('feeds.recommend.rule', { count: RECOMMEND_MIN_SETTLED })}
      </p>
      <PlanList query={{ view: 'recommend', sport }} empty={t('feeds.recommend.empty', { count: RECOMMEND_MIN_SETTLED })} />
    </ForecastCard>
  );
}

/** myFollow: the open plans of the tipsters the reader follows. */
export function MyFollowView() {
  const { t } = useTranslation('forecast');
  const user = useCurrentUser();
  const sport = useSportParam();
  return (
    <ForecastCard title={t('feeds.myFollow.title')} lead={t('feeds.myFollow.lead')} action={user ? <SportFilter sport={sport} /> : null} testId="forecast-myFollow">
      {user === null ? (
        <LoginPrompt reason={t('feeds.myFollow.login')} />
      ) : (
        <PlanList
          query={{ view: 'myFollow', sport }}
          empty={
            <>
              {t('feeds.myFollow.empty')}{' '}
              <LocalLink to={forecastPaths.view('winningRanking')} className={linkClass}>
                {t('feeds.myFollow.findTipsters')}
              </LocalLink>
            </>
          }
        />
      )}
    </ForecastCard>
  );
}

/** my: the reader's record (the same figures a tipster page shows) and their plans, open and settled. */
export function MyView() {
  const { t } = useTranslation('forecast');
  const user = useCurrentUser();
  if (user === null) {
    return (
      <ForecastCard title={t('feeds.my.title')} testId="forecast-my">
        <LoginPrompt reason={t('feeds.my.login')} />
      </ForecastCard>
    );
  }
  return (
    <>
      <ForecastCard
        title={t('feeds.my.statsTitle')}
        action={
          <LocalLink to={forecastPaths.tipster(user.id)} className="text-sm font-medium text-accent hover:underline">
            {t('feeds.my.publicPage')}
          </LocalLink>
        }
        testId="forecast-my-stats"
      >
        <MyStats userId={user.id} />
      </ForecastCard>
      <ForecastCard
        title={t('feeds.my.title')}
        action={
          <LocalLink to={forecastPaths.view('launchDialog')} className={secondaryButtonClass}>
            {t('feeds.my.publish')}
          </LocalLink>
        }
        testId="forecast-my"
      >
        <PlanList query={{ view: 'my' }} splitByStatus empty={t('feeds.my.empty')} />
      </ForecastCard>
    </>
  );
}

function MyStats({ userId }: { userId: number }) {
  const { t } = useTranslation('forecast');
  const profile = useApiData(`forecast-tipster:${userId}`, () => forecastApi.tipster(userId));
  if (profile.error) {
    return (
      <div className="grid justify-items-start gap-3">
        <FormAlert>{apiErrorDetails(profile.error).message ?? t('list.failed')}</FormAlert>
        <button type="button" onClick={profile.reload} className={secondaryButtonClass}>
          {t('list.retry')}
        </button>
      </div>
    );
  }
  if (profile.data === null) {
    return (
      <p className="py-2 text-muted" role="status">
        {t('list.loading')}
      </p>
    );
  }
  return <TipsterStatsPanel stats={profile.data.stats} />;
}
