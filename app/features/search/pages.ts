import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Search (collected by app/routes.ts under tr, /en and /zh; `id` makes the route id of a page name). */
export default function pages(id: (name: string) => string): RouteConfigEntry[] {
  return [
    route('search', 'features/search/routes/search.tsx', { id: id('search') }),
  ];
}
