import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The StatsBomb sample matches kept for tests (fixtures/README.md). */
export const STATSBOMB_SAMPLES = {
  /** Barcelona 3-0 Deportivo Alavés, 18 August 2018 */
  alaves: { events: 'statsbomb_event.json', lineups: 'statsbomb_lineup.json' },
  /** Barcelona 2-2 Girona, 23 September 2018 */
  girona: { events: 'statsbomb_15986_event.json', lineups: 'statsbomb_15986_lineup.json' },
} as const;

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

/** The text of a sample file, as StatsBomb published it. */
export function readStatsbombSample(file: string): string {
  return gunzipSync(readFileSync(path.join(FIXTURES, `${file}.gz`))).toString('utf8');
}
