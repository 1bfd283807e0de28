import { SOCIAL_NOTIFICATION_KINDS } from '../../../core/contracts/social-notifications';
import type { TribunModule } from '../definition';
import { eraseClosedAccountSocial } from './account-closed';
import { socialRoutes } from './social.routes';

/** The social graph (issue 25): follows of fans and tipsters, one relation, and blocks. */
export const socialModule: TribunModule = {
  name: 'social',
  notificationKinds: SOCIAL_NOTIFICATION_KINDS,
  async routes(app, context) {
    await app.register(socialRoutes, {
      db: context.db,
      publisher: context.options.publisher,
      log: context.log,
    });
  },
  jobs(runner) {
    runner.subscribe('social-account-closed', ['account.closed'], async (event, context) => {
      await eraseClosedAccountSocial(context.tx, event.payload.userId);
    });
  },
};
