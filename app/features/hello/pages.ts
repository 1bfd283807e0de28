import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** The worked example's page (collected by app/routes.ts under tr, /en and /zh). */
export default function pages(id: (name: string) => string): RouteConfigEntry[] {
  return [route('hello', 'features/hello/routes/hello.tsx', { id: id('hello') })];
}
