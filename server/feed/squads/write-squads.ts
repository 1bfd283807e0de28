/**
 * Writes server/feed/squads/squads.json from the data (decision 097):
 *   npx tsx server/feed/squads/write-squads.ts
 * StatsBomb's two La Liga 2018-19 matches come from the replay's own copies
 * (server/feed/replay/statsbomb/fixtures); the Club World Cup 2025 from ../shared/data, like the
 * catalog generator. The result is committed, so the server never reads ../shared at run time.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readStatsbombSample, STATSBOMB_SAMPLES } from '../replay/statsbomb/statsbomb-fixtures';
import { parseStatsbombEvents, parseStatsbombLineups } from '../replay/statsbomb/statsbomb-schema';
import { buildSquadPools, statsbombTeamPlayers, worldcupTeamPlayers, type SquadInput, type WorldcupFile } from './build-squads';

const HERE = import.meta.dirname;
const CLUB_WORLD_CUP = path.resolve(HERE, '../../../../shared/data/openfootball-worldcup.json/2025/clubworldcup.json');

const inputs: SquadInput[] = Object.values(STATSBOMB_SAMPLES).map((files) => ({
  source: 'statsbomb' as const,
  season: '2018-19',
  teams: statsbombTeamPlayers(
    parseStatsbombEvents(JSON.parse(readStatsbombSample(files.events))),
    parseStatsbombLineups(JSON.parse(readStatsbombSample(files.lineups))),
  ),
}));
if (existsSync(CLUB_WORLD_CUP)) {
  const file = JSON.parse(readFileSync(CLUB_WORLD_CUP, 'utf8')) as WorldcupFile;
  inputs.push({
    source: 'openfootball-clubworldcup',
    season: '2025',
    teams: worldcupTeamPlayers(file),
  });
} else {
  console.warn(`not found, left out: ${CLUB_WORLD_CUP}`);
}

const pools = buildSquadPools(inputs);
writeFileSync(path.join(HERE, 'squads.json'), `${JSON.stringify({ pools }, null, 1)}\n`);
console.log(pools.map((pool) => `${pool.team} (${pool.source} ${pool.season}): ${pool.players.length} players`).join('\n'));
