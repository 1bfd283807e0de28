import { route, type RouteConfigEntry } from '@react-router/dev/routes';
import { COMMUNITY_CHILDREN } from './community-views';

/** The community and its views (collected by app/routes.ts under tr, /en and /zh; `id` makes the route id of a page name). */
export default function pages(id: (name: string) => string): RouteConfigEntry[] {
  return [
    route('community/community', 'features/community/routes/community.tsx', { id: id('community') }),
    ...COMMUNITY_CHILDREN.map((child) =>
      route(`community/community/${child.path}`, `features/community/routes/${child.file}.tsx`, { id: id(`community/${child.view}`) }),
    ),
    // staff moderation (decision 143), framed by the staff console
    route('staff/community/reports', 'features/community/routes/staff-reports.tsx', { id: id('staff/community/reports') }),
    route('staff/community/users/:id', 'features/community/routes/staff-fan.tsx', { id: id('staff/community/user') }),
    route('staff/community/words', 'features/community/routes/staff-words.tsx', { id: id('staff/community/words') }),
    route('staff/community/audit', 'features/community/routes/staff-audit.tsx', { id: id('staff/community/audit') }),
  ];
}
