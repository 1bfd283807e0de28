import { useTranslation } from 'react-i18next';
import type { MetaFunction } from 'react-router';
import { ComingSoon } from '../../../components/coming-soon';
import { pageMeta } from '../../../lib/page-meta';
import { useRouteView, viewOfMatches } from '../../../lib/route-view';

export const meta: MetaFunction = (args) => {
  const view = viewOfMatches(args.matches);
  return pageMeta(args, {
    namespace: 'pages',
    title: view ? `forecast.views.${view}` : 'forecast.page.title',
    description: 'forecast.page.offer',
  });
};

/** The prediction centre and its sub-views (/forecast/{view}); built in a later issue. */
export default function ForecastRoute() {
  const { t } = useTranslation('pages');
  const view = useRouteView();
  return (
    <ComingSoon
      title={t('forecast.page.title')}
      section={view ? t(`forecast.views.${view}`) : null}
      offer={t('forecast.page.offer')}
    />
  );
}
