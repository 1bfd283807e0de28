import { index, route, type RouteConfigEntry } from '@react-router/dev/routes';
import { PERSONAL_CENTER_CHILDREN, PERSONAL_CENTER_PUBLIC } from './personal-center-views';

const PERSONAL = 'features/personal-center/routes';

/** The personal centre: its overview and views, and its public pages (collected by app/routes.ts under tr, /en and /zh; `id` makes the route id of a page name). */
export default function pages(id: (name: string) => string): RouteConfigEntry[] {
  return [
    route('personal-center/personal-center', `${PERSONAL}/personal-center-layout.tsx`, { id: id('personal-center') }, [
      index(`${PERSONAL}/overview.tsx`, { id: id('personal-center/overview') }),
      ...PERSONAL_CENTER_CHILDREN.map((child) => route(child.path, `${PERSONAL}/${child.file}`, { id: id(`personal-center/${child.view}`) })),
    ]),
    ...PERSONAL_CENTER_PUBLIC.map((page) =>
      route(`personal-center/personal-center/${page.path}`, `${PERSONAL}/${page.file}`, { id: id(`personal-center/${page.view}`) }),
    ),
  ];
}
