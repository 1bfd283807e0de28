import type { Pair, Sport } from '../../core/contracts/matches';
import { loadCatalog } from '../catalog/catalog';
import type { Db } from '../db/client';
import type { MatchWrites } from '../modules/matches/match-writes';
import { pointDeductions } from '../db/schema/match-centre';
import { seasons, type SeasonKind } from '../db/schema/seasons';
import { matches } from '../db/schema/matches';
import { bumpListVersion } from '../modules/matches/list-version';

/**
 * Builders of match-centre test data: seasons, point deductions, and matches with every
 * column the match centre reads (season, round, note, half time, extra time, periods). They
 * write like the importers do (one transaction that also raises the sport's list version);
 * events, statistics and lineups go through the feed sink in the tests themselves.
 */

/** A team's catalog id by its name, so the data survives a regenerated catalog. */
export function catalogTeam(name: string, sport: Sport = 'football'): number {
  for (const competition of loadCatalog().competitions.filter((candidate) => candidate.sport === sport)) {
    const found = competition.teams.find((candidate) => candidate.name === name);
    if (found) return found.id;
  }
  throw new Error(`no ${sport} team named ${name} in the catalog`);
}

export async function insertSeason(
  db: Db,
  options: { competitionId: number; name: string; rules: string; kind?: SeasonKind },
): Promise<number> {
  const [row] = await db
    .insert(seasons)
    .values({ competitionId: options.competitionId, name: options.name, standingsRules: options.rules, kind: options.kind ?? 'regular' })
    .returning({ id: seasons.id });
  return row!.id;
}

export async function insertDeduction(
  db: Db,
  options: { seasonId: number; teamId: number; points: number; reason: string },
): Promise<void> {
  await db.insert(pointDeductions).values(options);
}

export interface MatchInput {
  id: number;
  sport?: Sport;
  competitionId: number;
  home: number;
  away: number;
  /** kick-off, unix seconds */
  time: number;
  /** 1 not started by default */
  status?: number;
  score?: Pair;
  ht?: Pair;
  et?: Pair;
  pen?: Pair;
  periods?: Pair[];
  seasonId?: number;
  round?: string;
  note?: 'awarded' | 'postponed';
}

export async function insertMatches(db: Db, inputs: readonly MatchInput[]): Promise<void> {
  if (inputs.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.insert(matches).values(
      inputs.map((input) => ({
        id: input.id,
        sport: input.sport ?? 'football',
        competitionId: input.competitionId,
        homeTeamId: input.home,
        awayTeamId: input.away,
        matchTime: new Date(input.time * 1000),
        statusId: input.status ?? 1,
        homeScore: input.score?.[0] ?? 0,
        awayScore: input.score?.[1] ?? 0,
        htHome: input.ht?.[0] ?? null,
        htAway: input.ht?.[1] ?? null,
        etHome: input.et?.[0] ?? null,
        etAway: input.et?.[1] ?? null,
        penHome: input.pen?.[0] ?? null,
        penAway: input.pen?.[1] ?? null,
        periods: input.periods ?? [],
        seasonId: input.seasonId ?? null,
        round: input.round ?? null,
        note: input.note ?? null,
      })),
    );
    for (const sport of new Set(inputs.map((input) => input.sport ?? 'football'))) await bumpListVersion(tx, sport);
  });
}

/* ------------------------------------------------------------------------------------------ */
/* One small world for the match-centre tests. The clock stands at NOW_MS (2025-10-18 15:00 UTC). */

const DAY = Date.UTC(2025, 9, 18) / 1000;
export const MC_NOW_MS = (DAY + 15 * 3600) * 1000;
/** unix seconds `days` from today at `hour` UTC */
export const mcAt = (days: number, hour: number) => DAY + days * 86_400 + hour * 3600;

export const TEAMS = {
  get gs() {
    return catalogTeam('Galatasaray');
  },
  get fb() {
    return catalogTeam('Fenerbahçe');
  },
  get bjk() {
    return catalogTeam('Beşiktaş');
  },
  get ts() {
    return catalogTeam('Trabzonspor');
  },
  get konya() {
    return catalogTeam('Konyaspor');
  },
  get kayseri() {
    return catalogTeam('Kayserispor');
  },
  get lakers() {
    return catalogTeam('Los Angeles Lakers', 'basketball');
  },
  get celtics() {
    return catalogTeam('Boston Celtics', 'basketball');
  },
  get knicks() {
    return catalogTeam('New York Knicks', 'basketball');
  },
};

