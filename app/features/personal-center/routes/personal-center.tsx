import { useTranslation } from 'react-i18next';
import type { MetaFunction } from 'react-router';
import { ComingSoon } from '../../../components/coming-soon';
import { pageMeta } from '../../../lib/page-meta';
import { useRouteView, viewOfMatches } from '../../../lib/route-view';

export const meta: MetaFunction = (args) => {
  const view = viewOfMatches(args.matches);
  return pageMeta(args, {
    namespace: 'pages',
    title: view ? `personalCenter.views.${view}` : 'personalCenter.page.title',
    description: 'personalCenter.page.offer',
  });
};

/** /personal-center/personal-center and its children (points mall, settings, …); a later issue. */
export default function PersonalCenterRoute() {
  const { t } = useTranslation('pages');
  const view = useRouteView();
  return (
    <ComingSoon
      title={t('personalCenter.page.title')}
      section={view ? t(`personalCenter.views.${view}`) : null}
      offer={t('personalCenter.page.offer')}
    />
  );
}
