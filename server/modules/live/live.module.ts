import type { TribunModule } from '../definition';
import { liveRoutes } from './live.routes';
import { liveSessionsPruneJob } from './prune-live-sessions';

/** Live credentials for a signed-in reader's own topic, and their pruning. */
export const liveModule: TribunModule = {
  name: 'live',
  async routes(app, { options }) {
    if (options.live) await app.register(liveRoutes, { broker: options.live });
  },
  jobs(runner, { db, broker, log }) {
    runner.register(
      liveSessionsPruneJob({ db, broker, onPruned: (count) => log.info({ count }, 'live: removed the live access of ended sessions') }),
    );
  },
};
