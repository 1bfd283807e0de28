import { describe, expect, it } from 'vitest';
import type { BettingMatch } from '../../../core/contracts/guessing';
import { balancePoints, balanceSeries } from './balance-chart';
import {
  checkSlip,
  combinedOdds,
  EMPTY_SLIP,
  groupMarketRows,
  hasKindChoice,
  mainMarkets,
  parseStake,
  potentialReturn,
  repriceSlip,
  slipKind,
  toggleSelection,
  type SlipItem,
  type SlipState,
} from './slip';
import { makeBetMatch, makeBettingMatch } from './test-support/fixtures';

const home: SlipItem = { match: makeBetMatch(), selection: { market: '1x2', period: 'ft', pick: 'home', line: null }, odds: 1.9 };
const over: SlipItem = { match: makeBetMatch(), selection: { market: 'over_under', period: 'ft', pick: 'over', line: 2.5 }, odds: 1.93 };
const other: SlipItem = { match: makeBetMatch({ id: 4243 }), selection: { market: '1x2', period: 'ft', pick: 'away', line: null }, odds: 2.1 };
const corners: SlipItem = { match: makeBetMatch({ id: 4244 }), selection: { market: 'corners_over_under', period: 'ft', pick: 'over', line: 9.5 }, odds: 1.9 };
const limits = { maxStake: 1000, dailyCap: 2000, balance: 1500 };

