import { PARLAY_MIN_LEGS, type BetKind, type BetMatch, type BettingMatch } from '../../../core/contracts/guessing';
import { isCornerMarket, isTotalMarket, MARKET_PICKS, MARKETS, PERIODS, type Market, type Period, type PricedSelection, type Selection } from '../../../core/contracts/odds';
import { betPayout, combinedOddsMilli } from '../../../core/guessing/bets';

/**
 * The bet slip's rules, pure (specification section 5, decision 078): one selection per match,
 * a bet type chosen first once there is a choice (one selection is a single; single or parlay
 * from two selections, which are always on different matches), a parlay of at least two selections, stakes that are positive whole
 * numbers within the limits, and the potential return as the server works it out —
 * floor(stake × combined odds), the combined odds the product of the legs' odds to 3 decimals.
 * Messages are keys of the `messages` namespace, the same the API answers with.
 */

export interface SlipItem {
  match: BetMatch;
  selection: Selection;
  /** the decimal odds the fan saw; the price the bet is placed at */
  odds: number;
}

export interface SlipState {
  items: SlipItem[];
  kind: BetKind | null;
  /** singles: the typed stake per match id */
  stakes: Record<number, string>;
  /** parlay: the one typed stake */
  parlayStake: string;
  /** a match whose earlier selection the last pick replaced (the slip says why) */
  replaced: number | null;
}

export const EMPTY_SLIP: SlipState = { items: [], kind: null, stakes: {}, parlayStake: '', replaced: null };

/** A selection as one string, for keys, test ids and comparisons. */
export function selectionKey(selection: Selection): string {
  return `${selection.market}:${selection.period}:${selection.pick}:${selection.line ?? ''}`;
}

export function sameSelection(a: Selection, b: Selection): boolean {
  return selectionKey(a) === selectionKey(b);
}

/**
 * Adds a price to the slip. The same price again takes it off; another price of a match already
 * on the slip replaces that match's selection (two selections of one match are correlated, so a
 * parlay cannot combine them, and the slip keeps one per match).
 */
export function toggleSelection(slip: SlipState, item: SlipItem): SlipState {
  const existing = slip.items.find((x) => x.match.id === item.match.id);
  if (existing && sameSelection(existing.selection, item.selection)) return removeSelection(slip, item.match.id);
  if (existing) {
    return { ...slip, items: slip.items.map((x) => (x.match.id === item.match.id ? item : x)), replaced: item.match.id };
  }
  return { ...slip, items: [...slip.items, item], replaced: null };
}

export function removeSelection(slip: SlipState, matchId: number): SlipState {
  const { [matchId]: _gone, ...stakes } = slip.stakes;
  return { ...slip, items: slip.items.filter((x) => x.match.id !== matchId), stakes, replaced: slip.replaced === matchId ? null : slip.replaced };
}

/** The combined odds of a parlay: the product of the legs' odds, to 3 decimals (as the server freezes it). */
export function combinedOdds(odds: readonly number[]): number {
  return combinedOddsMilli(odds.map((o) => Math.round(o * 1000))) / 1000;
}

/**
 * What a win of every leg pays, as the server works it out (decision 078): floor(stake × the
 * exact product of the legs' odds), in whole points — not the 3-decimal combined odds shown.
 */
export function potentialReturn(stake: number, legOdds: readonly number[]): number {
  return betPayout(stake, legOdds.map((odds) => ({ oddsMilli: Math.round(odds * 1000), outcome: 'win' as const })));
}

