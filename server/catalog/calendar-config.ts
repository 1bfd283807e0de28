/**
 * When each competition plays, as configuration: the days a round spreads over, the local
 * kick-off times of each day (in the competition's IANA zone), how often it plays and how much
 * rest a team gets. The simulator (server/feed/simulator/calendar.ts) turns these rules into
 * fixtures; nothing about a league's habits is written in code.
 *
 * Times are the league's real slots as published for 2025-26 / 2025 seasons. A time listed
 * twice on a day means two matches may kick off together (England's Saturday 15:00).
 */

export type Weekday = 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun' | 'mon';

/** The simulator's week runs Tuesday → Monday: midweek first, then the weekend round. */
export const WEEKDAYS: readonly Weekday[] = ['tue', 'wed', 'thu', 'fri', 'sat', 'sun', 'mon'];

export interface CalendarRule {
  /** IANA zone the slots are written in */
  timeZone: string;
  /**
   * - `round`: a round (or a matchday) a week, each team at most once, spread over `slots`;
   * - `daily`: the NBA's way, each team on its own 3–4 days a week, back-to-backs included.
   */
  kind: 'round' | 'daily';
  /** local kick-off times per weekday ("HH:MM"); the round uses only these days */
  slots: Partial<Record<Weekday, readonly string[]>>;
  /** `even`/`odd`: only in weeks with that parity (European nights alternate with cup nights) */
  weeks: 'every' | 'even' | 'odd';
  /** matches per round; half the teams when absent */
  matchesPerRound?: number;
  /** fewest hours between two matches of one team, across all competitions of its sport */
  restHours: number;
  /**
   * Placed before competitions with a higher number: European nights are fixed first, the
   * domestic league then fits around them (a club that played on Wednesday is not on Friday).
   */
  priority: number;
  /**
   * A second, midweek round in some weeks (the Brasileirão, MLS and J1 play Wednesdays): its
   * own days and slots, placed before the weekend round, which then leaves its clubs their rest.
   */
  midweek?: { slots: Partial<Record<Weekday, readonly string[]>>; weeks: 'even' | 'odd'; priority: number };
}

const FOOTBALL_REST_HOURS = 48;
/** "At most one game a day": back-to-back evenings (≈ 24 h) are allowed, two in a day are not. */
const BASKETBALL_REST_HOURS = 20;

