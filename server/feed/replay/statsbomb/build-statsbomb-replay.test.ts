import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReplayUpdateSchema } from '../../../../core/contracts/replay';
import type { MatchEventInput } from '../../../modules/matches/match-writes';
import { FOOTBALL_EVENT } from '../../simulator/football-script';
import { fromReplayUpdateBody } from '../../../modules/replay/replay-update-body';
import { toReplayUpdateBody } from '../replay-step';
import { buildStatsbombReplay, type StatsbombReplay } from './build-statsbomb-replay';
import { readStatsbombReplay } from './read-statsbomb-files';
import { readStatsbombSample, STATSBOMB_SAMPLES } from './statsbomb-fixtures';
import { parseStatsbombEvents, parseStatsbombLineups, type StatsbombEvent } from './statsbomb-schema';

function buildSample(sample: keyof typeof STATSBOMB_SAMPLES, homeTeam?: string): StatsbombReplay {
  const files = STATSBOMB_SAMPLES[sample];
  return buildStatsbombReplay({
    events: parseStatsbombEvents(JSON.parse(readStatsbombSample(files.events))),
    lineups: parseStatsbombLineups(JSON.parse(readStatsbombSample(files.lineups))),
    homeTeam,
  });
}

/** Every catalogue event of the replay, in the order the steps carry them, with the step's time. */
function timeline(replay: StatsbombReplay): (MatchEventInput & { atSec: number; statusId: number })[] {
  return replay.steps.flatMap((step) => (step.update.events ?? []).map((event) => ({ ...event, atSec: step.atSec, statusId: step.update.statusId })));
}

const ofType = (replay: StatsbombReplay, type: number) => timeline(replay).filter((event) => event.type === type);
const brief = (event: MatchEventInput) => [event.minute, event.addedMinute ?? null, event.side, event.player, event.relatedPlayer ?? null];

