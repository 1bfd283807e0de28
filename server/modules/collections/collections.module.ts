import type { TribunModule } from '../definition';
import { collectionsRoutes } from './collections.routes';

/** Favourites: followed matches, competitions and teams. */
export const collectionsModule: TribunModule = {
  name: 'collections',
  async routes(app, { db }) {
    await app.register(collectionsRoutes, { db });
  },
};
