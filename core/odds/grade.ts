import type { Sport } from '../contracts/matches';
import type { Selection } from '../contracts/odds';
import { isCornerMarket, MARKET_PICKS, type Outcome } from '../contracts/odds-vocabulary';
import { formatLine as formatLineIn, formatTotal as formatTotalIn } from './format';

/**
 * Grading: how a selection ended on a result, and a receipt that explains it in the reader's
 * language (a message key of core/messages with its params). One grader settles both plans and
 * contest bets (docs/odds-model.md).
 */

/**
 * The scores a selection is graded on.
 *
 * - football `home`/`away`: the score after 90 minutes plus stoppage time. Extra time never counts
 *   for these markets. Careful: the matches table does not hold that score for a match that went
 *   to extra time — the openfootball importer stores the after-extra-time score in home_score (and
 *   et_home), and the simulator adds extra-time goals to home_score — so the caller must not pass
 *   home_score of such a match as the 90-minute score.
 * - basketball `home`/`away`: the final score, overtime included (matches.home_score).
 * - `htHome`/`htAway`: the half-time score; null when it was not recorded. Basketball: the sum of
 *   the first two periods (basketballHalfTime).
 * - `corners`: football corner kicks [home, away] of the 90 minutes plus stoppage time; null (or
 *   left out) when the match's corners were not counted — corner markets are then void.
 */
export interface MatchResult {
  home: number;
  away: number;
  htHome: number | null;
  htAway: number | null;
  corners?: [number, number] | null;
}

export interface Receipt {
  key: string;
  params: Record<string, string | number>;
}

export interface Grade {
  outcome: Outcome;
  receipt: Receipt;
}

export type VoidReason = 'postponed' | 'cancelled' | 'abandoned' | 'no_half_time' | 'no_corners';

/** Message keys of the void receipts, one per reason so every language names the reason itself. */
const VOID_RECEIPT_KEY: Record<VoidReason, string> = {
  postponed: 'odds.receipt.void.postponed',
  cancelled: 'odds.receipt.void.cancelled',
  abandoned: 'odds.receipt.void.abandoned',
  no_half_time: 'odds.receipt.void.noHalfTime',
  no_corners: 'odds.receipt.void.noCorners',
};

const OUTCOME_KEY_SUFFIX: Record<Exclude<Outcome, 'void'>, string> = {
  win: 'win',
  half_win: 'halfWin',
  push: 'push',
  half_loss: 'halfLoss',
  loss: 'loss',
};

/** Basketball half-time score: the first two periods added up; null before both were played. */
export function basketballHalfTime(periods: [number, number][]): [number, number] | null {
  const [first, second] = periods;
  if (!first || !second) return null;
  return [first[0] + second[0], first[1] + second[1]];
}

/** The receipt of a selection that was not graded because the match was not (fully) played. */
export function voidReceipt(reason: 'postponed' | 'cancelled' | 'abandoned'): Receipt {
  return voidReceiptFor(reason);
}

function voidReceiptFor(reason: VoidReason): Receipt {
  return { key: VOID_RECEIPT_KEY[reason], params: { reason } };
}

/**
 * What a stake of 1 returns for an outcome at these decimal odds. A half win pays half the stake
 * at the odds and returns the other half; a half loss returns half the stake.
 */
export function outcomeFactor(outcome: Outcome, odds: number): number {
  switch (outcome) {
    case 'win':
      return odds;
    case 'half_win':
      return (1 + odds) / 2;
    case 'push':
    case 'void':
      return 1;
    case 'half_loss':
      return 0.5;
    case 'loss':
      return 0;
  }
}

/** Football lines move in quarter goals, basketball lines in half points. */
export function lineStep(sport: Sport): number {
  return sport === 'football' ? 0.25 : 0.5;
}

/** Widest handicap and highest total a selection may carry: beyond them no sane market exists. */
const LINE_LIMITS: Record<Sport, { handicap: number; total: number }> = {
  football: { handicap: 10, total: 20 },
  basketball: { handicap: 80, total: 400 },
};
/** Highest corner total a line may carry (a match has 8–12 corners; 25 is already rare). */
const CORNER_TOTAL_LIMIT = 30;

