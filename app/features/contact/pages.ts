import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** The contact form (collected by app/routes.ts under tr, /en and /zh; `id` makes the route id of a page name). */
export default function pages(id: (name: string) => string): RouteConfigEntry[] {
  return [
    route('contact', 'features/contact/routes/contact.tsx', { id: id('contact') }),
  ];
}
