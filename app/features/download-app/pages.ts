import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** The app download page (collected by app/routes.ts under tr, /en and /zh; `id` makes the route id of a page name). */
export default function pages(id: (name: string) => string): RouteConfigEntry[] {
  return [
    route('download-app', 'features/download-app/routes/download-app.tsx', { id: id('download-app') }),
  ];
}
