import { useTranslation } from 'react-i18next';
import { forecastPaths } from '../../../components/forecast/forecast-paths';
import { PlanList } from '../../../components/forecast/plan-list';
import { forecast } from '../../../components/forecast/plan-api';
import { TipsterStatsPanel } from '../../../components/forecast/tipster-stats';
import { LocalLink } from '../../../components/local-link';
import { linkClass } from '../../../components/ui/field';
import { useApiData } from '../../../lib/use-api-data';
import { BloggerCard, Loading, LoadFailure } from './blogger-card';

/**
 * warRecord: a tipster's record as the prediction centre computes and words it — the rates with
 * the number of settled plans they rest on, the shrunk rate, the Wilson bound and the luck meter
 * (app/components/forecast/tipster-stats.tsx, the same panel as the tipster page), nothing added.
 */
export function WarRecord({ userId }: { userId: number }) {
  const { t } = useTranslation('community');
  const record = useApiData(`blogger-record:${userId}`, () => forecast('tipster', { params: { userId } }));
  return (
    <BloggerCard
      title={t('blogger.record.title')}
      action={
        <LocalLink to={forecastPaths.tipster(userId)} className={`${linkClass} text-sm`} data-testid="war-record-more">
          {t('blogger.record.more')}
        </LocalLink>
      }
      testId="war-record"
    >
      {record.error ? <LoadFailure error={record.error} retry={record.reload} /> : record.data === null ? <Loading /> : <TipsterStatsPanel stats={record.data.stats} />}
    </BloggerCard>
  );
}

/** predictList: the tipster's plans, as the prediction centre lists them (open first, then the settled ones). */
export function PredictList({ userId }: { userId: number }) {
  const { t } = useTranslation('community');
  return (
    <BloggerCard title={t('blogger.plans.title')} testId="predict-list">
      <PlanList query={{ view: 'upToDate', tipster_id: userId }} splitByStatus size={5} empty={t('blogger.plans.empty')} />
    </BloggerCard>
  );
}

/** The plans the reader bought (their own page only: the list is the reader's, never another fan's). */
export function PurchasedList() {
  const { t } = useTranslation('community');
  return (
    <BloggerCard title={t('blogger.purchased.title')} testId="purchased-list">
      <PlanList query={{ view: 'purchased' }} empty={t('blogger.purchased.empty')} />
    </BloggerCard>
  );
}
