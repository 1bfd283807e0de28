import type { Sport } from '../../core/contracts/matches';
import { loadCatalog } from '../catalog/catalog';
import type { FixtureInput, MatchUpdate } from '../modules/matches/match-writes';

/**
 * One real-looking match day for the list tests, written through the feed sink. Times are
 * relative to DAY (2025-10-18 00:00 UTC); the tests' clock stands at NOW (15:00 UTC).
 * Competition ids are the catalog's: Süper Lig 1, Premier League 2, Champions League 6,
 * Turkish Cup 7, NBA 101, Basketbol Süper Ligi 102, EuroLeague 103.
 */
/** A team's catalog id by its name, so the day survives a regenerated catalog. */
function team(name: string, sport: Sport = 'football'): number {
  for (const competition of loadCatalog().competitions.filter((candidate) => candidate.sport === sport)) {
    const found = competition.teams.find((candidate) => candidate.name === name);
    if (found) return found.id;
  }
  throw new Error(`no team named ${name} in the catalog`);
}

export const DAY = Date.UTC(2025, 9, 18) / 1000;
export const NOW_MS = (DAY + 15 * 3600) * 1000;
const at = (hours: number) => DAY + Math.round(hours * 3600);

export const M = {
  liveDerby: 6_000_001, // Galatasaray – Fenerbahçe, Süper Lig, live 1-0
  soon: 6_000_002, // Beşiktaş – Trabzonspor, Süper Lig, 15:30
  scheduled: 6_000_003, // Göztepe – Samsunspor, Süper Lig, 18:00
  finished: 6_000_004, // Arsenal – Chelsea, Premier League, ended 2-2
  stale: 6_000_005, // Liverpool – Everton, Premier League, still "not started" 2.5 h after 12:30
  cup: 6_000_006, // Balıkesirspor – Bursaspor, Turkish Cup (not hot), 17:00
  championsLeague: 6_000_007, // Real Madrid – Inter, Champions League, 20:00
  delayed: 6_000_008, // Konyaspor – Kayserispor, Süper Lig, delayed
  previousDay: 6_000_009, // Alanyaspor – Antalyaspor, Süper Lig, 23:59:59 the day before, ended
  lastSecond: 6_000_010, // Kasımpaşa SK – Eyüpspor, Süper Lig, 23:59:59
  nextDay: 6_000_012, // Kocaelispor – Gençlerbirliği, Süper Lig, 00:00:00 the next day
  nbaEnded: 6_000_021, // Lakers – Celtics, NBA, ended
  bslLive: 6_000_022, // Fenerbahçe Beko – Anadolu Efes, BSL, Q2
  euroLeagueWaiting: 6_000_023, // Olympiacos – Real Madrid, EuroLeague, 19:00
  bslCancelled: 6_000_024, // Tofaş – Karşıyaka, BSL, cancelled
} as const;