describe('the bet slip', () => {
  it('keeps one selection per match: a second price of the same match replaces the first and says so', () => {
    let slip = toggleSelection(EMPTY_SLIP, home);
    slip = toggleSelection(slip, over);
    expect(slip.items).toEqual([over]);
    expect(slip.replaced).toBe(home.match.id);
    slip = toggleSelection(slip, other);
    expect(slip.items).toEqual([over, other]);
    expect(slip.replaced).toBeNull();
    // The same price again takes it off.
    expect(toggleSelection(slip, other).items).toEqual([over]);
  });

  it('takes a corner selection like any other, and still keeps one selection per match', () => {
    let slip = toggleSelection(toggleSelection(EMPTY_SLIP, home), corners);
    expect(slip.items).toEqual([home, corners]);
    const single = checkSlip({ ...slip, kind: 'single', stakes: { [home.match.id]: '100', [corners.match.id]: '50' } }, limits);
    expect(single.ok && single.bets.map((b) => [b.items[0]!.selection.market, b.stake, b.potentialReturn])).toEqual([
      ['1x2', 100, 190],
      ['corners_over_under', 50, 95],
    ]);
    const parlay = checkSlip({ ...slip, kind: 'parlay', parlayStake: '100' }, limits);
    expect(parlay.ok && parlay.bets.map((b) => [b.kind, b.odds, b.potentialReturn])).toEqual([['parlay', 3.61, 361]]);
    // Most corners on the same match as the corners total: correlated, so it replaces it.
    const most: SlipItem = { match: corners.match, selection: { market: 'corners_most', period: 'ft', pick: 'draw', line: null }, odds: 8.5 };
    slip = toggleSelection(slip, most);
    expect(slip.items).toEqual([home, most]);
    expect(slip.replaced).toBe(corners.match.id);
    // A goal market on that match replaces the corner pick too.
    slip = toggleSelection(slip, { ...over, match: corners.match });
    expect(slip.items.map((x) => x.selection.market)).toEqual(['1x2', 'over_under']);
  });

  it('asks for the bet type first once there is a choice: from two selections, as the spec says', () => {
    const two = toggleSelection(toggleSelection(EMPTY_SLIP, home), other);
    expect(hasKindChoice(two)).toBe(true);
    const result = checkSlip({ ...two, stakes: { [home.match.id]: '10', [other.match.id]: '10' } }, limits);
    expect(result).toEqual({ ok: false, errors: { kind: { key: 'messages:guessing.kind.required' } } });
  });

  it('makes one selection a single without asking for a type', () => {
    const one = toggleSelection(EMPTY_SLIP, home);
    expect(hasKindChoice(one)).toBe(false);
    expect(slipKind(one)).toBe('single');
    const result = checkSlip({ ...one, stakes: { [home.match.id]: '10' } }, limits);
    expect(result.ok && result.bets.map((bet) => [bet.kind, bet.stake, bet.potentialReturn])).toEqual([['single', 10, 19]]);
  });

  it('turns a parlay cut down to one selection into a single (a parlay of one selection is never built)', () => {
    const two: SlipState = { ...toggleSelection(toggleSelection(EMPTY_SLIP, home), other), kind: 'parlay', parlayStake: '10' };
    expect(slipKind(two)).toBe('parlay');
    const one = toggleSelection(two, other);
    expect(slipKind(one)).toBe('single');
    const result = checkSlip(one, limits);
    expect(result).toEqual({ ok: false, errors: { [`stake:${home.match.id}`]: { key: 'messages:guessing.stake.invalid' } } });
    const staked = checkSlip({ ...one, stakes: { [home.match.id]: '10' } }, limits);
    expect(staked.ok && staked.bets.map((bet) => bet.kind)).toEqual(['single']);
  });

  it('takes only positive whole stakes within the per-bet limit', () => {
    for (const typed of ['', '0', '-5', '2.5', '1e3', 'ten', ' ']) expect(parseStake(typed), typed).toBeNull();
    expect(parseStake(' 25 ')).toBe(25);
    const slip: SlipState = { ...toggleSelection(toggleSelection(EMPTY_SLIP, home), other), kind: 'single', stakes: { [home.match.id]: '2.5', [other.match.id]: '5000' } };
    const result = checkSlip(slip, limits);
    expect(result).toEqual({
      ok: false,
      errors: {
        [`stake:${home.match.id}`]: { key: 'messages:guessing.stake.invalid' },
        [`stake:${other.match.id}`]: { key: 'messages:guessing.stake.tooBig', params: { max: 1000 } },
      },
    });
  });

  it('places singles as one bet per selection and checks the total against the balance and daily cap', () => {
    const slip: SlipState = { ...toggleSelection(toggleSelection(EMPTY_SLIP, home), other), kind: 'single', stakes: { [home.match.id]: '100', [other.match.id]: '50' } };
    const result = checkSlip(slip, limits);
    expect(result.ok && result.bets.map((b) => [b.kind, b.stake, b.potentialReturn])).toEqual([
      ['single', 100, 190],
      ['single', 50, 105],
    ]);
    expect(result.ok && result.total).toBe(150);
    expect(checkSlip(slip, { ...limits, balance: 120 })).toEqual({ ok: false, errors: { total: { key: 'messages:points.insufficient' } } });
    expect(checkSlip(slip, { ...limits, dailyCap: 100 })).toMatchObject({ ok: false, errors: { total: { key: 'guessing:slip.overDailyCap' } } });
  });

  it('works out a parlay as the server does: odds shown to 3 decimals, the return from the exact product, rounded down', () => {
    expect(combinedOdds([1.9, 2.1])).toBe(3.99);
    expect(combinedOdds([1.93, 1.87, 2.05])).toBe(7.399);
    expect(potentialReturn(33, [3.99])).toBe(131);
    expect(potentialReturn(7, [1.01])).toBe(7);
    // The return uses the exact product, not the rounded odds shown: 1000 × 7.398655 = 7398.
    expect(potentialReturn(1000, [1.93, 1.87, 2.05])).toBe(7398);
    expect(Math.floor(1000 * combinedOdds([1.93, 1.87, 2.05]))).toBe(7399);
    const slip: SlipState = { ...toggleSelection(toggleSelection(EMPTY_SLIP, home), other), kind: 'parlay', parlayStake: '100' };
    const result = checkSlip(slip, limits);
    expect(result.ok && result.bets).toEqual([{ kind: 'parlay', items: [home, other], stake: 100, odds: 3.99, potentialReturn: 399 }]);
  });

  it('after a moved price, re-reads each selection: the new odds, and what is no longer offered', () => {
    const slip: SlipState = { ...toggleSelection(toggleSelection(EMPTY_SLIP, home), other), kind: 'parlay', parlayStake: '100' };
    const first = makeBettingMatch();
    const moved: BettingMatch = { ...first, markets: first.markets.map((m) => (m.market === '1x2' && m.period === 'ft' && m.pick === 'home' ? { ...m, odds: 1.85 } : m)) };
    const closed: BettingMatch = { ...makeBettingMatch({ match: other.match }), open: false };
    const result = repriceSlip(slip, new Map([[home.match.id, moved], [other.match.id, closed]]));
    expect(result.changes).toEqual([
      { matchId: home.match.id, selection: home.selection, from: 1.9, to: 1.85 },
      { matchId: other.match.id, selection: other.selection, from: 2.1, to: null },
    ]);
    expect(result.slip.items.map((x) => x.odds)).toEqual([1.85, 2.1]);
    // Unchanged prices report nothing.
    expect(repriceSlip(result.slip, new Map([[home.match.id, moved]])).changes.filter((c) => c.to !== null)).toEqual([]);
  });
});

