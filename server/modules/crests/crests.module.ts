import type { TribunModule } from '../definition';
import { crestsRoutes } from './crests.routes';

/** Generated team and competition crests. */
export const crestsModule: TribunModule = {
  name: 'crests',
  async routes(app, { db }) {
    await app.register(crestsRoutes, { db });
  },
};
