import type { Plan, TipsterStats } from '../../../../core/contracts/forecast';

/** A well-formed plan for tests (an open, locked handicap plan seen by another fan); override what the test is about. */
export function makePlan(overrides: Partial<Plan> = {}): Plan {
  return {
    id: 31,
    tipster: { id: 42, nickname: 'Aslan', avatar: 'a05' },
    match: {
      id: 4242,
      sport: 'football',
      competition: { id: 1, name: 'Süper Lig' },
      home: { id: 11, name: 'Galatasaray' },
      away: { id: 12, name: 'Fenerbahçe' },
      match_time: 1_763_830_800,
      status_id: 1,
      score: null,
      ht_score: null,
    },
    market: 'handicap',
    period: 'ft',
    price: 80,
    free: false,
    excerpt: null,
    fingerprint: '3f1c'.repeat(16),
    published_at: '2025-11-22T10:15:00.000Z',
    status: 'open',
    outcome: null,
    receipt: null,
    sell_count: 12,
    unlocked: false,
    can_unlock: true,
    is_own: false,
    content: null,
    proof: null,
    hidden: false,
    ...overrides,
  };
}

export function makeStats(overrides: Partial<TipsterStats> = {}): TipsterStats {
  return {
    settled: 40,
    wins: 24.5,
    win_rate: 0.6125,
    shrunk_rate: 0.56,
    wilson_lower: 0.46,
    yield: 0.084,
    t_stat: 1.21,
    luck_p: 0.113,
    current_streak: 3,
    running_num_max: 7,
    my_guess_total: 46,
    sell_count: 120,
    sell_income: 6720,
    ...overrides,
  };
}
