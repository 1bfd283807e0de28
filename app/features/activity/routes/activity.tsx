import { useTranslation } from 'react-i18next';
import type { MetaFunction } from 'react-router';
import { ComingSoon } from '../../../components/coming-soon';
import { pageMeta } from '../../../lib/page-meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { namespace: 'pages', title: 'activity.page.title', description: 'activity.page.offer' });

/** /activity/{type?}/{id?}: the activity centre, built in a later issue. */
export default function ActivityRoute() {
  const { t } = useTranslation('pages');
  return <ComingSoon title={t('activity.page.title')} offer={t('activity.page.offer')} />;
}
