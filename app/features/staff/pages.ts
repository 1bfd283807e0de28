import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** The staff console (collected by app/routes.ts under tr, /en and /zh; `id` makes the route id of a page name). */
export default function pages(id: (name: string) => string): RouteConfigEntry[] {
  return [
    route('staff', 'features/staff/routes/staff-users.tsx', { id: id('staff') }),
    route('staff/users/:id', 'features/staff/routes/staff-user.tsx', { id: id('staff/user') }),
    route('staff/imports', 'features/staff/routes/staff-imports.tsx', { id: id('staff/imports') }),
    route('staff/seasons', 'features/staff/routes/staff-seasons.tsx', { id: id('staff/seasons') }),
    route('staff/seasons/:id', 'features/staff/routes/staff-season.tsx', { id: id('staff/season') }),
    route('staff/forecast', 'features/staff/routes/staff-forecast.tsx', { id: id('staff/forecast') }),
    route('staff/guessing', 'features/staff/routes/staff-guessing.tsx', { id: id('staff/guessing') }),
    route('staff/messages', 'features/staff/routes/staff-messages.tsx', { id: id('staff/messages') }),
    route('staff/messages/:id', 'features/staff/routes/staff-message.tsx', { id: id('staff/message') }),
    route('staff/reviews', 'features/staff/routes/staff-reviews.tsx', { id: id('staff/reviews') }),
  ];
}
