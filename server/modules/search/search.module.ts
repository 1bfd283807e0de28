import { need, type TribunModule } from '../definition';
import { searchRoutes } from './search.routes';
import { createSearchService, type SearchService } from './search.service';

declare module '../definition' {
  interface ModuleServices {
    search: SearchService;
  }
}

/** Search over teams, competitions and their matches. */
export const searchModule: TribunModule = {
  name: 'search',
  provide: ({ options, db }) => ({ search: options.search ?? createSearchService({ db }) }),
  async routes(app, context) {
    await app.register(searchRoutes, { service: need(context, 'search', 'search') });
  },
  pageReads: (context) => ({ reads: { search: need(context, 'search', 'search') } }),
};
