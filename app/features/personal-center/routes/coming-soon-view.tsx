import { useTranslation } from 'react-i18next';
import type { MetaFunction } from 'react-router';
import { ComingSoon } from '../../../components/coming-soon';
import { pageMeta } from '../../../lib/page-meta';
import { useRouteView, viewOfMatches } from '../../../lib/route-view';

export const meta: MetaFunction = (args) => {
  const view = viewOfMatches(args.matches) ?? 'pointsMall';
  return pageMeta(args, { namespace: 'personalCenter', title: `views.${view}`, description: `comingSoon.${view}` });
};

/**
 * Personal-centre pages of later features (points mall, product details,
 * level benefits, invitations): they say plainly what is coming.
 */
export default function ComingSoonViewRoute() {
  const { t } = useTranslation('personalCenter');
  const view = useRouteView() ?? 'pointsMall';
  return <ComingSoon title={t(`views.${view}`)} section={t('page.title')} offer={t(`comingSoon.${view}`)} />;
}