function isMultipleOf(value: number, step: number): boolean {
  const steps = value / step;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}

/**
 * Whether a selection can be offered at all: the pick belongs to its market, 1x2 has no line and
 * no draw in basketball full time (overtime decides), handicap and over/under lines sit on the
 * sport's step (quarter goals, half points) within sane limits, and totals are positive. Corner
 * markets exist for football full time only; their totals move in half corners.
 */
export function isValidLine(sport: Sport, selection: Selection): boolean {
  const { market, period, pick, line } = selection;
  if (!MARKET_PICKS[market].includes(pick)) return false;
  if (isCornerMarket(market)) {
    // Football full time only; the total moves in half corners (a whole line can push).
    if (sport !== 'football' || period !== 'ft') return false;
    if (market === 'corners_most') return line === null;
    return line !== null && Number.isFinite(line) && isMultipleOf(line, 0.5) && line > 0 && line <= CORNER_TOTAL_LIMIT;
  }
  if (market === '1x2') {
    if (line !== null) return false;
    return !(sport === 'basketball' && period === 'ft' && pick === 'draw');
  }
  if (line === null || !Number.isFinite(line) || !isMultipleOf(line, lineStep(sport))) return false;
  const limits = LINE_LIMITS[sport];
  if (market === 'handicap') return Math.abs(line) <= limits.handicap;
  return line > 0 && line <= limits.total;
}

/**
 * Receipts are stored with their numbers written with a point ("−0.75", "2.5"), the form every
 * language starts from; they are written the reader's way when read (localizeStoredNumbers in
 * ./format, applied by formatMessage to every receipt).
 */
function formatLine(line: number): string {
  return formatLineIn(line, 'en');
}

function formatTotal(line: number): string {
  return formatTotalIn(line, 'en');
}

/** A goal or point difference with its sign: "+1", "0", "−2". */
function formatDifference(difference: number): string {
  return formatLine(difference);
}

function formatScore(home: number, away: number): string {
  return `${home}\u2013${away}`;
}

/** Outcome of one whole or half line: the settled amount is above, on or below zero. */
type LineOutcome = 'win' | 'push' | 'loss';

function lineOutcome(settled: number): LineOutcome {
  if (settled > 0) return 'win';
  if (settled < 0) return 'loss';
  return 'push';
}

/** A quarter line (x.25 or x.75) splits the stake over the two neighbouring lines; others are one line. */
function splitLine(line: number): number[] {
  return isMultipleOf(line, 0.5) ? [line] : [line - 0.25, line + 0.25];
}

interface LineGrade {
  outcome: Exclude<Outcome, 'void'>;
  /** for half results: the line each half of the stake was settled on */
  halves: Partial<Record<'wonLine' | 'pushedLine' | 'lostLine', number>>;
}

/**
 * Grades a line whose settlement is `settledOn(part)` for each part of the (possibly split)
 * line: positive wins, zero pushes, negative loses. With integer scores the two halves of a
 * quarter line can only agree or differ by one step (win/push or push/loss).
 */
function gradeLine(line: number, settledOn: (part: number) => number): LineGrade {
  const parts = splitLine(line).map((part) => ({ part, outcome: lineOutcome(settledOn(part)) }));
  const [first, second] = parts;
  if (!first) throw new Error('a line has at least one part');
  if (!second || first.outcome === second.outcome) return { outcome: first.outcome, halves: {} };
  const won = parts.find((p) => p.outcome === 'win');
  const pushed = parts.find((p) => p.outcome === 'push');
  const lost = parts.find((p) => p.outcome === 'loss');
  if (won && pushed) return { outcome: 'half_win', halves: { wonLine: won.part, pushedLine: pushed.part } };
  if (pushed && lost) return { outcome: 'half_loss', halves: { pushedLine: pushed.part, lostLine: lost.part } };
  // A win on one half and a loss on the other would need a half-goal score; treat it as a push.
  return { outcome: 'push', halves: {} };
}

function periodScore(selection: Selection, result: MatchResult): [number, number] | null {
  if (selection.period === 'ft') return [result.home, result.away];
  if (result.htHome === null || result.htAway === null) return null;
  return [result.htHome, result.htAway];
}

