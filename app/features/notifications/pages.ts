import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** The reader's messages (collected by app/routes.ts under tr, /en and /zh; `id` makes the route id of a page name). */
export default function pages(id: (name: string) => string): RouteConfigEntry[] {
  return [
    route('notifications', 'features/notifications/routes/notifications.tsx', { id: id('notifications') }),
  ];
}
