import { defineSettings, integerSetting, readSettings } from '../../settings/module-settings';
import type { TribunModule } from '../definition';

const matchesSettings = defineSettings({
  /** a match the feed never started this long after its kick-off is handled as postponed (decision 099) */
  MATCH_OVERDUE_HOURS: integerSetting(1, 720, 6),
});
import { createMatchWrites } from './match-writes';
import { matchesRoutes } from './matches.routes';
import { overdueMatchesJob } from './overdue-matches';

/** The match lists (live, fixtures, results, the day's next kick-off) and their page reads. */
export const matchesModule: TribunModule = {
  name: 'matches',
  settings: matchesSettings,
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
        overdueHours: readSettings(matchesSettings, env.raw).MATCH_OVERDUE_HOURS,
        isFeedCaughtUp,
        onPostponed: (matchIds) => log.warn({ matchIds }, 'matches never started long after their kick-off are now postponed'),
      }),
    );
  },
};
