import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray } from 'drizzle-orm';
import { seasons } from '../../../db/schema/seasons';
import { importOpenfootballSeason, openfootballSource, type ImportTarget } from './import-season';

/** Real past seasons shipped with the server (server/catalog/history/README.md). */
export const HISTORY_DIR = fileURLToPath(new URL('../../../catalog/history/', import.meta.url));

export interface HistoryFile {
  /** "2023-24/en.1.json", relative to the history folder */
  file: string;
  source: string;
  /** "deductions/2023-24_en.1.json" when the season has real deductions */
  deductions: string | null;
}

/** Every `<season>/<code>.json` of the history folder, oldest season first. */
export function listHistoryFiles(directory: string = HISTORY_DIR): HistoryFile[] {
  const files: HistoryFile[] = [];
  const folders = readdirSync(directory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^\d{4}(-\d{2})?$/.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  for (const folder of folders) {
    for (const name of readdirSync(path.join(directory, folder)).filter((name) => name.endsWith('.json')).sort()) {
      const code = name.slice(0, -'.json'.length);
      const deductions = `deductions/${folder}_${code}.json`;
      files.push({
        file: `${folder}/${name}`,
        source: openfootballSource(folder, code),
        deductions: existsSync(path.join(directory, deductions)) ? deductions : null,
      });
    }
  }
  return files;
}

export type HistoryLog = (details: Record<string, unknown>, message: string) => void;

/**
 * Imports each history season the database does not have yet, with its deductions. One query
 * decides what is missing, so a restart with everything imported costs next to nothing. A
 * season that fails to import is logged and skipped; the others still come in.
 */
export async function importDemoHistory(
  target: ImportTarget,
  options: { log?: HistoryLog; now?: Date; directory?: string } = {},
): Promise<{ imported: string[]; skipped: number; failed: string[] }> {
  const directory = options.directory ?? HISTORY_DIR;
  const log = options.log ?? (() => undefined);
  const files = listHistoryFiles(directory);
  if (files.length === 0) return { imported: [], skipped: 0, failed: [] };
  const present = new Set(
    (await target.db.select({ source: seasons.source }).from(seasons).where(inArray(seasons.source, files.map((file) => file.source)))).map(
      (season) => season.source,
    ),
  );
  const imported: string[] = [];
  const failed: string[] = [];
  for (const history of files.filter((file) => !present.has(file.source))) {
    const started = performance.now();
    try {
      const result = await importOpenfootballSeason(target, {
        content: readFileSync(path.join(directory, history.file), 'utf8'),
        fileName: history.file,
        deductions: history.deductions ? readFileSync(path.join(directory, history.deductions), 'utf8') : undefined,
        deductionsName: history.deductions ?? undefined,
        now: options.now ?? new Date(),
      });
      imported.push(history.file);
      log(
        { file: history.file, seasonId: result.season_id, matches: result.matches, deductions: result.deductions, ms: Math.round(performance.now() - started) },
        'imported a history season',
      );
    } catch (error) {
      failed.push(history.file);
      log({ file: history.file, err: error }, 'a history season could not be imported');
    }
  }
  return { imported, skipped: files.length - imported.length - failed.length, failed };
}
