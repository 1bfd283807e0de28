/**
 * `npm run data:replay -- statsbomb <events.json> [--lineups <lineups.json>] [--speed N]
 *   [--server URL] [--token T | --email E --password P] [--competition ID] [--home NAME] [--date WHEN]`
 *
 * Plays a recorded match into a running server through the staff replay API, so a fan with the
 * page open watches it unfold on the live channel (docs/data/statsbomb.md). `--speed` is match
 * seconds per real second: 1 (default) real time, 60 a minute per second, 0 as fast as the
 * server takes it. The staff session comes from --token or TRIBUN_STAFF_TOKEN, else a sign-in
 * with --email/--password (or TRIBUN_STAFF_EMAIL/TRIBUN_STAFF_PASSWORD). `--home` names the
 * home team (StatsBomb's name) when the file's first Starting XI is not it. `--date` keeps the
 * real match's kick-off (`2018-09-23T20:45+02:00`, or a day `2018-09-23` for noon UTC), so the
 * replay is dated, titled and filed with its real year; by default it kicks off now. StatsBomb's
 * event files carry no date (their matches.json does). A national-team match finds the World
 * Cup or the European Championship of the catalogue by itself (decision 088).
 * Prints one JSON line `{ok:true, match_id, home, away, final, goals}`, or `{ok:false, error}`
 * and exits 1. Match data © StatsBomb (open data), credited in docs/data/statsbomb.md.
 */
import { parseArgs } from 'node:util';
import { logInForReplay, playReplay } from '../server/feed/replay/replay-client';
import { parseReplayDate } from '../server/feed/replay/replay-date';
import { readStatsbombReplay } from '../server/feed/replay/statsbomb/read-statsbomb-files';

const USAGE =
  'usage: npm run data:replay -- statsbomb <events.json> [--lineups <lineups.json>] [--speed N] [--server URL] [--token T | --email E --password P] [--competition ID] [--home NAME] [--date YYYY-MM-DD[THH:MM(Z|±HH:MM)]]';


async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    strict: true,
    options: {
      lineups: { type: 'string' },
      speed: { type: 'string', default: '1' },
      server: { type: 'string', default: 'http://localhost:3000' },
      token: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      competition: { type: 'string' },
      home: { type: 'string' },
      date: { type: 'string' },
    },
  });
  const [format, eventsPath, ...rest] = positionals;
  if (format !== 'statsbomb') throw new Error(format ? `unknown format "${format}" (only statsbomb is known); ${USAGE}` : USAGE);
  if (!eventsPath) throw new Error(`the events file is missing; ${USAGE}`);
  if (rest.length > 0) throw new Error(`unexpected arguments: ${rest.join(' ')}; ${USAGE}`);
  const speed = Number(values.speed);
  if (!Number.isFinite(speed) || speed < 0) throw new Error(`--speed must be a number ≥ 0 (0 = as fast as possible), got "${values.speed}"`);
  const competitionId = values.competition === undefined ? undefined : Number(values.competition);
  if (competitionId !== undefined && !(Number.isInteger(competitionId) && competitionId > 0)) {
    throw new Error(`--competition must be a competition id, got "${values.competition}"`);
  }

  const matchTime = values.date === undefined ? undefined : parseReplayDate(values.date);

  // The files are checked before anyone signs in: a wrong path fails fast.
  const replay = await readStatsbombReplay({ eventsPath, lineupsPath: values.lineups, homeTeam: values.home });

  const server = values.server;
  let token = values.token ?? process.env.TRIBUN_STAFF_TOKEN;
  if (!token) {
    const email = values.email ?? process.env.TRIBUN_STAFF_EMAIL;
    const password = values.password ?? process.env.TRIBUN_STAFF_PASSWORD;
    if (!email || !password) {
      throw new Error('a staff session is needed: --token (or TRIBUN_STAFF_TOKEN), or --email and --password (or TRIBUN_STAFF_EMAIL and TRIBUN_STAFF_PASSWORD)');
    }
    token = await logInForReplay({ server, account: email, password });
  }

  const played = await playReplay({
    server,
    token,
    speed,
    competitionId,
    matchTime,
    script: { homeTeam: replay.home.name, awayTeam: replay.away.name, lineups: replay.lineups, steps: replay.steps },
  });
  if (played.score[0] !== replay.final[0] || played.score[1] !== replay.final[1] || played.statusId !== 8) {
    throw new Error(
      `match ${played.matchId} ended ${played.score.join('-')} (status ${played.statusId}), but the file's final score is ${replay.final.join('-')}`,
    );
  }
  console.log(
    JSON.stringify({
      ok: true,
      match_id: played.matchId,
      home: replay.home.name,
      away: replay.away.name,
      final: played.score,
      goals: replay.goals.map((goal) => ({
        minute: goal.minute,
        added_minute: goal.addedMinute,
        side: goal.side,
        player: goal.player,
        assist: goal.assist,
        detail: goal.detail,
      })),
    }),
  );
}

main().catch((error: unknown) => {
  console.log(JSON.stringify({ ok: false, error: error instanceof Error ? error.message : String(error) }));
  process.exitCode = 1;
});
