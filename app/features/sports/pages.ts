import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Sports news and its staff pages (collected by app/routes.ts under tr, /en and /zh; `id` makes the route id of a page name). */
export default function pages(id: (name: string) => string): RouteConfigEntry[] {
  return [
    route('sports', 'features/sports/routes/sports.tsx', { id: id('sports') }),
    route('sports/:type', 'features/sports/routes/sports.tsx', { id: id('sports/type') }),
    route('sports/:type/:releaseDate/:uuid', 'features/sports/routes/article.tsx', { id: id('sports/detail') }),
    route('staff/news', 'features/sports/routes/staff-news.tsx', { id: id('staff/news') }),
    route('staff/news/new', 'features/sports/routes/staff-news-edit.tsx', { id: id('staff/news/new') }),
    route('staff/news/:uuid', 'features/sports/routes/staff-news-edit.tsx', { id: id('staff/news/edit') }),
  ];
}
