import type { TribunModule } from '../definition';
import { staffRoutes } from './staff.routes';

/** The staff console's users and status (decision 099). */
export const staffModule: TribunModule = {
  name: 'staff',
  async routes(app, { db, options }) {
    await app.register(staffRoutes, { db, ...(options.staffStatus ? { status: options.staffStatus } : {}) });
  },
};
