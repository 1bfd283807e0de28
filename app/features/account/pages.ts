import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Sign-in, registration, password reset (collected by app/routes.ts under tr, /en and /zh; `id` makes the route id of a page name). */
export default function pages(id: (name: string) => string): RouteConfigEntry[] {
  return [
    route('login', 'features/account/routes/login.tsx', { id: id('login') }),
    route('register', 'features/account/routes/register.tsx', { id: id('register') }),
    route('forgot-password', 'features/account/routes/forgot-password.tsx', { id: id('forgot-password') }),
  ];
}
