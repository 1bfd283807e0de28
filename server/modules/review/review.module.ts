import type { TribunModule } from '../definition';
import { reviewRoutes } from './review.routes';

/**
 * The staff review queue (decision 134): features register their kinds (review-kinds.ts), submit
 * in their own transactions (review.service.ts) and learn decisions from `review.decided` events.
 */
export const reviewModule: TribunModule = {
  name: 'review',
  async routes(app, { db }) {
    await app.register(reviewRoutes, { db });
  },
};