export const FIXTURES: FixtureInput[] = [
  {
    matchId: M.liveDerby,
    sport: 'football',
    competitionId: 1,
    homeTeamId: team('Galatasaray'),
    awayTeamId: team('Fenerbahçe'),
    matchTime: at(14.5),
  },
  {
    matchId: M.soon,
    sport: 'football',
    competitionId: 1,
    homeTeamId: team('Beşiktaş'),
    awayTeamId: team('Trabzonspor'),
    matchTime: at(15.5),
  },
  {
    matchId: M.scheduled,
    sport: 'football',
    competitionId: 1,
    homeTeamId: team('Göztepe'),
    awayTeamId: team('Samsunspor'),
    matchTime: at(18),
  },
  {
    matchId: M.finished,
    sport: 'football',
    competitionId: 2,
    homeTeamId: team('Arsenal FC'),
    awayTeamId: team('Chelsea FC'),
    matchTime: at(12),
  },
  {
    matchId: M.stale,
    sport: 'football',
    competitionId: 2,
    homeTeamId: team('Liverpool FC'),
    awayTeamId: team('Everton FC'),
    matchTime: at(12.5),
  },
  {
    matchId: M.cup,
    sport: 'football',
    competitionId: 7,
    homeTeamId: team('Balıkesirspor'),
    awayTeamId: team('Bursaspor'),
    matchTime: at(17),
  },
  {
    matchId: M.championsLeague,
    sport: 'football',
    competitionId: 6,
    homeTeamId: team('Real Madrid CF'),
    awayTeamId: team('FC Internazionale Milano'),
    matchTime: at(20),
  },
  {
    matchId: M.delayed,
    sport: 'football',
    competitionId: 1,
    homeTeamId: team('Konyaspor'),
    awayTeamId: team('Kayserispor'),
    matchTime: at(11),
  },
  {
    matchId: M.previousDay,
    sport: 'football',
    competitionId: 1,
    homeTeamId: team('Alanyaspor'),
    awayTeamId: team('Antalyaspor'),
    matchTime: DAY - 1,
  },
  {
    matchId: M.lastSecond,
    sport: 'football',
    competitionId: 1,
    homeTeamId: team('Kasımpaşa SK'),
    awayTeamId: team('Eyüpspor'),
    matchTime: DAY + 86_399,
  },
  {
    matchId: M.nextDay,
    sport: 'football',
    competitionId: 1,
    homeTeamId: team('Kocaelispor'),
    awayTeamId: team('Gençlerbirliği'),
    matchTime: DAY + 86_400,
  },
  {
    matchId: M.nbaEnded,
    sport: 'basketball',
    competitionId: 101,
    homeTeamId: team('Los Angeles Lakers', 'basketball'),
    awayTeamId: team('Boston Celtics', 'basketball'),
    matchTime: at(2),
  },
  {
    matchId: M.bslLive,
    sport: 'basketball',
    competitionId: 102,
    homeTeamId: team('Fenerbahçe Beko', 'basketball'),
    awayTeamId: team('Anadolu Efes', 'basketball'),
    matchTime: at(14.5),
  },
  {
    matchId: M.euroLeagueWaiting,
    sport: 'basketball',
    competitionId: 103,
    homeTeamId: team('Olympiacos', 'basketball'),
    awayTeamId: team('Real Madrid', 'basketball'),
    matchTime: at(19),
  },
  {
    matchId: M.bslCancelled,
    sport: 'basketball',
    competitionId: 102,
    homeTeamId: team('Tofaş', 'basketball'),
    awayTeamId: team('Karşıyaka', 'basketball'),
    matchTime: at(13),
  },
];

export const UPDATES: MatchUpdate[] = [
  {
    matchId: M.liveDerby,
    sport: 'football',
    statusId: 2,
    homeScore: 1,
    awayScore: 0,
    kickOffTime: at(14.5),
    yellow: [1, 0],
    kind: 'score',
    events: [{ type: 0, minute: 12, side: 'home', player: null }],
  },
  {
    matchId: M.finished,
    sport: 'football',
    statusId: 8,
    homeScore: 2,
    awayScore: 2,
    halfTime: [1, 0],
    corner: [6, 3],
    red: [0, 1],
    kind: 'score',
  },
  { matchId: M.delayed, sport: 'football', statusId: 9, homeScore: 0, awayScore: 0, kind: 'others' },
  { matchId: M.previousDay, sport: 'football', statusId: 8, homeScore: 3, awayScore: 1, kind: 'score' },
  {
    matchId: M.nbaEnded,
    sport: 'basketball',
    statusId: 10,
    homeScore: 112,
    awayScore: 108,
    periods: [
      [30, 25],
      [28, 30],
      [26, 27],
      [28, 26],
    ],
    clock: null,
    kind: 'score',
  },
  {
    matchId: M.bslLive,
    sport: 'basketball',
    statusId: 4,
    homeScore: 35,
    awayScore: 31,
    periods: [
      [20, 18],
      [15, 13],
    ],
    clock: 245,
    kind: 'score',
  },
  { matchId: M.bslCancelled, sport: 'basketball', statusId: 12, homeScore: 0, awayScore: 0, kind: 'others' },
];
