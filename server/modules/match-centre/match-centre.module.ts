import type { MatchCentreService } from './match-centre.service';
import { createMatchCentreService, toMatchCentreReads } from './match-centre.service';
import { matchCentreRoutes } from './match-centre.routes';
import { need, type TribunModule } from '../definition';

declare module '../definition' {
  interface ModuleServices {
    /** the match centre's reads (match tabs, competition and team pages) */
    matchCentre: MatchCentreService;
  }
}

/** One match's tabs, competition and team pages. */
export const matchCentreModule: TribunModule = {
  name: 'match-centre',
  provide: ({ options, db }) => ({ matchCentre: options.matchCentre ?? createMatchCentreService({ db }) }),
  async routes(app, context) {
    await app.register(matchCentreRoutes, { service: need(context, 'matchCentre', 'match-centre') });
  },
  pageReads: (context) => ({ reads: { matchCentre: toMatchCentreReads(need(context, 'matchCentre', 'match-centre')) } }),
};