describe('the betting board', () => {
  it('headlines full-time 1X2 and the most balanced handicap and over/under lines', () => {
    const main = mainMarkets(makeBettingMatch().markets);
    expect(main.map(({ market, row }) => [market, row.line, row.options.map((o) => o.pick)])).toEqual([
      ['1x2', null, ['home', 'draw', 'away']],
      ['handicap', -0.25, ['home', 'away']],
      ['over_under', 2.5, ['over', 'under']],
    ]);
  });

  it('groups every market like the publish form, full time before half time, a row per line', () => {
    const groups = groupMarketRows(makeBettingMatch().markets);
    expect(groups.map((g) => `${g.market}:${g.period}:${g.rows.length}`)).toEqual([
      '1x2:ft:1',
      '1x2:ht:1',
      'handicap:ft:2',
      'over_under:ft:2',
      'corners_over_under:ft:2',
      'corners_most:ft:1',
    ]);
  });

  it('puts the corner markets after the goal markets: a row per corners line, most corners as one row of three', () => {
    const groups = groupMarketRows(makeBettingMatch().markets);
    const total = groups.find((g) => g.market === 'corners_over_under');
    expect(total?.rows.map((r) => [r.line, r.options.map((o) => o.pick)])).toEqual([
      [9.5, ['over', 'under']],
      [10, ['over', 'under']],
    ]);
    const most = groups.find((g) => g.market === 'corners_most');
    expect(most?.rows.map((r) => [r.line, r.options.map((o) => o.pick)])).toEqual([[null, ['home', 'draw', 'away']]]);
    // Corners never take a headline place, and a match without corner prices has no corner groups.
    expect(mainMarkets(makeBettingMatch().markets).map((m) => m.market)).toEqual(['1x2', 'handicap', 'over_under']);
    const noCorners = makeBettingMatch().markets.filter((m) => !m.market.startsWith('corners_'));
    expect(groupMarketRows(noCorners).map((g) => g.market)).not.toContain('corners_most');
  });
});

describe('the points chart', () => {
  it('draws the balance after each ledger row, oldest first, inside the box', () => {
    const rows = [
      { id: 3, amount: 390, balance_after: 1290, reason: 'bet_payout', reference: null, created_at: '2025-11-22T20:00:00.000Z' },
      { id: 2, amount: -100, balance_after: 900, reason: 'bet_stake', reference: null, created_at: '2025-11-22T10:00:00.000Z' },
      { id: 1, amount: 1000, balance_after: 1000, reason: 'register', reference: null, created_at: '2025-11-21T10:00:00.000Z' },
    ];
    const series = balanceSeries(rows);
    expect(series.map((s) => s.balance)).toEqual([1000, 900, 1290]);
    const points = balancePoints(series, 600, 160, 8);
    expect(points.map((p) => p.x)).toEqual([8, 300, 592]);
    expect(points[2]!.y).toBe(8);
    expect(points[1]!.y).toBe(152);
    expect(balancePoints([{ balance: 5, at: 'x' }], 600, 160)).toEqual([{ x: 300, y: 80, balance: 5, at: 'x' }]);
  });
});
