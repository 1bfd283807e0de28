import type { SeasonImporter } from '../../../modules/imports/imports.service';
import { isImportError } from './import-error';
import { importOpenfootballSeason, type ImportTarget } from './import-season';

/**
 * The openfootball importer as the staff imports module takes it (made by server/app.ts with the
 * match write service the feed writes through): the dependency runs feed → modules, never back
 * (decision 061).
 */
export function createOpenfootballImporter(target: ImportTarget): SeasonImporter {
  return {
    importSeason: (options) => importOpenfootballSeason(target, options),
    problemsOf: (error) => (isImportError(error) ? error.problems : null),
  };
}