describe('buildStatsbombReplay: Barcelona 3-0 Deportivo Alavés (StatsBomb 15946)', () => {
  const replay = buildSample('alaves');
  const last = replay.steps[replay.steps.length - 1]!;

  it('decides home and away by the first Starting XI and names the clubs as the catalogue does', () => {
    expect(replay.home).toEqual({ name: 'FC Barcelona', sourceName: 'Barcelona', sourceId: 217 });
    expect(replay.away).toEqual({ name: 'Deportivo Alavés', sourceName: 'Deportivo Alavés', sourceId: 206 });
  });

  it('ends 3-0 with the real scorers, in order, with their minutes and assists', () => {
    expect(replay.final).toEqual([3, 0]);
    expect(replay.halfTime).toEqual([0, 0]);
    expect(replay.goals).toEqual([
      { minute: 64, addedMinute: null, side: 'home', player: 'Lionel Messi', assist: null, detail: null },
      { minute: 83, addedMinute: null, side: 'home', player: 'Philippe Coutinho', assist: 'Arthur', detail: null },
      { minute: 90, addedMinute: 2, side: 'home', player: 'Lionel Messi', assist: 'Luis Suárez', detail: null },
    ]);
    expect(ofType(replay, FOOTBALL_EVENT.goal).map(brief)).toEqual([
      [64, null, 'home', 'Lionel Messi', null],
      [83, null, 'home', 'Philippe Coutinho', 'Arthur'],
      [90, 2, 'home', 'Lionel Messi', 'Luis Suárez'],
    ]);
    // the score goes up in the step that carries the goal, and a goal step is a 'score' message
    const goalSteps = replay.steps.filter((step) => step.update.events?.some((event) => event.type === FOOTBALL_EVENT.goal));
    expect(goalSteps.map((step) => [step.update.homeScore, step.update.awayScore, step.update.kind])).toEqual([
      [1, 0, 'score'],
      [2, 0, 'score'],
      [3, 0, 'score'],
    ]);
  });

  it('plays kick-off, half time, the second half and the final whistle as statuses 2, 3, 4, 8', () => {
    const statuses = replay.steps.map((step) => step.update.statusId).filter((status, index, all) => status !== all[index - 1]);
    expect(statuses).toEqual([2, 3, 4, 8]);
    const first = replay.steps[0]!;
    expect(first).toMatchObject({ atSec: 0, update: { statusId: 2, halfPlayedSec: 0, kind: 'score' } });
    expect(first.update.events?.map((event) => event.type)).toEqual([FOOTBALL_EVENT.start]);
    // half time after 45:05 of play, the second half 15 minutes later, the whistle after 92:32 of it
    const halfTime = replay.steps.find((step) => step.update.statusId === 3)!;
    expect(halfTime.atSec).toBe(2705);
    expect(halfTime.update.halfTime).toEqual([0, 0]);
    expect(halfTime.update.halfPlayedSec).toBeUndefined();
    expect(halfTime.update.events?.map((event) => [event.type, event.detail ?? null])).toEqual([
      [FOOTBALL_EVENT.midfield, null],
      [FOOTBALL_EVENT.halftimeScore, '0-0'],
    ]);
    const secondHalf = replay.steps.find((step) => step.update.statusId === 4)!;
    expect(secondHalf).toMatchObject({ atSec: 2705 + 900, update: { halfPlayedSec: 0 } });
    expect(last).toMatchObject({ atSec: 3605 + 2852, update: { statusId: 8, homeScore: 3, awayScore: 0, halfTime: [0, 0], kind: 'score' } });
    expect(last.update.events?.map((event) => event.type)).toEqual([FOOTBALL_EVENT.end]);
    // the steps are in time order and the clock is sent while a half is played
    for (let i = 1; i < replay.steps.length; i++) expect(replay.steps[i]!.atSec).toBeGreaterThanOrEqual(replay.steps[i - 1]!.atSec);
    for (const step of replay.steps) expect(step.update.halfPlayedSec !== undefined).toBe([2, 4].includes(step.update.statusId));
  });

  it('shows the added time the halves really had', () => {
    expect(ofType(replay, FOOTBALL_EVENT.injuryTime).map((event) => [event.minute, event.detail, event.atSec])).toEqual([
      [45, '+1', 2700],
      [90, '+3', 3605 + 2700],
    ]);
  });

  it('maps cards, substitutions, corners and offsides to the catalogue', () => {
    expect(ofType(replay, FOOTBALL_EVENT.yellowCard).map(brief)).toEqual([
      [10, null, 'away', 'Daniel Alejandro Torres', null],
      [41, null, 'away', 'Guillermo Maripán', null],
    ]);
    expect(ofType(replay, FOOTBALL_EVENT.redCard)).toEqual([]);
    expect(ofType(replay, FOOTBALL_EVENT.substitution).map(brief)).toEqual([
      [46, null, 'home', 'Nélson Semedo', 'Philippe Coutinho'],
      [68, null, 'away', 'Daniel Alejandro Torres', 'Adrián Marín'],
      [68, null, 'away', 'Jony', 'Borja Bastón'],
      [71, null, 'away', 'Rubén Sobrino', 'Burgui'],
      [77, null, 'home', 'Ousmane Dembélé', 'Arthur'],
      [85, null, 'home', 'Sergio Busquets', 'Arturo Vidal'],
    ]);
    expect(ofType(replay, FOOTBALL_EVENT.corner).map((event) => [event.minute, event.side])).toEqual([
      [15, 'away'],
      [18, 'home'],
      [35, 'home'],
      [42, 'home'],
      [58, 'home'],
      [73, 'home'],
      [81, 'home'],
    ]);
    expect(ofType(replay, FOOTBALL_EVENT.offside).map((event) => [event.minute, event.side])).toEqual([
      [60, 'home'],
      [75, 'home'],
      [85, 'home'],
      [90, 'home'],
    ]);
    expect(last.update).toMatchObject({ yellow: [0, 2], red: [0, 0], corner: [6, 1] });
    // every event has its own number, 0, 1, 2, … in time order
    expect(timeline(replay).map((event) => event.seq)).toEqual(timeline(replay).map((_event, index) => index));
  });

  it('counts the statistics up to the whistle', () => {
    const stats = last.update.stats!;
    expect(stats).toMatchObject({ kind: 'football', corners: [6, 1], yellow_cards: [0, 2], red_cards: [0, 0], offsides: [4, 0], fouls: [7, 16] });
    expect(stats.possession![0] + stats.possession![1]).toBe(100);
    expect(stats.possession![0]).toBeGreaterThan(70);
    // 28 shots in the file: on target = goals and saves
    expect(stats.shots_on).toEqual([9, 0]);
    expect(stats.shots_on![0] + stats.shots_on![1] + stats.shots_off![0] + stats.shots_off![1]).toBe(28);
    expect(stats.passes![0] + stats.passes![1]).toBe(1132);
    expect(stats.dangerous_attacks![0]).toBeLessThanOrEqual(stats.attacks![0]);
    expect(stats.dangerous_attacks![0]).toBeGreaterThan(stats.dangerous_attacks![1]);
    // cumulative: a count never goes down from one step to the next
    for (let i = 1; i < replay.steps.length; i++) {
      const before = replay.steps[i - 1]!.update.stats!;
      const after = replay.steps[i]!.update.stats!;
      expect(after.passes![0]).toBeGreaterThanOrEqual(before.passes![0]);
      expect(after.shots_off![1]).toBeGreaterThanOrEqual(before.shots_off![1]);
    }
  });

  it('sends momentum for every played minute, 1 to 90', () => {
    const minutes = new Map<number, { home: number; away: number }>();
    for (const step of replay.steps) for (const entry of step.update.momentum ?? []) minutes.set(entry.minute, entry);
    expect([...minutes.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 90 }, (_, index) => index + 1));
    // Messi's free kick in the 64th minute weighs in Barcelona's column
    expect(minutes.get(64)!.home).toBeGreaterThanOrEqual(3);
    const entries = [...minutes.values()];
    const home = entries.reduce((sum, entry) => sum + entry.home, 0);
    const away = entries.reduce((sum, entry) => sum + entry.away, 0);
    expect(home).toBeGreaterThan(away);
  });

  it('fills both lineups: 11 starters on the pitch, the bench, formations, shirt numbers and what each player did', () => {
    for (const lineups of [replay.lineups, last.update.lineups!]) {
      for (const side of ['home', 'away'] as const) {
        const starters = lineups[side].players.filter((player) => player.starter);
        expect(starters).toHaveLength(11);
        for (const player of starters) {
          expect(player.x).not.toBeNull();
          expect(player.y).not.toBeNull();
        }
      }
    }
    expect(replay.lineups.home.formation).toBe('4-4-2');
    expect(replay.lineups.away.formation).toBe('4-1-4-1');
    expect(replay.lineups.home.players).toHaveLength(18);
    expect(replay.lineups.away.players).toHaveLength(17);
    expect(replay.lineups.home.players[0]).toMatchObject({ name: 'Marc-André ter Stegen', number: 1, position: 'Goalkeeper', starter: true, x: 0.05, y: 0.5 });
    // before kick-off nobody has done anything yet
    expect(replay.lineups.home.players.every((player) => Object.values(player.stats).every((value) => value === 0))).toBe(true);

    const home = new Map(last.update.lineups!.home.players.map((player) => [player.name, player]));
    expect(home.get('Lionel Messi')).toMatchObject({ number: 10, starter: true, minute_in: null, minute_out: null, stats: { goals: 2, assists: 0 } });
    expect(home.get('Lionel Messi')!.stats.shots).toBeGreaterThanOrEqual(home.get('Lionel Messi')!.stats.shots_on!);
    expect(home.get('Philippe Coutinho')).toMatchObject({ number: 7, starter: false, minute_in: 46, x: null, stats: { goals: 1 } });
    expect(home.get('Nélson Semedo')).toMatchObject({ starter: true, minute_out: 46 });
    expect(home.get('Arthur')!.stats.assists).toBe(1);
    expect(home.get('Luis Suárez')!.stats.assists).toBe(1);
    expect(home.get('Ivan Rakitić')!.stats.passes_completed).toBeLessThanOrEqual(home.get('Ivan Rakitić')!.stats.passes!);
    // an unused substitute is listed after those who came on
    const names = last.update.lineups!.home.players.map((player) => player.name);
    expect(names.indexOf('Jasper Cillessen')).toBeGreaterThan(names.indexOf('Arturo Vidal'));
    const away = new Map(last.update.lineups!.away.players.map((player) => [player.name, player]));
    expect(away.get('Guillermo Maripán')!.stats.yellow).toBe(1);
  });

  it('is deterministic', () => {
    expect(buildSample('alaves')).toEqual(replay);
  });

  it('gives updates the replay API takes as they are', () => {
    for (const step of replay.steps) {
      const body = ReplayUpdateSchema.parse(toReplayUpdateBody(step.update));
      const update = fromReplayUpdateBody(body, 42, 1_700_000_000);
      expect(update).toMatchObject({ matchId: 42, sport: 'football', statusId: step.update.statusId, homeScore: step.update.homeScore });
      expect(update.kickOffTime).toBe(step.update.halfPlayedSec === undefined ? undefined : 1_700_000_000 - step.update.halfPlayedSec);
      expect(update.events ?? []).toEqual(
        (step.update.events ?? []).map((event) => ({ ...event, addedMinute: event.addedMinute ?? null, relatedPlayer: event.relatedPlayer ?? null, detail: event.detail ?? null })),
      );
    }
  });

  it('swaps the sides when told which team was at home', () => {
    const swapped = buildSample('alaves', 'Deportivo Alavés');
    expect([swapped.home.name, swapped.away.name, swapped.final]).toEqual(['Deportivo Alavés', 'FC Barcelona', [0, 3]]);
    expect(swapped.goals.map((goal) => goal.side)).toEqual(['away', 'away', 'away']);
    expect(() => buildSample('alaves', 'Real Madrid')).toThrow('--home "Real Madrid" is neither team of the match (Barcelona, Deportivo Alavés)');
  });
});

