import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../catalog/catalog';
import { readStatsbombSample, STATSBOMB_SAMPLES } from '../replay/statsbomb/statsbomb-fixtures';
import { parseStatsbombEvents, parseStatsbombLineups } from '../replay/statsbomb/statsbomb-schema';
import { buildSquadPools, statsbombTeamPlayers, worldcupTeamPlayers, type SquadInput } from './build-squads';
import { pickWeighted, loadSquadPools, squadPoolsByTeamId } from './squads';
import { catalogNameOf, TEAM_NAME_MAPPINGS } from './team-names';

function statsbombInputs(): SquadInput[] {
  return Object.values(STATSBOMB_SAMPLES).map((files) => ({
    source: 'statsbomb',
    season: '2018-19',
    teams: statsbombTeamPlayers(
      parseStatsbombEvents(JSON.parse(readStatsbombSample(files.events))),
      parseStatsbombLineups(JSON.parse(readStatsbombSample(files.lineups))),
    ),
  }));
}

describe('team name mapping', () => {
  it('maps every data name to a football team the catalog really has, each name once', () => {
    const footballTeams = new Set(
      loadCatalog()
        .competitions.filter((competition) => competition.sport === 'football')
        .flatMap((competition) => competition.teams.map((team) => team.name)),
    );
    for (const mapping of TEAM_NAME_MAPPINGS) expect(footballTeams, mapping.catalogName).toContain(mapping.catalogName);
    const keys = TEAM_NAME_MAPPINGS.map((mapping) => `${mapping.source}|${mapping.dataName}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('knows the StatsBomb teams by their names in the files, and nothing loosely', () => {
    expect(catalogNameOf('statsbomb', 'Barcelona')).toBe('FC Barcelona');
    expect(catalogNameOf('statsbomb', 'Girona')).toBe('Girona FC');
    expect(catalogNameOf('statsbomb', 'Deportivo Alavés')).toBe('Deportivo Alavés');
    expect(catalogNameOf('statsbomb', 'FC Barcelona')).toBeNull();
    expect(catalogNameOf('openfootball-clubworldcup', 'Barcelona')).toBeNull();
    expect(catalogNameOf('openfootball-clubworldcup', 'Bayern München (GER)')).toBe('FC Bayern München');
  });
});

describe('squad pools', () => {
  it('takes StatsBomb’s outfield players and scorers under the names the replays show, weighted by goals', () => {
    const pools = buildSquadPools(statsbombInputs());
    expect(pools.map((pool) => pool.team)).toEqual(['Deportivo Alavés', 'FC Barcelona', 'Girona FC']);
    const barcelona = pools.find((pool) => pool.team === 'FC Barcelona')!;
    // Messi scored twice against Alavés and once against Girona; Coutinho and Piqué once.
    expect(barcelona.players[0]).toEqual({
      name: 'Lionel Messi',
      goals: 3,
      weight: 10,
    });
    expect(barcelona.players.find((player) => player.name === 'Philippe Coutinho')).toMatchObject({ goals: 1, weight: 4 });
    expect(barcelona.players.find((player) => player.name === 'Gerard Piqué')).toMatchObject({ goals: 1 });
    // Goalkeepers are never named, nor players who stayed on the bench.
    const names = barcelona.players.map((player) => player.name);
    expect(names).not.toContain('Marc-André ter Stegen');
    expect(names).not.toContain('Jasper Cillessen');
    const girona = pools.find((pool) => pool.team === 'Girona FC')!;
    expect(girona.players[0]).toEqual({
      name: 'Cristhian Stuani',
      goals: 2,
      weight: 7,
    });
    expect(girona.players.map((player) => player.name)).not.toContain('Yassine Bounou');
  });

  it('skips own goals, leaves unmapped teams out and prefers the newest season', () => {
    const worldcup = worldcupTeamPlayers({
      matches: [
        {
          team1: 'Bayern München (GER)',
          team2: 'Auckland City FC (NZL)',
          goals1: [{ name: 'Jamal Musiala' }, { name: 'Jamal Musiala' }, { name: 'Someone Else', owngoal: true }],
          goals2: [],
        },
      ],
    });
    expect(worldcup.get('Bayern München (GER)')).toEqual(new Map([['Jamal Musiala', 2]]));
    const older: SquadInput = {
      source: 'statsbomb',
      season: '2018-19',
      teams: new Map([['Barcelona', new Map([['Lionel Messi', 3]])]]),
    };
    const newer: SquadInput = {
      source: 'openfootball-clubworldcup',
      season: '2025',
      teams: worldcup,
    };
    for (const order of [
      [older, newer],
      [newer, older],
    ]) {
      const pools = buildSquadPools(order);
      expect(pools.map((pool) => pool.team)).toEqual(['FC Barcelona', 'FC Bayern München']);
      expect(pools[1]).toEqual({
        team: 'FC Bayern München',
        source: 'openfootball-clubworldcup',
        season: '2025',
        players: [{ name: 'Jamal Musiala', goals: 2, weight: 7 }],
      });
    }
    const barcelona2025: SquadInput = {
      source: 'statsbomb',
      season: '2025-26',
      teams: new Map([['Barcelona', new Map([['Robert Lewandowski', 1]])]]),
    };
    expect(buildSquadPools([older, barcelona2025])[0]!.players.map((player) => player.name)).toEqual(['Robert Lewandowski']);
  });

  it('the committed squads.json is what the StatsBomb samples give (the Club World Cup file names no scorers)', () => {
    expect(loadSquadPools()).toEqual(buildSquadPools(statsbombInputs()));
  });

  it('finds pools by team id through catalog names and draws by weight', () => {
    const byId = squadPoolsByTeamId([
      { id: 10, name: 'FC Barcelona' },
      { id: 11, name: 'Real Betis Balompié' },
    ]);
    expect([...byId.keys()]).toEqual([10]);
    const players = [
      { name: 'A', goals: 1, weight: 3 },
      { name: 'B', goals: 0, weight: 1 },
    ];
    expect(pickWeighted(players, 0)?.name).toBe('A');
    expect(pickWeighted(players, 0.74)?.name).toBe('A');
    expect(pickWeighted(players, 0.75)?.name).toBe('B');
    expect(pickWeighted(players, 0.999)?.name).toBe('B');
    expect(pickWeighted([], 0.5)).toBeNull();
  });
});
