import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** User agreement, privacy policy, disclaimer (collected by app/routes.ts under tr, /en and /zh; `id` makes the route id of a page name). */
export default function pages(id: (name: string) => string): RouteConfigEntry[] {
  return [
    route('agreement', 'features/legal/routes/agreement.tsx', { id: id('agreement') }),
    route('privacy', 'features/legal/routes/privacy.tsx', { id: id('privacy') }),
    route('disclaimer', 'features/legal/routes/disclaimer.tsx', { id: id('disclaimer') }),
  ];
}
