import { betSettledNotification } from '../../../core/contracts/guessing-notifications';
import { need, type TribunModule } from '../definition';
import { guessingConfigOf, guessingSettings } from './guessing-config';
import { createGuessingPageReads, guessingRoutes } from './guessing.routes';
import { registerGuessingSettlement } from './settle-bets';

/** The prediction contest: bets of points on markets, settled when matches end. */
export const guessingModule: TribunModule = {
  name: 'guessing',
  notificationKinds: [betSettledNotification],
  settings: guessingSettings,
  async routes(app, context) {
    const { db, options } = context;
    await app.register(guessingRoutes, {
      db,
      odds: need(context, 'odds', 'guessing'),
      config: guessingConfigOf(context.environment),
      publisher: options.publisher,
      log: app.log,
      notices: { db, publisher: options.publisher, log: app.log },
    });
  },
  pageReads: (context) => ({
    reads: {
      guessing: createGuessingPageReads({
        db: context.db,
        odds: need(context, 'odds', 'guessing'),
        config: guessingConfigOf(context.environment),
      }),
    },
  }),
  // Bets settle when their match ends; bets on a match still postponed
  // GUESSING_POSTPONED_VOID_HOURS after kick-off are voided by a scheduled job.
  jobs(runner, { db, env, publisher, log }) {
    registerGuessingSettlement(runner, { db, postponedVoidHours: guessingConfigOf(env.raw).postponedVoidHours, publisher, log, notices: { db, publisher, log } });
  },
};