/** A typed stake as a positive whole number, or null when it is not one. */
export function parseStake(typed: string): number | null {
  const trimmed = typed.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

export interface SlipLimits {
  maxStake: number;
  dailyCap: number;
  /** the points balance; null when unknown */
  balance: number | null;
}

export interface SlipMessage {
  key: string;
  params?: Record<string, string | number>;
}

/** One bet the slip will place: a single per selection, or the one parlay. */
export interface PlannedBet {
  kind: BetKind;
  /** matches of its legs, in slip order; a single's one match id names it */
  items: SlipItem[];
  stake: number;
  odds: number;
  potentialReturn: number;
}

export type SlipCheck =
  | { ok: true; bets: PlannedBet[]; total: number }
  /** field errors: `kind`, `legs`, `stake` (parlay), `stake:<match id>` (singles) */
  | { ok: false; errors: Record<string, SlipMessage> };

/** Whether the fan chooses between single and parlay: from two selections (one per match, so on two matches). */
export function hasKindChoice(slip: Pick<SlipState, 'items'>): boolean {
  return slip.items.length >= PARLAY_MIN_LEGS;
}

/**
 * The kind of bet the slip places: one selection is a single, whatever was chosen before (a
 * parlay the fan cut down to one selection becomes a single); from two, the fan's choice.
 */
export function slipKind(slip: Pick<SlipState, 'items' | 'kind'>): BetKind | null {
  return hasKindChoice(slip) ? slip.kind : 'single';
}

/** The slip's checks before the confirmation step; the server checks the same and more. */
export function checkSlip(slip: SlipState, limits: SlipLimits): SlipCheck {
  const errors: Record<string, SlipMessage> = {};
  if (slip.items.length === 0) errors.legs = { key: 'guessing:slip.empty' };
  const kind = slipKind(slip);
  if (kind === null) {
    errors.kind = { key: 'messages:guessing.kind.required' };
    return { ok: false, errors };
  }
  const stakeError = (stake: number | null): SlipMessage | null => {
    if (stake === null) return { key: 'messages:guessing.stake.invalid' };
    if (stake > limits.maxStake) return { key: 'messages:guessing.stake.tooBig', params: { max: limits.maxStake } };
    return null;
  };
  const bets: PlannedBet[] = [];
  if (kind === 'parlay') {
    if (slip.items.length > 0 && slip.items.length < PARLAY_MIN_LEGS) errors.legs = { key: 'messages:guessing.parlay.minLegs' };
    const stake = parseStake(slip.parlayStake);
    const error = stakeError(stake);
    if (error) errors.stake = error;
    else if (stake !== null && !errors.legs) {
      const odds = combinedOdds(slip.items.map((x) => x.odds));
      bets.push({ kind: 'parlay', items: slip.items, stake, odds, potentialReturn: potentialReturn(stake, slip.items.map((x) => x.odds)) });
    }
  } else {
    for (const item of slip.items) {
      const stake = parseStake(slip.stakes[item.match.id] ?? '');
      const error = stakeError(stake);
      if (error) errors[`stake:${item.match.id}`] = error;
      else if (stake !== null) bets.push({ kind: 'single', items: [item], stake, odds: item.odds, potentialReturn: potentialReturn(stake, [item.odds]) });
    }
  }
  const total = bets.reduce((sum, bet) => sum + bet.stake, 0);
  if (Object.keys(errors).length === 0) {
    if (total > limits.dailyCap) errors.total = { key: 'guessing:slip.overDailyCap', params: { limit: limits.dailyCap } };
    else if (limits.balance !== null && total > limits.balance) errors.total = { key: 'messages:points.insufficient' };
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, bets, total };
}

export interface PriceChange {
  matchId: number;
  selection: Selection;
  from: number;
  /** null: the selection is no longer offered (the match or market closed) */
  to: number | null;
}

/**
 * After BET_PRICE_MOVED: the slip with each selection at its price now (from the re-read
 * markets) and the list of what changed. A selection no longer offered stays on the slip with
 * its old price and `to: null`, so the fan removes it knowingly.
 */
export function repriceSlip(slip: SlipState, current: ReadonlyMap<number, BettingMatch>): { slip: SlipState; changes: PriceChange[] } {
  const changes: PriceChange[] = [];
  const items = slip.items.map((item) => {
    const match = current.get(item.match.id);
    const priced = match?.open ? match.markets.find((m) => sameSelection(m, item.selection)) : undefined;
    if (!priced) {
      changes.push({ matchId: item.match.id, selection: item.selection, from: item.odds, to: null });
      return item;
    }
    if (Math.round(priced.odds * 1000) !== Math.round(item.odds * 1000)) {
      changes.push({ matchId: item.match.id, selection: item.selection, from: item.odds, to: priced.odds });
      return { ...item, odds: priced.odds };
    }
    return item;
  });
  return { slip: { ...slip, items }, changes };
}

/**
 * A market's prices as rows: 1X2 and most corners one row; handicap, over/under and corners
 * over/under one row per line.
 */
export interface MarketRow {
  /** the line of the row: the home side's handicap, or the total; null for 1X2 and most corners */
  line: number | null;
  options: PricedSelection[];
}

export interface MarketGroup {
  market: Market;
  period: Period;
  rows: MarketRow[];
}

function rowLine(selection: Selection): number | null {
  if (selection.market === 'handicap') return selection.pick === 'home' ? selection.line : -(selection.line ?? 0);
  return isTotalMarket(selection.market) ? selection.line : null;
}

/**
 * Every market of a match grouped like the publish form: market by market in the contract's
 * order (the goal markets, then the corner markets), full time before half time.
 */
export function groupMarketRows(markets: readonly PricedSelection[]): MarketGroup[] {
  const groups: MarketGroup[] = [];
  for (const market of MARKETS) {
    for (const period of PERIODS) {
      const rows = new Map<string, MarketRow>();
      for (const option of markets.filter((m) => m.market === market && m.period === period)) {
        const line = rowLine(option);
        const key = String(line);
        const row = rows.get(key) ?? { line, options: [] };
        row.options.push(option);
        rows.set(key, row);
      }
      const sorted = [...rows.values()]
        .map((row) => ({ ...row, options: row.options.sort((a, b) => MARKET_PICKS[market].indexOf(a.pick) - MARKET_PICKS[market].indexOf(b.pick)) }))
        .sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
      if (sorted.length > 0) groups.push({ market, period, rows: sorted });
    }
  }
  return groups;
}

/**
 * The main line of a two-way market: the row whose two prices are closest to each other (the
 * most balanced line, the one bookmakers headline). 1X2 has one row.
 */
export function mainRow(group: MarketGroup): MarketRow | null {
  let best: MarketRow | null = null;
  let bestGap = Infinity;
  for (const row of group.rows) {
    if (row.options.length < 2) continue;
    const gap = Math.abs(row.options[0]!.odds - row.options[row.options.length - 1]!.odds);
    if (gap < bestGap) {
      best = row;
      bestGap = gap;
    }
  }
  return best ?? group.rows[0] ?? null;
}

/**
 * The headline markets of a match: full-time 1X2 and the main handicap and over/under lines.
 * Corner markets are never headlined; they sit in their own section behind the expander.
 */
export function mainMarkets(markets: readonly PricedSelection[]): { market: Market; row: MarketRow }[] {
  const out: { market: Market; row: MarketRow }[] = [];
  for (const group of groupMarketRows(markets)) {
    if (group.period !== 'ft' || isCornerMarket(group.market)) continue;
    const row = mainRow(group);
    if (row) out.push({ market: group.market, row });
  }
  return out;
}