describe('buildStatsbombReplay: Barcelona 2-2 Girona (StatsBomb 15986)', () => {
  const replay = buildSample('girona');
  const last = replay.steps[replay.steps.length - 1]!;

  it('ends 2-2 (1-1 at half time) with the real scorers in order', () => {
    expect([replay.home.name, replay.away.name]).toEqual(['FC Barcelona', 'Girona FC']);
    expect(replay.final).toEqual([2, 2]);
    expect(replay.halfTime).toEqual([1, 1]);
    expect(replay.goals.map((goal) => [goal.minute, goal.side, goal.player, goal.detail])).toEqual([
      [19, 'home', 'Lionel Messi', null],
      [45, 'away', 'Cristhian Stuani', null],
      [51, 'away', 'Cristhian Stuani', null],
      [63, 'home', 'Gerard Piqué', null],
    ]);
    expect(last.update).toMatchObject({ statusId: 8, homeScore: 2, awayScore: 2, halfTime: [1, 1] });
  });

  it("shows Lenglet's red card and the eight yellow cards", () => {
    expect(ofType(replay, FOOTBALL_EVENT.redCard).map((event) => [...brief(event), event.detail])).toEqual([[33, null, 'home', 'Clément Lenglet', null, null]]);
    expect(ofType(replay, FOOTBALL_EVENT.yellowCard).map((event) => [event.minute, event.side, event.player])).toEqual([
      [12, 'home', 'Nélson Semedo'],
      [14, 'home', 'Arthur'],
      [16, 'away', 'Cristhian Stuani'],
      [39, 'away', 'Bernardo Espinosa'],
      [61, 'away', 'Juanpe'],
      [68, 'away', 'Pedro Alcalá'],
      [69, 'away', 'Portu'],
      [81, 'home', 'Gerard Piqué'],
    ]);
    expect(last.update).toMatchObject({ red: [1, 0], yellow: [3, 5] });
    const lenglet = last.update.lineups!.home.players.find((player) => player.name === 'Clément Lenglet')!;
    expect(lenglet).toMatchObject({ starter: true, minute_out: 33, stats: { red: 1 } });
    expect(replay.lineups.home.formation).toBe('4-1-2-2-1');
    expect(replay.lineups.away.formation).toBe('3-2-3-2');
    expect(ofType(replay, FOOTBALL_EVENT.substitution)).toHaveLength(6);
  });
});

