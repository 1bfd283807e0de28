import type { Lineup, LineupPlayer } from '../../../../core/contracts/match-data';
import type { Pair } from '../../../../core/contracts/matches';
import { formatFormation, pitchSpot } from './pitch-layout';
import { StatsbombFileError, type StatsbombEvent, type StatsbombLineups } from './statsbomb-schema';

/** The teams-and-players phase of a StatsBomb replay: which team is at home, who played, the lineups. */

export type Side = 'home' | 'away';

export function sideIndex(side: Side): 0 | 1 {
  return side === 'home' ? 0 : 1;
}

export function other(side: Side): Side {
  return side === 'home' ? 'away' : 'home';
}

export function bump(pair: Pair, side: Side, by = 1): void {
  pair[sideIndex(side)] += by;
}

const PLAYER_STAT_KEYS = ['goals', 'own_goals', 'assists', 'shots', 'shots_on', 'passes', 'passes_completed', 'tackles', 'duels_won', 'yellow', 'red'] as const;
type PlayerStatKey = (typeof PLAYER_STAT_KEYS)[number];

export interface PlayerState {
  id: number;
  name: string;
  side: Side;
  number: number | null;
  position: string | null;
  isStarter: boolean;
  /** order in which the lineup lists the player */
  order: number;
  minuteIn: number | null;
  minuteOut: number | null;
  stats: Record<PlayerStatKey, number>;
}

type TeamRef = StatsbombEvent['team'];

export interface MatchSides {
  home: TeamRef;
  away: TeamRef;
  startingXi: StatsbombEvent[];
  sideOfTeam(teamId: number): Side;
}

/**
 * The two teams, from the Starting XI events. The files do not say which side is at home: by
 * default it is the team of the first Starting XI event, which StatsBomb writes for the home side first.
 */
export function resolveSides(events: readonly StatsbombEvent[], options: { homeTeam?: string; lineups?: StatsbombLineups }): MatchSides {
  const startingXi = events.filter((event) => event.type.name === 'Starting XI');
  const teamsSeen = [...new Map(startingXi.map((event) => [event.team.id, event.team])).values()];
  if (teamsSeen.length !== 2) {
    throw new StatsbombFileError(`events file: expected the Starting XI of two teams, found ${teamsSeen.length}; is it a StatsBomb events file of one match?`);
  }
  let [home, away] = teamsSeen as [TeamRef, TeamRef];
  if (options.homeTeam !== undefined) {
    if (away.name === options.homeTeam) [home, away] = [away, home];
    else if (home.name !== options.homeTeam) {
      throw new StatsbombFileError(`--home "${options.homeTeam}" is neither team of the match (${home.name}, ${away.name})`);
    }
  }
  const sideOfTeam = (teamId: number): Side => {
    if (teamId === home.id) return 'home';
    if (teamId === away.id) return 'away';
    throw new StatsbombFileError(`events file: team ${teamId} is neither team of the Starting XI events`);
  };
  for (const team of options.lineups ?? []) {
    if (team.team_id !== home.id && team.team_id !== away.id) {
      throw new StatsbombFileError(`lineups file: ${team.team_name} (${team.team_id}) does not play in this match (${home.name}, ${away.name})`);
    }
  }
  return { home, away, startingXi, sideOfTeam };
}

export interface Roster {
  players: Map<number, PlayerState>;
  formations: Record<Side, string | null>;
  nameOf(ref: { id: number; name: string } | undefined): string | null;
  playerOf(ref: { id: number } | undefined): PlayerState | undefined;
}

/** Everyone who was in a lineup or touched the ball: the lineups file's bench, the Starting XI, substitutes. */
export function collectPlayers(events: readonly StatsbombEvent[], sides: MatchSides, lineups: StatsbombLineups | undefined): Roster {
  const players = new Map<number, PlayerState>();
  let nextOrder = 0;
  const addPlayer = (id: number, name: string, side: Side, number: number | null): PlayerState => {
    let player = players.get(id);
    if (!player) {
      player = {
        id,
        name,
        side,
        number,
        position: null,
        isStarter: false,
        order: 1_000 + nextOrder++,
        minuteIn: null,
        minuteOut: null,
        stats: Object.fromEntries(PLAYER_STAT_KEYS.map((key) => [key, 0])) as Record<PlayerStatKey, number>,
      };
      players.set(id, player);
    }
    return player;
  };
  for (const team of lineups ?? []) {
    const side = sides.sideOfTeam(team.team_id);
    // The bench in shirt-number order; starters are ordered by the Starting XI below.
    for (const entry of [...team.lineup].sort((a, b) => a.jersey_number - b.jersey_number)) {
      addPlayer(entry.player_id, entry.player_nickname?.trim() || entry.player_name, side, entry.jersey_number);
    }
  }
  const formations: Record<Side, string | null> = { home: null, away: null };
  for (const event of sides.startingXi) {
    const side = sides.sideOfTeam(event.team.id);
    formations[side] = formatFormation(event.tactics?.formation);
    (event.tactics?.lineup ?? []).forEach((entry, position) => {
      const player = addPlayer(entry.player.id, entry.player.name, side, entry.jersey_number);
      player.isStarter = true;
      player.position = entry.position.name;
      player.order = position;
      player.number ??= entry.jersey_number;
    });
  }
  for (const event of events) {
    if (event.player) {
      const player = addPlayer(event.player.id, event.player.name, sides.sideOfTeam(event.team.id), null);
      // A substitute's position is where he first played.
      if (player.position === null && event.position && event.type.name !== 'Substitution') player.position = event.position.name;
    }
    if (event.substitution) addPlayer(event.substitution.replacement.id, event.substitution.replacement.name, sides.sideOfTeam(event.team.id), null);
  }
  return {
    players,
    formations,
    nameOf: (ref) => (ref ? (players.get(ref.id)?.name ?? ref.name) : null),
    playerOf: (ref) => (ref ? players.get(ref.id) : undefined),
  };
}

/** Starters in Starting XI order, then those who came on in the order they did, then the bench. */
function rank(player: PlayerState): number {
  return player.isStarter ? player.order : player.minuteIn !== null ? 100 + player.minuteIn : 10_000 + player.order;
}

/** A side's lineup as it stands, with each player's statistics so far. */
export function lineupOf(roster: Roster, side: Side): Lineup {
  return {
    formation: roster.formations[side],
    players: [...roster.players.values()]
      .filter((player) => player.side === side)
      .sort((a, b) => rank(a) - rank(b))
      .map((player): LineupPlayer => {
        const spot = player.isStarter ? pitchSpot(player.position) : null;
        return {
          name: player.name,
          number: player.number,
          position: player.position,
          starter: player.isStarter,
          x: spot?.x ?? null,
          y: spot?.y ?? null,
          minute_in: player.minuteIn,
          minute_out: player.minuteOut,
          stats: { ...player.stats },
        };
      }),
  };
}
