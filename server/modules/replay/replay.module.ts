import type { TribunModule } from '../definition';
import { replayRoutes } from './replay.routes';

/** Staff replays of real matches, through the feed's sink. */
export const replayModule: TribunModule = {
  name: 'replay',
  async routes(app, { db, options }) {
    if (options.feedSink) await app.register(replayRoutes, { db, sink: options.feedSink });
  },
};
