import type { TribunModule } from '../definition';
import { oauthRoutes } from './oauth.routes';

/** Sign-in with Google, Apple and Facebook (none without configuration). */
export const oauthModule: TribunModule = {
  name: 'oauth',
  async routes(app, { db, options }) {
    await app.register(oauthRoutes, { db, ...(options.oauth ?? { providers: [], welcomePoints: 0, secureCookies: false }) });
  },
};
