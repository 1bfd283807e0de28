import type { TribunModule } from '../definition';
import { profileRoutes } from './profile.routes';

/** A fan's profile: nickname, avatar, contact details, e-mail change. */
export const profileModule: TribunModule = {
  name: 'profile',
  async routes(app, { db }) {
    await app.register(profileRoutes, { db });
  },
};
