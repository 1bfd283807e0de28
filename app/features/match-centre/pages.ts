import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** A match's tabs, competition and team pages (collected by app/routes.ts under tr, /en and /zh; `id` makes the route id of a page name). */
export default function pages(id: (name: string) => string): RouteConfigEntry[] {
  return [
    route('football/Details/:matchId/:tab?', 'features/match-centre/routes/football-detail.tsx', { id: id('football-detail') }),
    route('basketball/Details/:matchId/:tab?', 'features/match-centre/routes/basketball-detail.tsx', { id: id('basketball-detail') }),
    route('competition/:competitionId', 'features/match-centre/routes/competition.tsx', { id: id('competition') }),
    route('team/:teamId', 'features/match-centre/routes/team.tsx', { id: id('team') }),
  ];
}