export const CALENDAR_CONFIG: Readonly<Record<number, CalendarRule>> = {
  // Süper Lig: Friday 20:00, the weekend's 14:30 / 17:00 / 20:00, Monday 20:00 (TFF).
  1: {
    timeZone: 'Europe/Istanbul',
    kind: 'round',
    slots: { fri: ['20:00'], sat: ['14:30', '17:00', '20:00'], sun: ['14:30', '17:00', '20:00'], mon: ['20:00'] },
    weeks: 'every',
    restHours: FOOTBALL_REST_HOURS,
    priority: 3,
  },
  // Premier League: Friday 20:00, Saturday 12:30 / 15:00 (several) / 17:30, Sunday 14:00 / 16:30, Monday 20:00.
  2: {
    timeZone: 'Europe/London',
    kind: 'round',
    slots: { fri: ['20:00'], sat: ['12:30', '15:00', '15:00', '15:00', '17:30'], sun: ['14:00', '14:00', '16:30'], mon: ['20:00'] },
    weeks: 'every',
    restHours: FOOTBALL_REST_HOURS,
    priority: 3,
  },
  // La Liga: Friday 21:00, weekend 14:00 / 16:15 / 18:30 / 21:00, Monday 21:00.
  3: {
    timeZone: 'Europe/Madrid',
    kind: 'round',
    slots: { fri: ['21:00'], sat: ['14:00', '16:15', '18:30', '21:00'], sun: ['14:00', '16:15', '18:30', '21:00'], mon: ['21:00'] },
    weeks: 'every',
    restHours: FOOTBALL_REST_HOURS,
    priority: 3,
  },
  // Bundesliga: Friday 20:30, Saturday 15:30 (five) / 18:30, Sunday 15:30 / 17:30 / 19:30.
  4: {
    timeZone: 'Europe/Berlin',
    kind: 'round',
    slots: { fri: ['20:30'], sat: ['15:30', '15:30', '15:30', '15:30', '15:30', '18:30'], sun: ['15:30', '17:30', '19:30'] },
    weeks: 'every',
    restHours: FOOTBALL_REST_HOURS,
    priority: 3,
  },
  // Serie A: Friday 20:45, Saturday 15:00 / 18:00 / 20:45, Sunday 12:30 / 15:00 / 18:00 / 20:45, Monday 20:45.
  5: {
    timeZone: 'Europe/Rome',
    kind: 'round',
    slots: { fri: ['20:45'], sat: ['15:00', '18:00', '20:45'], sun: ['12:30', '15:00', '15:00', '18:00', '20:45'], mon: ['20:45'] },
    weeks: 'every',
    restHours: FOOTBALL_REST_HOURS,
    priority: 3,
  },
  // Champions League league phase: Tuesday and Wednesday, 18:45 and 21:00 CET, every other week.
  6: {
    timeZone: 'Europe/Berlin',
    kind: 'round',
    slots: { tue: ['18:45', '18:45', '21:00', '21:00', '21:00', '21:00', '21:00', '21:00', '21:00'], wed: ['18:45', '18:45', '21:00', '21:00', '21:00', '21:00', '21:00', '21:00', '21:00'] },
    weeks: 'even',
    restHours: FOOTBALL_REST_HOURS,
    priority: 1,
  },
  // Turkish Cup: midweek afternoons and evenings, in the weeks without European nights.
  7: {
    timeZone: 'Europe/Istanbul',
    kind: 'round',
    slots: { tue: ['15:00', '18:00', '20:30'], wed: ['15:00', '18:00', '20:30'], thu: ['15:00', '18:00', '20:30'] },
    weeks: 'odd',
    matchesPerRound: 9,
    restHours: FOOTBALL_REST_HOURS,
    priority: 2,
  },
  // Brasileirão Série A: Saturday 16:00 / 18:30 / 21:00, Sunday 11:00 / 16:00 / 18:30 / 20:30, Monday 20:00,
  // and a Wednesday–Thursday round every other week (the real midweek rounds of the data use its times).
  8: {
    timeZone: 'America/Sao_Paulo',
    kind: 'round',
    slots: {
      sat: ['16:00', '18:30', '21:00'],
      sun: ['11:00', '16:00', '16:00', '18:30', '20:30'],
      mon: ['20:00'],
    },
    weeks: 'every',
    restHours: FOOTBALL_REST_HOURS,
    priority: 3,
    midweek: { slots: { wed: ['19:00', '19:30', '21:30', '21:30'], thu: ['19:00', '20:00', '21:30'] }, weeks: 'odd', priority: 2 },
  },
  // Liga Profesional (Argentina): Friday to Monday, 15:00 to 21:30 local.
  9: {
    timeZone: 'America/Argentina/Buenos_Aires',
    kind: 'round',
    slots: {
      fri: ['19:00', '21:00'],
      sat: ['15:00', '17:00', '19:15', '21:30'],
      sun: ['15:00', '17:00', '17:00', '19:15', '21:30'],
      mon: ['19:00', '21:00'],
    },
    weeks: 'every',
    restHours: FOOTBALL_REST_HOURS,
    priority: 3,
    midweek: { slots: { tue: ['19:00', '21:15'], wed: ['17:00', '19:00', '21:15'], thu: ['19:00', '21:15'] }, weeks: 'even', priority: 2 },
  },
  // MLS: Saturday evening (19:30 ET in the east, 22:30 ET for the west coast), Sunday 17:00–21:00 ET.
  10: {
    timeZone: 'America/New_York',
    kind: 'round',
    slots: { sat: ['19:30', '19:30', '19:30', '19:30', '20:30', '20:30', '21:30', '22:30', '22:30'], sun: ['17:00', '19:00', '21:00'] },
    weeks: 'every',
    restHours: FOOTBALL_REST_HOURS,
    priority: 3,
    midweek: { slots: { wed: ['19:30', '19:30', '19:30', '20:30', '21:30', '22:30', '22:30'] }, weeks: 'odd', priority: 2 },
  },
  // J1 League: Friday 19:00, Saturday 13:00–19:00, Sunday 13:00–19:00 JST.
  11: {
    timeZone: 'Asia/Tokyo',
    kind: 'round',
    slots: { fri: ['19:00'], sat: ['13:00', '14:00', '14:00', '15:00', '16:00', '19:00'], sun: ['13:00', '14:00', '15:00', '16:00', '19:00'] },
    weeks: 'every',
    restHours: FOOTBALL_REST_HOURS,
    priority: 3,
    midweek: { slots: { wed: ['19:00', '19:00', '19:30'] }, weeks: 'even', priority: 2 },
  },
  // Chinese Super League: Friday 19:35, weekend 15:30 / 19:35 / 20:00 Beijing time.
  12: {
    timeZone: 'Asia/Shanghai',
    kind: 'round',
    slots: { fri: ['19:35'], sat: ['15:30', '19:35', '20:00'], sun: ['15:30', '19:35', '20:00'] },
    weeks: 'every',
    restHours: FOOTBALL_REST_HOURS,
    priority: 3,
    midweek: { slots: { tue: ['19:35'], wed: ['19:35', '20:00'] }, weeks: 'odd', priority: 2 },
  },
  // Ligue 1: Friday 20:45, Saturday 17:00 / 19:00 / 21:05, Sunday 15:00 / 17:15 / 20:45.
  13: {
    timeZone: 'Europe/Paris',
    kind: 'round',
    slots: { fri: ['20:45'], sat: ['17:00', '19:00', '21:05'], sun: ['15:00', '15:00', '17:15', '20:45'] },
    weeks: 'every',
    restHours: FOOTBALL_REST_HOURS,
    priority: 3,
  },
  // Eredivisie: Friday 20:00, Saturday 16:30 / 18:45 / 20:00 / 21:00, Sunday 12:15 / 14:30 / 16:45 / 20:00.
  14: {
    timeZone: 'Europe/Amsterdam',
    kind: 'round',
    slots: { fri: ['20:00'], sat: ['16:30', '18:45', '20:00', '21:00'], sun: ['12:15', '14:30', '14:30', '16:45', '20:00'] },
    weeks: 'every',
    restHours: FOOTBALL_REST_HOURS,
    priority: 3,
  },
  // Primeira Liga: Friday 20:15, weekend 15:30 / 18:00 / 20:30, Monday 20:15.
  15: {
    timeZone: 'Europe/Lisbon',
    kind: 'round',
    slots: { fri: ['20:15'], sat: ['15:30', '18:00', '20:30'], sun: ['15:30', '18:00', '20:30'], mon: ['20:15'] },
    weeks: 'every',
    restHours: FOOTBALL_REST_HOURS,
    priority: 3,
  },
  // NBA: tip-offs 19:00–22:30 Eastern (the west coast's 19:00–19:30 local is 22:00–22:30 ET).
  101: {
    timeZone: 'America/New_York',
    kind: 'daily',
    slots: Object.fromEntries(
      (['tue', 'wed', 'thu', 'fri', 'sat', 'sun', 'mon'] as const).map((day) => [day, ['19:00', '19:00', '19:30', '19:30', '20:00', '20:00', '21:00', '22:00', '22:30']]),
    ),
    weeks: 'every',
    restHours: BASKETBALL_REST_HOURS,
    priority: 1,
  },
  // Basketbol Süper Ligi: Saturday to Monday afternoons and evenings, Istanbul time.
  102: {
    timeZone: 'Europe/Istanbul',
    kind: 'round',
    slots: { sat: ['14:00', '17:00', '19:00'], sun: ['14:00', '16:00', '17:00', '19:00'], mon: ['19:00'] },
    weeks: 'every',
    restHours: BASKETBALL_REST_HOURS,
    priority: 3,
  },
  // EuroLeague: Tuesday to Friday evenings, 18:00–21:15 CET.
  103: {
    timeZone: 'Europe/Berlin',
    kind: 'round',
    slots: { tue: ['18:00', '20:30'], wed: ['18:00', '20:30'], thu: ['18:00', '19:00', '20:00', '20:45'], fri: ['18:00', '19:00', '20:00', '21:15'] },
    weeks: 'every',
    restHours: BASKETBALL_REST_HOURS,
    priority: 1,
  },
};

export function calendarRule(competitionId: number): CalendarRule | undefined {
  return CALENDAR_CONFIG[competitionId];
}
