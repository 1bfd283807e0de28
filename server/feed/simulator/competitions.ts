import type { Sport } from '../../../core/contracts/matches';

/**
 * What the simulator needs to know about a competition. Structural on purpose: the catalog
 * (server/catalog) carries more, and the simulator's tests build these by hand.
 */
export interface SimTeam {
  id: number;
  name: string;
  /** 0 (weakest) .. 1 (strongest) */
  strength: number;
}

/**
 * - `league`: a domestic league; draws stand.
 * - `continental`: Champions League and the like; few matches a day, draws stand (league phase).
 * - `cup`: knock-out; a level match goes to extra time and penalties.
 */
export type CompetitionFormat = 'league' | 'continental' | 'cup';

/** Basketball quarter length: FIBA (EuroLeague, BSL, …) plays 10 minutes, the NBA 12. */
export type BasketballRules = 'fiba' | 'nba';

export interface SimCompetition {
  id: number;
  sport: Sport;
  isHot: boolean;
  teams: SimTeam[];
  /** football only; league when absent */
  format?: CompetitionFormat;
  /** basketball only; fiba when absent */
  rules?: BasketballRules;
}

/** The part of a catalog competition the mapping reads. */
export interface CatalogCompetitionLike {
  id: number;
  sport: Sport;
  isHot: boolean;
  shortName: string;
  names: { en: string };
  teams: readonly SimTeam[];
}

// No trailing \b: JavaScript's \b does not know Turkish letters ("Kupası").
const CUP_NAME = /\b(cup|kupa|copa|coppa|coupe|pokal|ta[çc]a|beker)/i;
const CONTINENTAL_NAME = /\b(champions league|europa league|conference league|libertadores|sudamericana|uefa|afc|caf|concacaf)\b/i;
const NBA_NAME = /^(nba|national basketball association)\b/i;

/**
 * Maps a catalog competition to the simulator's input, reading the format from its English
 * name because the catalog does not carry one: national cups are knock-out, European
 * competitions play few matches a day, the NBA plays 12-minute quarters.
 */
export function toSimCompetition(competition: CatalogCompetitionLike): SimCompetition {
  const names = `${competition.names.en} ${competition.shortName}`;
  const teams = competition.teams.map((team) => ({ id: team.id, name: team.name, strength: team.strength }));
  if (competition.sport === 'basketball') {
    return {
      id: competition.id,
      sport: 'basketball',
      isHot: competition.isHot,
      teams,
      rules: NBA_NAME.test(competition.names.en) || NBA_NAME.test(competition.shortName) ? 'nba' : 'fiba',
    };
  }
  const format: CompetitionFormat = CONTINENTAL_NAME.test(names) ? 'continental' : CUP_NAME.test(names) ? 'cup' : 'league';
  return { id: competition.id, sport: 'football', isHot: competition.isHot, teams, format };
}
