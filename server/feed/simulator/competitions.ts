import type { Sport } from '../../../core/contracts/matches';
import { calendarRule, type CalendarRule } from '../../catalog/calendar-config';
import type { RealFixture } from './calendar';

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
  /** when and how often it plays (server/catalog/calendar-config.ts); without one it is not played */
  calendar?: CalendarRule;
  /** real pairings on real dates, played instead of generated rounds in their weeks */
  realFixtures?: readonly RealFixture[];
  /** football: the real season's goals per match, which the scripts score like */
  goalsPerMatch?: number;
}

/** The part of a catalog competition the mapping reads. */
export interface CatalogCompetitionLike {
  id: number;
  sport: Sport;
  isHot: boolean;
  shortName: string;
  names: { en: string };
  teams: readonly SimTeam[];
  goalsPerMatch?: number;
  /** real future fixtures from the data (catalog.json), by team name */
  fixtures?: readonly { date: string; home: string; away: string }[];
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
  const calendar = calendarRule(competition.id);
  const withCalendar = calendar ? { calendar, ...toRealFixtures(competition) } : {};
  if (competition.sport === 'basketball') {
    return {
      id: competition.id,
      sport: 'basketball',
      isHot: competition.isHot,
      teams,
      rules: NBA_NAME.test(competition.names.en) || NBA_NAME.test(competition.shortName) ? 'nba' : 'fiba',
      ...withCalendar,
    };
  }
  const format: CompetitionFormat = CONTINENTAL_NAME.test(names) ? 'continental' : CUP_NAME.test(names) ? 'cup' : 'league';
  const goals = competition.goalsPerMatch === undefined ? {} : { goalsPerMatch: competition.goalsPerMatch };
  return { id: competition.id, sport: 'football', isHot: competition.isHot, teams, format, ...goals, ...withCalendar };
}

/** The catalog's real fixtures with team ids; a name the competition does not know is an error. */
function toRealFixtures(competition: CatalogCompetitionLike): { realFixtures?: RealFixture[] } {
  if (!competition.fixtures || competition.fixtures.length === 0) return {};
  const idOf = (name: string): number => {
    const team = competition.teams.find((candidate) => candidate.name === name);
    if (!team) throw new Error(`fixture team "${name}" is not in competition ${competition.id}`);
    return team.id;
  };
  return {
    realFixtures: competition.fixtures.map((fixture) => ({ date: fixture.date, homeTeamId: idOf(fixture.home), awayTeamId: idOf(fixture.away) })),
  };
}