/**
 * How a selection ended on a result, with its receipt. Half-time selections without a recorded
 * half-time score are void. The selection is assumed valid (isValidLine). Both sports grade the
 * same way once the caller has passed the right scores (see MatchResult), so the sport only
 * documents the call.
 */
export function gradeSelection(_sport: Sport, selection: Selection, result: MatchResult): Grade {
  if (isCornerMarket(selection.market)) {
    if (!result.corners) return { outcome: 'void', receipt: voidReceiptFor('no_corners') };
    return selection.market === 'corners_most' ? gradeMostCorners(selection, result.corners) : gradeCornerTotal(selection, result.corners);
  }
  const score = periodScore(selection, result);
  if (!score) return { outcome: 'void', receipt: voidReceiptFor('no_half_time') };
  switch (selection.market) {
    case '1x2':
      return gradeOneXTwo(selection, score);
    case 'handicap':
      return gradeHandicap(selection, score);
    case 'over_under':
      return gradeOverUnder(selection, score);
    default:
      throw new Error(`no grader for ${selection.market}`);
  }
}

/** Most corners: home, away, or level (`draw`) on the 90 minutes' corner kicks. */
function gradeMostCorners(selection: Selection, [home, away]: [number, number]): Grade {
  const most = home > away ? 'home' : home < away ? 'away' : 'draw';
  const outcome = selection.pick === most ? 'win' : 'loss';
  return { outcome, receipt: { key: `odds.receipt.cornersMost.${outcome}`, params: { corners: formatScore(home, away) } } };
}

function gradeCornerTotal(selection: Selection, corners: [number, number]): Grade {
  return gradeTotal(selection, corners, { key: 'cornersOverUnder', countsParam: 'corners' });
}

function gradeOneXTwo(selection: Selection, [home, away]: [number, number]): Grade {
  const winner = home > away ? 'home' : home < away ? 'away' : 'draw';
  const outcome = selection.pick === winner ? 'win' : 'loss';
  return { outcome, receipt: { key: `odds.receipt.1x2.${outcome}`, params: { score: formatScore(home, away) } } };
}

function requireLine(selection: Selection): number {
  if (selection.line === null) throw new Error(`a ${selection.market} selection needs a line`);
  return selection.line;
}

function gradeHandicap(selection: Selection, [home, away]: [number, number]): Grade {
  const line = requireLine(selection);
  // The line is the picked side's handicap, so everything is seen from the picked side.
  const difference = selection.pick === 'home' ? home - away : away - home;
  const graded = gradeLine(line, (part) => difference + part);
  return {
    outcome: graded.outcome,
    receipt: {
      key: `odds.receipt.handicap.${OUTCOME_KEY_SUFFIX[graded.outcome]}`,
      params: {
        line: formatLine(line),
        score: formatScore(home, away),
        margin: formatDifference(difference),
        ...formatHalves(graded.halves, formatLine),
      },
    },
  };
}

function gradeOverUnder(selection: Selection, score: [number, number]): Grade {
  return gradeTotal(selection, score, { key: 'overUnder', countsParam: 'score' });
}

/** A total (goals, points or corners) over or under a line; `countsParam` names the pair in the receipt. */
function gradeTotal(selection: Selection, [home, away]: [number, number], receipt: { key: 'overUnder' | 'cornersOverUnder'; countsParam: 'score' | 'corners' }): Grade {
  const line = requireLine(selection);
  const total = home + away;
  const graded = gradeLine(line, (part) => (selection.pick === 'over' ? total - part : part - total));
  return {
    outcome: graded.outcome,
    receipt: {
      key: `odds.receipt.${receipt.key}.${OUTCOME_KEY_SUFFIX[graded.outcome]}`,
      params: {
        line: formatTotal(line),
        [receipt.countsParam]: formatScore(home, away),
        total,
        ...formatHalves(graded.halves, formatTotal),
      },
    },
  };
}

function formatHalves(halves: LineGrade['halves'], format: (line: number) => string): Record<string, string> {
  const formatted: Record<string, string> = {};
  for (const [name, line] of Object.entries(halves)) formatted[name] = format(line);
  return formatted;
}
