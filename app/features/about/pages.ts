import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** About the site, under its three addresses (collected by app/routes.ts under tr, /en and /zh; `id` makes the route id of a page name). */
export default function pages(id: (name: string) => string): RouteConfigEntry[] {
  return [
    route('about', 'features/about/routes/about.tsx', { id: id('about') }),
    route('hakkimizda', 'features/about/routes/about.tsx', { id: id('hakkimizda') }),
    route('personal-center/personal-center/aboutUs', 'features/about/routes/about.tsx', { id: id('personal-center/aboutUs') }),
  ];
}
