import type { MetaFunction } from 'react-router';
import { pageMeta } from '../../lib/page-meta';
import type { PersonalCenterView } from './personal-center-views';

/** `meta` of a personal-centre page: its title, the centre's description; never indexed. */
export function centerMeta(view: PersonalCenterView): MetaFunction {
  return (args) =>
    pageMeta(args, {
      namespace: 'personalCenter',
      title: view === 'overview' ? 'page.title' : `views.${view}`,
      description: 'page.description',
      noIndex: true,
    });
}
