import type { Bet, BetMatch, BettingMatch } from '../../../../core/contracts/guessing';

/** A well-formed match for tests; override what the test is about. */
export function makeBetMatch(overrides: Partial<BetMatch> = {}): BetMatch {
  return {
    id: 4242,
    sport: 'football',
    competition: { id: 1, name: 'Süper Lig' },
    home: { id: 11, name: 'Galatasaray' },
    away: { id: 12, name: 'Fenerbahçe' },
    match_time: 1_763_830_800,
    status_id: 1,
    score: null,
    ht_score: null,
    ...overrides,
  };
}

export function makeBettingMatch(overrides: Partial<BettingMatch> = {}): BettingMatch {
  const match = overrides.match ?? makeBetMatch();
  return {
    match,
    open: true,
    reason: null,
    reason_text: null,
    closes_at: match.match_time - 15 * 60,
    markets: [
      { market: '1x2', period: 'ft', pick: 'home', line: null, probability: 0.45, odds: 2.1 },
      { market: '1x2', period: 'ft', pick: 'draw', line: null, probability: 0.27, odds: 3.4 },
      { market: '1x2', period: 'ft', pick: 'away', line: null, probability: 0.28, odds: 3.3 },
      { market: 'handicap', period: 'ft', pick: 'home', line: -0.5, probability: 0.45, odds: 2.1 },
      { market: 'handicap', period: 'ft', pick: 'away', line: 0.5, probability: 0.55, odds: 1.75 },
      { market: 'handicap', period: 'ft', pick: 'home', line: -0.25, probability: 0.5, odds: 1.92 },
      { market: 'handicap', period: 'ft', pick: 'away', line: 0.25, probability: 0.5, odds: 1.9 },
      { market: 'over_under', period: 'ft', pick: 'over', line: 2.5, probability: 0.5, odds: 1.93 },
      { market: 'over_under', period: 'ft', pick: 'under', line: 2.5, probability: 0.5, odds: 1.89 },
      { market: 'over_under', period: 'ft', pick: 'over', line: 3.5, probability: 0.3, odds: 3.1 },
      { market: 'over_under', period: 'ft', pick: 'under', line: 3.5, probability: 0.7, odds: 1.35 },
      { market: '1x2', period: 'ht', pick: 'home', line: null, probability: 0.35, odds: 2.8 },
      { market: '1x2', period: 'ht', pick: 'draw', line: null, probability: 0.42, odds: 2.2 },
      { market: '1x2', period: 'ht', pick: 'away', line: null, probability: 0.23, odds: 4.1 },
      // Corners: football with corner data only, full time only.
      { market: 'corners_over_under', period: 'ft', pick: 'over', line: 9.5, probability: 0.5, odds: 1.9 },
      { market: 'corners_over_under', period: 'ft', pick: 'under', line: 9.5, probability: 0.5, odds: 1.9 },
      { market: 'corners_over_under', period: 'ft', pick: 'over', line: 10, probability: 0.42, odds: 2.2 },
      { market: 'corners_over_under', period: 'ft', pick: 'under', line: 10, probability: 0.47, odds: 1.95 },
      { market: 'corners_most', period: 'ft', pick: 'home', line: null, probability: 0.52, odds: 1.8 },
      { market: 'corners_most', period: 'ft', pick: 'draw', line: null, probability: 0.1, odds: 8.5 },
      { market: 'corners_most', period: 'ft', pick: 'away', line: null, probability: 0.38, odds: 2.45 },
    ],
    ...overrides,
  };
}

/** A settled two-leg parlay that won. */
export function makeBet(overrides: Partial<Bet> = {}): Bet {
  const match = makeBetMatch({ status_id: 8, score: [2, 1], ht_score: [1, 0] });
  return {
    id: 91,
    kind: 'parlay',
    stake: 100,
    odds: 3.99,
    potential_return: 399,
    status: 'settled',
    payout: 399,
    legs: [
      { match, selection: { market: '1x2', period: 'ft', pick: 'home', line: null }, odds: 1.9, outcome: 'win', receipt: { key: 'k', params: {}, text: 'Galatasaray won 2–1 → win' } },
      {
        match: makeBetMatch({ id: 4243, home: { id: 13, name: 'Beşiktaş' }, away: { id: 14, name: 'Trabzonspor' }, status_id: 8, score: [3, 1] }),
        selection: { market: 'over_under', period: 'ft', pick: 'over', line: 2.5 },
        odds: 2.1,
        outcome: 'win',
        receipt: { key: 'k', params: {}, text: '4 goals over 2.5 → win' },
      },
    ],
    placed_at: '2025-11-22T10:15:00.000Z',
    settled_at: '2025-11-22T20:00:00.000Z',
    receipt: { key: 'guessing.receipt.bet', params: {}, text: '2 selection(s) at 3.99: 100 points staked, 399 points returned' },
    ...overrides,
  };
}