/**
 * Match ids. Süper Lig (1) season 2025/26 (tie-break chain super-lig: head-to-head before goal
 * difference), Beşiktaş 4 points deducted:
 *   m1 GS 2–1 FB (−21 d 17:00, events, statistics, lineups through the sink)
 *   m2 FB 3–0 TS (−21 d 14:00, Džeko 3 goals, an En-Nesyri goal taken back by VAR)
 *   m3 GS 0–1 BJK (−14 d 17:00)   m4 FB 2–1 BJK (−14 d 14:00)
 *   m5 TS 0–2 GS (−7 d 17:00)     m6 BJK 3–0 TS awarded (−7 d 14:00)
 *   m7 GS – TS, m8 FB – TS (+3 d, not started)
 * Table: GS 6 (won the meeting with FB), FB 6 (better goal difference), BJK 2 (6 − 4), TS 0.
 */
export const MC = {
  m1: 5_000_001,
  m2: 5_000_002,
  m3: 5_000_003,
  m4: 5_000_004,
  m5: 5_000_005,
  m6: 5_000_006,
  m7: 5_000_007,
  m8: 5_000_008,
  /** GS – TS meetings before the season, h[0] newest (−40 d) then every 30 days back */
  h: Array.from({ length: 11 }, (_, index) => 5_000_020 + index),
  /** GS – TS, cancelled: not a meeting */
  cancelledMeeting: 5_000_040,
  /** last season (2024/25): GS 1–0 BJK at −200 d */
  lastSeason: 5_000_050,
  /** GS – BJK today, live 1–0, belongs to no season (a simulated day) */
  live: 5_000_060,
  /** Konyaspor – Kayserispor on 2025-06-01: older than three months */
  old: 5_000_070,
  /** Konyaspor – Kayserispor on 2025-07-19: three months less a day */
  almostOld: 5_000_071,
  /** Turkish Cup, no table */
  cup: 5_000_080,
  /** NBA 2025-26: b1 Lakers 112–108 Celtics after overtime (−1 d), b0 Celtics 100–90 Lakers (−30 d), b2 Knicks 99–101 Lakers (−10 d) */
  b1: 5_000_101,
  b0: 5_000_100,
  b2: 5_000_102,
} as const;

/** [home goals, away goals, GS at home] of the hand-made meetings h[0]…h[10]; h[2] was a cup tie. */
export const MEETINGS: readonly [number, number, boolean][] = [
  [1, 1, false], // h0 TS 1-1 GS  D
  [3, 0, true], // h1 GS 3-0 TS  W
  [2, 1, false], // h2 TS 2-1 GS  L (cup)
  [1, 0, true], // h3 GS 1-0 TS  W
  [0, 0, true], // h4 GS 0-0 TS  D
  [0, 1, false], // h5 TS 0-1 GS  W
  [2, 2, true], // h6 GS 2-2 TS  D
  [1, 0, false], // h7 TS 1-0 GS  L
  [4, 1, true], // h8 GS 4-1 TS  W
  [1, 2, true], // h9 GS 1-2 TS  L (beyond the last 10)
  [5, 0, true], // h10 GS 5-0 TS  W (beyond the last 10)
];

export interface McWorld {
  season: number;
  lastSeason: number;
  nbaSeason: number;
}

