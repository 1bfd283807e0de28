import type { TribunModule } from '../definition';
import { notificationsRoutes } from './notifications.routes';
import { notificationRetentionJob } from './retention';

/**
 * The inbox of interaction and system notifications (decision 133). Producers (settlements, an
 * unlock, a published plan, an answered contact message) write through notify.ts in their own
 * transactions; this module serves the reader's inbox, counts and switches.
 */
export const notificationsModule: TribunModule = {
  name: 'notifications',
  async routes(app, context) {
    const publisher = context.options.publisher;
    const kinds = context.modules.flatMap((module) => module.notificationKinds ?? []).map((kind) => kind.kind);
    await app.register(notificationsRoutes, { db: context.db, kinds, publisher, log: app.log });
  },
  // Old notifications go (decision 133): read ones after 90 days, any after a year.
  jobs(runner, { db, log }) {
    runner.register(notificationRetentionJob({ db, onDeleted: (count) => log.info({ count }, 'notifications: old notifications deleted') }));
  },
};
