import type { TribunModule } from '../definition';
import { createMatchWrites } from './match-writes';
import { matchesRoutes } from './matches.routes';
import { overdueMatchesJob } from './overdue-matches';

/** The match lists (live, fixtures, results, the day's next kick-off) and their page reads. */
export const matchesModule: TribunModule = {
  name: 'matches',
  async routes(app, { options }) {
    await app.register(matchesRoutes, { service: options.matches });
  },
  pageReads: ({ options }) => ({ reads: { matches: options.matches } }),
  jobs(runner, { env, db, publisher, log, isFeedCaughtUp }) {
    // Matches the feed never started are handled as postponed after MATCH_OVERDUE_HOURS; with the
    // simulator on, only once it has caught up after the start.
    runner.register(
      overdueMatchesJob({
        matchWrites: createMatchWrites({ db, publish: (topic, payload) => publisher.publishEncoded(topic, payload) }),
        overdueHours: env.MATCH_OVERDUE_HOURS,
        isFeedCaughtUp,
        onPostponed: (matchIds) => log.warn({ matchIds }, 'matches never started long after their kick-off are now postponed'),
      }),
    );
  },
};
