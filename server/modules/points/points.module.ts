import type { TribunModule } from '../definition';
import { pointsRoutes } from './points.routes';

/** A fan's points: balance, history, the daily check-in. */
export const pointsModule: TribunModule = {
  name: 'points',
  async routes(app, { db }) {
    await app.register(pointsRoutes, { db });
  },
};
