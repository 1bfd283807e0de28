import { index, route, type RouteConfigEntry } from '@react-router/dev/routes';

/** The match lists: home, football, basketball (collected by app/routes.ts under tr, /en and /zh; `id` makes the route id of a page name). */
export default function pages(id: (name: string) => string): RouteConfigEntry[] {
  return [
    index('features/matches/routes/home.tsx', { id: id('home') }),
    route('indexOld', 'features/matches/routes/index-old.tsx', { id: id('indexOld') }),
    route('football', 'features/matches/routes/football.tsx', { id: id('football') }),
    route('basketball', 'features/matches/routes/basketball.tsx', { id: id('basketball') }),
  ];
}
