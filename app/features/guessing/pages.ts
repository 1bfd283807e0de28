import { route, type RouteConfigEntry } from '@react-router/dev/routes';
import { GUESSING_VIEWS } from './guessing-views';

/** The prediction contest: the betting day, its views, the glossary (collected by app/routes.ts under tr, /en and /zh; `id` makes the route id of a page name). */
export default function pages(id: (name: string) => string): RouteConfigEntry[] {
  return [
    route('guessing', 'features/guessing/routes/guessing.tsx', { id: id('guessing') }),
    route('guessing/glossary', 'features/guessing/routes/guessing-glossary.tsx', { id: id('guessing-glossary') }),
    ...GUESSING_VIEWS.map((view) => route(`guessing/${view}`, 'features/guessing/routes/guessing.tsx', { id: id(`guessing/${view}`) })),
  ];
}
