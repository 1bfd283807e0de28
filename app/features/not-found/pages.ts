import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Anything else, including an unknown language prefix such as /fr/football (collected by app/routes.ts under tr, /en and /zh; `id` makes the route id of a page name). */
export default function pages(id: (name: string) => string): RouteConfigEntry[] {
  return [
    route('*', 'features/not-found/routes/not-found.tsx', { id: id('not-found') }),
  ];
}