/** A minimal StatsBomb event; the replay needs only these fields. */
function makeEvents(): StatsbombEvent[] {
  const home = { id: 1, name: 'Home Town' };
  const away = { id: 2, name: 'Away City' };
  const player = (id: number) => ({ id, name: `Player ${id}` });
  const events: Omit<StatsbombEvent, 'index' | 'id' | 'possession' | 'possession_team' | 'second'>[] = [];
  const at = (period: number, minute: number, second = 0) => {
    const periodMinute = period === 2 ? minute - 45 : minute;
    return { period, minute, timestamp: `00:${String(periodMinute).padStart(2, '0')}:${String(second).padStart(2, '0')}.000` };
  };
  const lineup = (team: typeof home, first: number) => ({
    formation: 442,
    lineup: Array.from({ length: 11 }, (_, index) => ({ player: player(first + index), position: { id: 1, name: index === 0 ? 'Goalkeeper' : 'Center Midfield' }, jersey_number: index + 1 })),
  });
  events.push({ ...at(1, 0), type: { id: 35, name: 'Starting XI' }, team: home, tactics: lineup(home, 100) });
  events.push({ ...at(1, 0), type: { id: 35, name: 'Starting XI' }, team: away, tactics: lineup(away, 200) });
  events.push({ ...at(1, 0), type: { id: 18, name: 'Half Start' }, team: home });
  events.push({ ...at(1, 0), type: { id: 18, name: 'Half Start' }, team: away });
  // an away defender turns the ball into his own net: the home side scores
  events.push({ ...at(1, 9, 30), type: { id: 20, name: 'Own Goal Against' }, team: away, player: player(204) });
  events.push({ ...at(1, 9, 30), type: { id: 25, name: 'Own Goal For' }, team: home });
  // a foul in the box: the home side gets a penalty and scores it
  events.push({ ...at(1, 19), type: { id: 22, name: 'Foul Committed' }, team: away, player: player(203), foul_committed: { penalty: true } });
  events.push({ ...at(1, 20), type: { id: 16, name: 'Shot' }, team: home, player: player(110), location: [108, 40], shot: { outcome: { id: 97, name: 'Goal' }, type: { id: 88, name: 'Penalty' } } });
  events.push({ ...at(1, 29), type: { id: 22, name: 'Foul Committed' }, team: away, player: player(203), foul_committed: { card: { id: 6, name: 'Second Yellow' } } });
  events.push({ ...at(1, 45, 30), type: { id: 34, name: 'Half End' }, team: home });
  events.push({ ...at(1, 45, 30), type: { id: 34, name: 'Half End' }, team: away });
  events.push({ ...at(2, 45), type: { id: 18, name: 'Half Start' }, team: home });
  events.push({ ...at(2, 45), type: { id: 18, name: 'Half Start' }, team: away });
  // a penalty the file does not flag when awarded, saved
  events.push({ ...at(2, 59), type: { id: 16, name: 'Shot' }, team: away, player: player(210), location: [108, 40], shot: { outcome: { id: 100, name: 'Saved' }, type: { id: 88, name: 'Penalty' } } });
  events.push({ ...at(2, 89, 59), type: { id: 34, name: 'Half End' }, team: home });
  events.push({ ...at(2, 89, 59), type: { id: 34, name: 'Half End' }, team: away });
  return events.map((event, index) => ({
    ...event,
    id: `event-${index}`,
    index: index + 1,
    second: Number(event.timestamp.slice(6, 8)),
    possession: index,
    possession_team: event.team,
  }));
}

