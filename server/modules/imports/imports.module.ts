import type { TribunModule } from '../definition';
import { importsRoutes } from './imports.routes';

/** Staff imports of past seasons (the importer is handed in: modules never import the feed). */
export const importsModule: TribunModule = {
  name: 'imports',
  async routes(app, { db, options }) {
    if (options.seasonImporter) await app.register(importsRoutes, { db, importer: options.seasonImporter });
  },
};
