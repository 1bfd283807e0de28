import type { TribunModule } from '../definition';
import { seoRoutes } from './seo.routes';

/** Sitemap and robots.txt. */
export const seoModule: TribunModule = {
  name: 'seo',
  async routes(app, { db, siteOrigin }) {
    await app.register(seoRoutes, { db, siteOrigin });
  },
};