/** Writes the world; `sink` adds events, statistics and lineups the way a feed does. */
export async function seedMatchCentreWorld(
  db: Db,
  sink: MatchWrites,
): Promise<McWorld> {
  const { gs, fb, bjk, ts, konya, kayseri, lakers, celtics, knicks } = TEAMS;
  const season = await insertSeason(db, { competitionId: 1, name: '2025/26', rules: 'super-lig' });
  const lastSeason = await insertSeason(db, { competitionId: 1, name: '2024/25', rules: 'super-lig' });
  const nbaSeason = await insertSeason(db, { competitionId: 101, name: '2025-26', rules: 'basketball' });
  await insertDeduction(db, { seasonId: season, teamId: bjk, points: 4, reason: 'Financial fair play' });

  const ended = 8;
  const inSeason = { competitionId: 1, seasonId: season };
  await insertMatches(db, [
    { id: MC.m1, ...inSeason, home: gs, away: fb, time: mcAt(-21, 17), round: 'Matchday 1' },
    { id: MC.m2, ...inSeason, home: fb, away: ts, time: mcAt(-21, 14), status: ended, score: [3, 0], round: 'Matchday 1' },
    { id: MC.m3, ...inSeason, home: gs, away: bjk, time: mcAt(-14, 17), status: ended, score: [0, 1] },
    { id: MC.m4, ...inSeason, home: fb, away: bjk, time: mcAt(-14, 14), status: ended, score: [2, 1] },
    { id: MC.m5, ...inSeason, home: ts, away: gs, time: mcAt(-7, 17), status: ended, score: [0, 2] },
    { id: MC.m6, ...inSeason, home: bjk, away: ts, time: mcAt(-7, 14), status: ended, score: [3, 0], note: 'awarded' },
    { id: MC.m7, ...inSeason, home: gs, away: ts, time: mcAt(3, 17) },
    { id: MC.m8, ...inSeason, home: fb, away: ts, time: mcAt(3, 14) },
    ...MEETINGS.map(([homeGoals, awayGoals, gsHome], index) => ({
      id: MC.h[index]!,
      competitionId: index === 2 ? 7 : 1,
      home: gsHome ? gs : ts,
      away: gsHome ? ts : gs,
      time: mcAt(-40 - 30 * index, 18),
      status: ended,
      score: [homeGoals, awayGoals] as Pair,
    })),
    { id: MC.cancelledMeeting, competitionId: 1, home: gs, away: ts, time: mcAt(-55, 18), status: 12 },
    { id: MC.lastSeason, competitionId: 1, seasonId: lastSeason, home: gs, away: bjk, time: mcAt(-200, 18), status: ended, score: [1, 0] },
    { id: MC.live, competitionId: 1, home: gs, away: bjk, time: mcAt(0, 14.5) },
    { id: MC.old, competitionId: 1, home: konya, away: kayseri, time: Date.UTC(2025, 5, 1, 18) / 1000, status: ended, score: [1, 0] },
    { id: MC.almostOld, competitionId: 1, home: konya, away: kayseri, time: Date.UTC(2025, 6, 19, 18) / 1000, status: ended, score: [0, 0] },
    { id: MC.cup, competitionId: 7, home: konya, away: kayseri, time: mcAt(-2, 18), status: ended, score: [1, 1], et: [2, 1], ht: [0, 1] },
  ]);
  await insertMatches(db, [
    { id: MC.b0, sport: 'basketball', competitionId: 101, seasonId: nbaSeason, home: celtics, away: lakers, time: mcAt(-30, 1), status: 10, score: [100, 90] },
    { id: MC.b1, sport: 'basketball', competitionId: 101, seasonId: nbaSeason, home: lakers, away: celtics, time: mcAt(-1, 1) },
    { id: MC.b2, sport: 'basketball', competitionId: 101, seasonId: nbaSeason, home: knicks, away: lakers, time: mcAt(-10, 1), status: 10, score: [99, 101] },
  ]);

  // m1 as a feed tells it: the result, the timeline, statistics, momentum and both lineups.
  await sink.applyUpdate({
    matchId: MC.m1,
    sport: 'football',
    statusId: ended,
    homeScore: 2,
    awayScore: 1,
    halfTime: [1, 1],
    yellow: [0, 1],
    corner: [7, 2],
    kind: 'score',
    events: [
      { seq: 0, type: 0, minute: 23, side: 'home', player: 'Mauro Icardi', relatedPlayer: 'Lucas Torreira' },
      { seq: 1, type: 2, minute: 30, side: 'away', player: 'Fred' },
      { seq: 2, type: 15, minute: 45, addedMinute: 2, side: 'away', player: 'Davinson Sánchez' },
      { seq: 3, type: 0, minute: 78, side: 'home', player: 'Mauro Icardi', detail: 'penalty' },
      { seq: 4, type: 8, minute: 80, side: 'home', player: 'Dries Mertens', relatedPlayer: 'Barış Alper Yılmaz' },
    ],
    stats: { kind: 'football', possession: [55, 45], shots_on: [6, 3], corners: [7, 2] },
    momentum: [
      { minute: 1, home: 3, away: 0 },
      { minute: 2, home: 1, away: 4 },
    ],
    lineups: {
      home: {
        formation: '4-2-3-1',
        players: [
          { name: 'Davinson Sánchez', number: 6, position: 'Center Back', starter: true, x: 0.2, y: 0.4, minute_in: null, minute_out: null, stats: { own_goals: 1 } },
          { name: 'Dries Mertens', number: 10, position: 'Attacking Midfield', starter: true, x: 0.7, y: 0.5, minute_in: null, minute_out: 80, stats: { shots: 2 } },
          { name: 'Lucas Torreira', number: 34, position: 'Defensive Midfield', starter: true, x: 0.45, y: 0.5, minute_in: null, minute_out: null, stats: { assists: 1, shots: 1 } },
          { name: 'Mauro Icardi', number: 9, position: 'Center Forward', starter: true, x: 0.9, y: 0.5, minute_in: null, minute_out: null, stats: { goals: 2, shots: 4 } },
          { name: 'Barış Alper Yılmaz', number: 53, position: 'Right Wing', starter: false, x: null, y: null, minute_in: 80, minute_out: null, stats: {} },
        ],
      },
      away: {
        formation: '4-4-2',
        players: [
          { name: 'Fred', number: 17, position: 'Central Midfield', starter: true, x: 0.5, y: 0.4, minute_in: null, minute_out: null, stats: { yellow: 1 } },
          { name: 'Edin Džeko', number: 9, position: 'Center Forward', starter: true, x: 0.9, y: 0.5, minute_in: null, minute_out: null, stats: { shots: 3 } },
        ],
      },
    },
  });
  // m2's scorers: Džeko three times; En-Nesyri's goal is taken back by VAR.
  await sink.applyUpdate({
    matchId: MC.m2,
    sport: 'football',
    statusId: ended,
    homeScore: 3,
    awayScore: 0,
    kind: 'score',
    events: [
      { seq: 0, type: 0, minute: 10, side: 'home', player: 'Edin Džeko' },
      { seq: 1, type: 0, minute: 40, side: 'home', player: 'Youssef En-Nesyri' },
      { seq: 2, type: 24, minute: 42, side: 'home', player: null, detail: 'no goal' },
      { seq: 3, type: 0, minute: 60, side: 'home', player: 'Edin Džeko' },
      { seq: 4, type: 0, minute: 90, addedMinute: 3, side: 'home', player: 'Edin Džeko' },
    ],
  });
  await sink.applyUpdate({
    matchId: MC.live,
    sport: 'football',
    statusId: 2,
    homeScore: 1,
    awayScore: 0,
    kickOffTime: mcAt(0, 14.5),
    kind: 'score',
    events: [{ seq: 0, type: 0, minute: 12, side: 'home', player: 'Mauro Icardi' }],
  });
  await sink.applyUpdate({
    matchId: MC.b1,
    sport: 'basketball',
    statusId: 10,
    homeScore: 112,
    awayScore: 108,
    periods: [
      [30, 25],
      [28, 30],
      [26, 27],
      [20, 22],
      [8, 4],
    ],
    clock: null,
    kind: 'score',
    stats: { kind: 'basketball', rebounds: [44, 40], assists: [25, 21] },
    lineups: {
      home: {
        formation: null,
        players: [
          { name: 'Austin Reaves', number: 15, position: 'Guard', starter: true, x: null, y: null, minute_in: null, minute_out: null, stats: { points: 22, rebounds: 4 } },
          { name: 'LeBron James', number: 23, position: 'Forward', starter: true, x: null, y: null, minute_in: null, minute_out: null, stats: { points: 31, rebounds: 9 } },
          { name: 'Luka Dončić', number: 77, position: 'Guard', starter: true, x: null, y: null, minute_in: null, minute_out: null, stats: { points: 31, rebounds: 11 } },
        ],
      },
      away: {
        formation: null,
        players: [{ name: 'Jayson Tatum', number: 0, position: 'Forward', starter: true, x: null, y: null, minute_in: null, minute_out: null, stats: { points: 35 } }],
      },
    },
  });
  return { season, lastSeason, nbaSeason };
}
