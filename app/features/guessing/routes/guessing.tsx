import { useTranslation } from 'react-i18next';
import type { MetaFunction } from 'react-router';
import { ComingSoon } from '../../../components/coming-soon';
import { pageMeta } from '../../../lib/page-meta';
import { useRouteView, viewOfMatches } from '../../../lib/route-view';

export const meta: MetaFunction = (args) => {
  const view = viewOfMatches(args.matches);
  return pageMeta(args, {
    namespace: 'pages',
    title: view ? `guessing.views.${view}` : 'guessing.page.title',
    description: 'guessing.page.offer',
  });
};

/** The guessing contest and its sub-views (/guessing/{view}); built in a later issue. */
export default function GuessingRoute() {
  const { t } = useTranslation('pages');
  const view = useRouteView();
  return (
    <ComingSoon
      title={t('guessing.page.title')}
      section={view ? t(`guessing.views.${view}`) : null}
      offer={t('guessing.page.offer')}
    />
  );
}
