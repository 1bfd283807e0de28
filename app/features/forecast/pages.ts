import { route, type RouteConfigEntry } from '@react-router/dev/routes';
import { FORECAST_VIEWS } from './forecast-views';

/** The prediction centre: its views, a tipster, a plan (collected by app/routes.ts under tr, /en and /zh; `id` makes the route id of a page name). */
export default function pages(id: (name: string) => string): RouteConfigEntry[] {
  return [
    route('forecast', 'features/forecast/routes/forecast.tsx', { id: id('forecast') }),
    ...FORECAST_VIEWS.map((view) => route(`forecast/${view}`, 'features/forecast/routes/forecast.tsx', { id: id(`forecast/${view}`) })),
    route('forecast/tipster/:userId', 'features/forecast/routes/forecast-tipster.tsx', { id: id('forecast-tipster') }),
    route('forecast/plan/:id', 'features/forecast/routes/forecast-plan.tsx', { id: id('forecast-plan') }),
  ];
}
