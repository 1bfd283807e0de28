import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** The activity centre (collected by app/routes.ts under tr, /en and /zh; `id` makes the route id of a page name). */
export default function pages(id: (name: string) => string): RouteConfigEntry[] {
  return [
    route('activity/:type?/:id?', 'features/activity/routes/activity.tsx', { id: id('activity') }),
  ];
}
