import { useTranslation } from 'react-i18next';
import { forecastPaths } from '../../../components/forecast/forecast-paths';
import { OddsFormatSelect } from '../../../components/forecast/odds-format';
import { PlanList } from '../../../components/forecast/plan-list';
import { LocalLink } from '../../../components/local-link';
import { linkClass } from '../../../components/ui/field';
import { centerMeta } from '../center-meta';
import { CenterPage } from '../components/center-page';

export const meta = centerMeta('buyRecords');

/**
 * buyRecords: the prediction plans the reader unlocked with points, newest unlock first, each
 * with its content and, once settled, its result (GET /api/forecast/plans?view=purchased).
 */
export default function BuyRecordsRoute() {
  const { t } = useTranslation('personalCenter');
  const { t: tf } = useTranslation('forecast');
  return (
    <CenterPage title={t('views.buyRecords')} lead={tf('purchased.lead')} actions={<OddsFormatSelect />}>
      <PlanList
        query={{ view: 'purchased' }}
        empty={
          <>
            {tf('purchased.empty')}{' '}
            <LocalLink to={forecastPaths.home} className={linkClass}>
              {tf('purchased.browse')}
            </LocalLink>
          </>
        }
      />
    </CenterPage>
  );
}
