import type { TribunModule } from '../definition';
import { matchesRoutes } from './matches.routes';

/** The match lists (live, fixtures, results, the day's next kick-off) and their page reads. */
export const matchesModule: TribunModule = {
  name: 'matches',
  async routes(app, { options }) {
    await app.register(matchesRoutes, { service: options.matches });
  },
  pageReads: ({ options }) => ({ reads: { matches: options.matches } }),
};