describe('buildStatsbombReplay: own goals, penalties and second yellows', () => {
  const replay = buildStatsbombReplay({ events: makeEvents() });

  it('credits an own goal to the side whose score goes up, naming the player who put it in his own net', () => {
    expect(replay.final).toEqual([2, 0]);
    expect(replay.goals).toEqual([
      { minute: 10, addedMinute: null, side: 'home', player: 'Player 204', assist: null, detail: 'own goal' },
      { minute: 21, addedMinute: null, side: 'home', player: 'Player 110', assist: null, detail: 'penalty' },
    ]);
    expect(ofType(replay, FOOTBALL_EVENT.ownGoal).map(brief)).toEqual([[10, null, 'home', 'Player 204', null]]);
    const last = replay.steps[replay.steps.length - 1]!;
    const culprit = last.update.lineups!.away.players.find((player) => player.name === 'Player 204')!;
    expect(culprit.stats).toMatchObject({ own_goals: 1, goals: 0 });
    // without a lineups file the names and numbers come from the Starting XI
    expect(culprit.number).toBe(5);
  });

  it('announces penalties, marks a scored one and reports a missed one', () => {
    expect(timeline(replay).filter((event) => [FOOTBALL_EVENT.penalty, FOOTBALL_EVENT.goal, FOOTBALL_EVENT.penaltyMissed].includes(event.type as 0)).map((event) => [event.type, event.minute, event.side, event.player, event.detail ?? null])).toEqual([
      [FOOTBALL_EVENT.penalty, 20, 'home', null, null],
      [FOOTBALL_EVENT.goal, 21, 'home', 'Player 110', 'penalty'],
      [FOOTBALL_EVENT.penalty, 60, 'away', null, null],
      [FOOTBALL_EVENT.penaltyMissed, 60, 'away', 'Player 210', 'saved'],
    ]);
  });

  it('turns a second yellow into a red card', () => {
    expect(ofType(replay, FOOTBALL_EVENT.redCard).map((event) => [...brief(event), event.detail])).toEqual([[30, null, 'away', 'Player 203', null, 'second yellow']]);
    expect(replay.steps[replay.steps.length - 1]!.update).toMatchObject({ red: [0, 1], yellow: [0, 0] });
    expect(ofType(replay, FOOTBALL_EVENT.injuryTime).map((event) => [event.minute, event.detail])).toEqual([[45, '+1']]);
  });
});

