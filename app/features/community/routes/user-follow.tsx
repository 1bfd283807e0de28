import { useTranslation } from 'react-i18next';
import type { MetaFunction } from 'react-router';
import { ComingSoon } from '../../../components/coming-soon';
import { pageMeta } from '../../../lib/page-meta';
import { useRouteView, viewOfMatches } from '../../../lib/route-view';

export const meta: MetaFunction = (args) => {
  const view = viewOfMatches(args.matches);
  return pageMeta(args, {
    namespace: 'pages',
    title: view ? `community.views.${view}` : 'community.page.title',
    description: 'community.page.offer',
  });
};

/** /community/community userFollow: not built yet (issue 25). */
export default function CommunityRoute() {
  const { t } = useTranslation('pages');
  const view = useRouteView();
  return (
    <ComingSoon
      title={t('community.page.title')}
      section={view ? t(`community.views.${view}`) : null}
      offer={t('community.page.offer')}
    />
  );
}
