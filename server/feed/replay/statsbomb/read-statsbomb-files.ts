import { readFile } from 'node:fs/promises';
import { buildStatsbombReplay, type StatsbombReplay } from './build-statsbomb-replay';
import { parseStatsbombEvents, parseStatsbombLineups, StatsbombFileError, type StatsbombLineups } from './statsbomb-schema';

/** Reads a StatsBomb events file (and lineups file) and builds the replay; a bad file throws a message naming it. */
export async function readStatsbombReplay(options: { eventsPath: string; lineupsPath?: string; homeTeam?: string }): Promise<StatsbombReplay> {
  const events = parseStatsbombEvents(await readJson(options.eventsPath), `events file ${options.eventsPath}`);
  let lineups: StatsbombLineups | undefined;
  if (options.lineupsPath) lineups = parseStatsbombLineups(await readJson(options.lineupsPath), `lineups file ${options.lineupsPath}`);
  return buildStatsbombReplay({ events, lineups, homeTeam: options.homeTeam });
}

async function readJson(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new StatsbombFileError(`${path}: cannot read the file (${code ?? String(error)})`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new StatsbombFileError(`${path}: not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}
