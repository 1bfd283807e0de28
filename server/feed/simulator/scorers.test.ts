import { describe, expect, it } from 'vitest';
import type { FixtureInput, MatchUpdate, MatchWriteResult, PublishedFixture } from '../../modules/matches/match-writes';
import type { FeedSink } from '../provider';
import type { SquadPlayer } from '../squads/build-squads';
import type { SimCompetition } from './competitions';
import { FOOTBALL_EVENT } from './football-script';
import { createSimulator } from './simulator';
import { buildTestCompetitions } from './test-competitions';

/** Scorers named from squad pools (decision 097): deterministic per seed, null without a pool. */

const START_MS = Date.UTC(2025, 2, 14, 12, 7, 0);

class Sink implements FeedSink {
  fixtures = new Map<number, FixtureInput>();
  updates: MatchUpdate[] = [];
  async upsertFixtures(fixtures: FixtureInput[]): Promise<PublishedFixture[]> {
    for (const fixture of fixtures) this.fixtures.set(fixture.matchId, fixture);
    return [];
  }
  async applyUpdate(update: MatchUpdate): Promise<MatchWriteResult> {
    this.updates.push(update);
    return { applied: true };
  }
}

interface Goal {
  matchId: number;
  seq: number | undefined;
  teamId: number;
  type: number;
  player: string | null;
}

/** Starts a simulator, which plays yesterday's matches to the end at once, and lists their goals. */
async function playYesterday(options: {
  competitions: SimCompetition[];
  seed: number;
  squads?: ReadonlyMap<number, readonly SquadPlayer[]>;
}): Promise<Goal[]> {
  const sink = new Sink();
  const simulator = createSimulator({
    ...options,
    calendar: 'dense',
    clock: { nowMs: () => START_MS },
    tickMs: 3_600_000,
  });
  await simulator.start(sink);
  await simulator.stop();
  const goals: Goal[] = [];
  for (const update of sink.updates) {
    if (update.sport !== 'football') continue;
    const fixture = sink.fixtures.get(update.matchId)!;
    for (const event of update.events ?? []) {
      if (event.type !== FOOTBALL_EVENT.goal && event.type !== FOOTBALL_EVENT.ownGoal) continue;
      goals.push({
        matchId: update.matchId,
        seq: event.seq,
        teamId: event.side === 'home' ? fixture.homeTeamId : fixture.awayTeamId,
        type: event.type,
        player: event.player,
      });
    }
  }
  return goals;
}

const competitions = buildTestCompetitions().filter((competition) => competition.id <= 3 || competition.sport === 'basketball');

/** Pools for the odd-numbered teams of the test leagues: one scorer who scored a lot, three who did not. */
function oddTeamPools(): Map<number, SquadPlayer[]> {
  const pools = new Map<number, SquadPlayer[]>();
  for (const competition of competitions) {
    if (competition.sport !== 'football') continue;
    for (const team of competition.teams) {
      if (team.id % 2 === 0) continue;
      pools.set(team.id, [
        { name: `Striker ${team.id}`, goals: 20, weight: 61 },
        { name: `Winger ${team.id}`, goals: 0, weight: 1 },
        { name: `Back ${team.id}`, goals: 0, weight: 1 },
        { name: `Midfielder ${team.id}`, goals: 0, weight: 1 },
      ]);
    }
  }
  return pools;
}

describe('simulated scorers', () => {
  it('names a goal’s scorer from the scoring team’s pool, by weight, and nobody for a team without one or an own goal', async () => {
    const pools = oddTeamPools();
    const goals = await playYesterday({
      competitions,
      seed: 11,
      squads: pools,
    });
    const withPool = goals.filter((goal) => goal.type === FOOTBALL_EVENT.goal && pools.has(goal.teamId));
    const withoutPool = goals.filter((goal) => goal.type === FOOTBALL_EVENT.goal && !pools.has(goal.teamId));
    expect(withPool.length).toBeGreaterThan(10);
    expect(withoutPool.length).toBeGreaterThan(10);
    for (const goal of withPool) expect(pools.get(goal.teamId)!.map((player) => player.name)).toContain(goal.player);
    expect(withoutPool.every((goal) => goal.player === null)).toBe(true);
    expect(goals.filter((goal) => goal.type === FOOTBALL_EVENT.ownGoal).every((goal) => goal.player === null)).toBe(true);
    // The striker weighs 61 of 64: nearly every named goal is his.
    const strikers = withPool.filter((goal) => goal.player?.startsWith('Striker')).length;
    expect(strikers / withPool.length).toBeGreaterThan(0.8);
  });

  it('names the same scorers for the same seed, and others for another seed', async () => {
    const first = await playYesterday({
      competitions,
      seed: 11,
      squads: oddTeamPools(),
    });
    const again = await playYesterday({
      competitions,
      seed: 11,
      squads: oddTeamPools(),
    });
    expect(again).toEqual(first);
    // Equal pools of four, so another seed's scorers differ somewhere.
    const even = new Map([...oddTeamPools()].map(([id, players]) => [id, players.map((player) => ({ ...player, goals: 0, weight: 1 }))]));
    const a = await playYesterday({ competitions, seed: 11, squads: even });
    const b = await playYesterday({ competitions, seed: 12, squads: even });
    expect(a.filter((goal) => goal.player !== null).map((goal) => goal.player)).not.toEqual(
      b.filter((goal) => goal.player !== null).map((goal) => goal.player),
    );
  });

  it('uses the committed real pools by default: a team named like the catalog’s FC Barcelona scores with its players', async () => {
    const laLiga: SimCompetition = {
      id: 3,
      sport: 'football',
      isHot: true,
      format: 'league',
      teams: [
        { id: 1, name: 'FC Barcelona', strength: 0.95 },
        { id: 2, name: 'Girona FC', strength: 0.6 },
        { id: 3, name: 'Deportivo Alavés', strength: 0.5 },
        { id: 4, name: 'Real Betis Balompié', strength: 0.55 },
      ],
    };
    const goals = await playYesterday({ competitions: [laLiga], seed: 5 });
    const barcelona = goals.filter((goal) => goal.teamId === 1 && goal.type === FOOTBALL_EVENT.goal);
    const betis = goals.filter((goal) => goal.teamId === 4 && goal.type === FOOTBALL_EVENT.goal);
    expect(barcelona.length).toBeGreaterThan(0);
    const barcelonaPlayers = [
      'Lionel Messi',
      'Philippe Coutinho',
      'Gerard Piqué',
      'Luis Suárez',
      'Ousmane Dembélé',
      'Jordi Alba',
      'Sergio Busquets',
      'Ivan Rakitić',
      'Arthur',
      'Arturo Vidal',
      'Clément Lenglet',
      'Nélson Semedo',
      'Samuel Umtiti',
      'Sergi Roberto',
      'Malcom',
      'Rafinha',
      'Denis Suárez',
      'Munir El Haddadi',
    ];
    for (const goal of barcelona) expect(barcelonaPlayers).toContain(goal.player);
    // No Betis players in the data: its goals stay unnamed.
    expect(betis.every((goal) => goal.player === null)).toBe(true);
  });
});
