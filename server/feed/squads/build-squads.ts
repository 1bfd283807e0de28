import type { StatsbombEvent, StatsbombLineups } from '../replay/statsbomb/statsbomb-schema';
import { catalogNameOf, type SquadSource } from './team-names';

/**
 * Player pools per catalog team, built from what the data really lists for that team
 * (decision 097): the players a StatsBomb match fielded, and the goal scorers of
 * openfootball's worldcup.json files. Names stay exactly as the data writes them (StatsBomb:
 * the nickname when it has one, as the replays show it). Own goals are left out: a file lists
 * them under the team that benefits, whose player did not score them.
 */

export interface SquadPlayer {
  name: string;
  /** goals the data credits to the player for this team */
  goals: number;
  /** how likely the simulator names the player as a scorer, relative to the team's others */
  weight: number;
}

export interface SquadPool {
  /** catalog.json's name of the team */
  team: string;
  source: SquadSource;
  /** the season the players were seen in ("2018-19", "2025") */
  season: string;
  players: SquadPlayer[];
}

/** Goals per player of each data team (a player who played and did not score has 0). */
export type TeamPlayers = Map<string, Map<string, number>>;

export interface SquadInput {
  source: SquadSource;
  season: string;
  teams: TeamPlayers;
}

/** A player who scored counts this much more than one who only played, per goal. */
export const WEIGHT_PER_GOAL = 3;

function addPlayer(teams: TeamPlayers, team: string, player: string, goals: number): void {
  let players = teams.get(team);
  if (!players) {
    players = new Map();
    teams.set(team, players);
  }
  players.set(player, (players.get(player) ?? 0) + goals);
}

/**
 * Players of one StatsBomb match: the outfield starters (goalkeepers are never named as
 * scorers), the substitutes who came on and everyone who scored, with their goals. The
 * lineups file gives the names the replays show (nickname, else full name).
 */
export function statsbombTeamPlayers(events: readonly StatsbombEvent[], lineups: StatsbombLineups): TeamPlayers {
  const shownName = new Map<number, string>();
  for (const team of lineups) {
    for (const entry of team.lineup) shownName.set(entry.player_id, entry.player_nickname?.trim() || entry.player_name);
  }
  const nameOf = (player: { id: number; name: string }) => shownName.get(player.id) ?? player.name;
  const teams: TeamPlayers = new Map();
  for (const event of events) {
    if (event.type.name === 'Starting XI' && event.tactics) {
      for (const entry of event.tactics.lineup) {
        if (entry.position.name !== 'Goalkeeper') addPlayer(teams, event.team.name, nameOf(entry.player), 0);
      }
    } else if (event.type.name === 'Substitution' && event.substitution) {
      addPlayer(teams, event.team.name, nameOf(event.substitution.replacement), 0);
    } else if (event.type.name === 'Shot' && event.shot?.outcome.name === 'Goal' && event.player) {
      addPlayer(teams, event.team.name, nameOf(event.player), 1);
    }
  }
  return teams;
}

/** The part of an openfootball worldcup.json file the pools read. */
export interface WorldcupFile {
  matches: readonly {
    team1: string;
    team2: string;
    goals1?: readonly { name: string; owngoal?: boolean }[];
    goals2?: readonly { name: string; owngoal?: boolean }[];
  }[];
}

/** Goal scorers per team of a worldcup.json file; own goals are skipped. */
export function worldcupTeamPlayers(file: WorldcupFile): TeamPlayers {
  const teams: TeamPlayers = new Map();
  for (const match of file.matches) {
    for (const [team, goals] of [
      [match.team1, match.goals1],
      [match.team2, match.goals2],
    ] as const) {
      for (const goal of goals ?? []) if (!goal.owngoal && goal.name.trim() !== '') addPlayer(teams, team, goal.name, 1);
    }
  }
  return teams;
}

/** "2018-19" → 2018, "2025" → 2025: seasons compare by the year they start in. */
function seasonYear(season: string): number {
  return Number.parseInt(season, 10);
}

/**
 * One pool per catalog team: its players from the newest season that lists any (inputs of
 * the same source and season add up: two StatsBomb matches of one team are one pool). Teams
 * the name mapping does not know are left out.
 */
export function buildSquadPools(inputs: readonly SquadInput[]): SquadPool[] {
  const merged = new Map<string, { source: SquadSource; season: string; players: Map<string, number> }>();
  for (const input of inputs) {
    for (const [dataName, players] of input.teams) {
      const team = catalogNameOf(input.source, dataName);
      if (team === null || players.size === 0) continue;
      let current = merged.get(team);
      if (current && (current.source !== input.source || current.season !== input.season)) {
        if (seasonYear(input.season) <= seasonYear(current.season)) continue;
        current = undefined;
      }
      if (!current) {
        current = {
          source: input.source,
          season: input.season,
          players: new Map(),
        };
        merged.set(team, current);
      }
      for (const [player, goals] of players) current.players.set(player, (current.players.get(player) ?? 0) + goals);
    }
  }
  return [...merged.entries()]
    .map(([team, pool]) => ({
      team,
      source: pool.source,
      season: pool.season,
      players: [...pool.players.entries()]
        .map(([name, goals]) => ({
          name,
          goals,
          weight: 1 + WEIGHT_PER_GOAL * goals,
        }))
        .sort((a, b) => b.weight - a.weight || a.name.localeCompare(b.name, 'en')),
    }))
    .sort((a, b) => a.team.localeCompare(b.team, 'en'));
}
