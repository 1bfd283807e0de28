// A real match replayed from StatsBomb open data through the real replay service and feed sink,
// as staff replays run in production (bench/support/match-page-server.ts does the same inline).
// Stopped early, it stays live: the page of a match in play, with its events.
import type { Db } from '../../server/db/client';
import { toReplayUpdateBody } from '../../server/feed/replay/replay-step';
import { buildStatsbombReplay } from '../../server/feed/replay/statsbomb/build-statsbomb-replay';
import { readStatsbombSample, STATSBOMB_SAMPLES } from '../../server/feed/replay/statsbomb/statsbomb-fixtures';
import { parseStatsbombEvents, parseStatsbombLineups } from '../../server/feed/replay/statsbomb/statsbomb-schema';
import type { MatchWrites } from '../../server/modules/matches/match-writes';
import { applyReplayUpdates, createReplayMatch } from '../../server/modules/replay/replay.service';

/** Second half, 70th minute: the match is live, with goals, cards and substitutions behind it. */
export const LIVE_UNTIL_SEC = (45 + 15 + 25) * 60;

export async function replayStatsbombMatch(options: {
  db: Db;
  sink: MatchWrites;
  sample: keyof typeof STATSBOMB_SAMPLES;
  /** replay steps up to this many seconds into the match; Infinity plays it to the end */
  untilSec: number;
}): Promise<{ matchId: number; events: number; home: string; away: string }> {
  const files = STATSBOMB_SAMPLES[options.sample];
  const script = buildStatsbombReplay({
    events: parseStatsbombEvents(JSON.parse(readStatsbombSample(files.events))),
    lineups: parseStatsbombLineups(JSON.parse(readStatsbombSample(files.lineups))),
  });
  const created = await createReplayMatch({
    db: options.db,
    sink: options.sink,
    // La Liga (catalog id 3): both samples are La Liga 2018-19 matches.
    body: { sport: 'football', home_team: script.home.name, away_team: script.away.name, competition_id: 3, lineups: script.lineups },
    now: new Date(),
  });
  const steps = script.steps.filter((step) => step.atSec <= options.untilSec);
  await applyReplayUpdates({
    db: options.db,
    sink: options.sink,
    matchId: created.match_id,
    updates: steps.map((step) => toReplayUpdateBody(step.update)),
    now: () => new Date(),
  });
  return {
    matchId: created.match_id,
    events: steps.reduce((sum, step) => sum + (step.update.events?.length ?? 0), 0),
    home: script.home.name,
    away: script.away.name,
  };
}
