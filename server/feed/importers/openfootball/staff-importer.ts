import type { SeasonImporter } from '../../../modules/imports/imports.service';
import { isImportError } from './import-error';
import { importOpenfootballSeason } from './import-season';

/**
 * The openfootball importer as the staff imports module takes it (handed in by server/app.ts):
 * the dependency runs feed → modules, never back (decision 061).
 */
export const openfootballImporter: SeasonImporter = {
  importSeason: importOpenfootballSeason,
  problemsOf: (error) => (isImportError(error) ? error.problems : null),
};