describe('StatsBomb files that are not what the replay needs', () => {
  it('names the file and the problem', async () => {
    expect(() => parseStatsbombEvents({ events: [] })).toThrow('events file: expected a JSON array of StatsBomb events');
    expect(() => parseStatsbombEvents([])).toThrow('events file: (top): the file holds no events');
    const [first] = makeEvents();
    expect(() => parseStatsbombEvents([{ ...first, type: undefined }], 'match.json')).toThrow(/^match\.json: \[0\]\.type: /);
    expect(() => parseStatsbombEvents([{ ...first, timestamp: '5 minutes' }])).toThrow('events file: [0].timestamp: expected "HH:MM:SS.mmm"');
    expect(() => parseStatsbombLineups([{ team_id: 1, team_name: 'A', lineup: [] }])).toThrow('lineups file: (top): a lineups file holds exactly two teams');
    // a lineups file of another match
    const lineups = parseStatsbombLineups(JSON.parse(readStatsbombSample(STATSBOMB_SAMPLES.girona.lineups)));
    expect(() => buildStatsbombReplay({ events: makeEvents(), lineups })).toThrow('lineups file: Barcelona (217) does not play in this match (Home Town, Away City)');
    // a file that stops before the final whistle
    expect(() => buildStatsbombReplay({ events: makeEvents().slice(0, -2) })).toThrow('events file: period 2 has no Half End event: the file stops before the final whistle');
    expect(() => buildStatsbombReplay({ events: makeEvents().slice(2) })).toThrow('events file: expected the Starting XI of two teams, found 0');

    const dir = await mkdtemp(path.join(tmpdir(), 'tribun-statsbomb-'));
    try {
      await writeFile(path.join(dir, 'broken.json'), '[{"id": ');
      await expect(readStatsbombReplay({ eventsPath: path.join(dir, 'missing.json') })).rejects.toThrow(`${path.join(dir, 'missing.json')}: cannot read the file (ENOENT)`);
      await expect(readStatsbombReplay({ eventsPath: path.join(dir, 'broken.json') })).rejects.toThrow(`${path.join(dir, 'broken.json')}: not JSON`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
