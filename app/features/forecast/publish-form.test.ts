import { describe, expect, it } from 'vitest';
import type { BasketballData, FootballListData } from '../../../core/contracts/matches';
import type { PricedSelection } from '../../../core/contracts/odds';
import { basketballMatch, footballMatch } from '../../test-support/match-fixtures';
import { checkPublishForm, descriptionLength, EMPTY_PUBLISH_FORM, groupMarkets, selectionKey, syncsToCommunity, upcomingMatches } from './publish-form';

const NOW = 1_763_800_000;

function footballDay(groups: FootballListData['scheduledGlobal'], soon: FootballListData['soonGlobal'] = []): FootballListData {
  return {
    competitionIndexArr: {
      hot: [],
      all: { '1': { competition_id: 1, name: 'Süper Lig', short_name: 'SL', country: 'TR', logo: '', is_hot: true, is_collect: false } },
    },
    teamIndexArr: {},
    liveGlobal: [],
    soonGlobal: soon,
    scheduledGlobal: groups,
    finishedGlobal: [],
    otherGlobal: [],
  };
}

describe('the matches a plan can be published on', () => {
  it('lists not-started football and basketball matches after now, in kick-off order, each once', () => {
    const later = footballMatch({ match_id: 2, status_id: 1, match_time: NOW + 7200 });
    const sooner = footballMatch({ match_id: 1, status_id: 1, match_time: NOW + 600 });
    const started = footballMatch({ match_id: 3, status_id: 2, match_time: NOW - 600 });
    const past = footballMatch({ match_id: 4, status_id: 1, match_time: NOW - 60 });
    const basketball: BasketballData = {
      competitionList: [{ competition_id: 9, name: 'EuroLeague', short_name: 'EL', country: '', logo: '', is_hot: false, is_collect: false }],
      matchIngList: [],
      matchWaitList: [basketballMatch({ match_id: 500, status_id: 1, match_time: NOW + 3600 })],
      matchEndList: [],
    };
    const list = upcomingMatches({
      football: [footballDay([{ competition_id: 1, matches: [later, started, past] }], [{ competition_id: 1, matches: [sooner] }]), footballDay([{ competition_id: 1, matches: [later] }])],
      basketball: [basketball],
      nowSec: NOW,
    });
    expect(list.map((m) => [m.sport, m.id])).toEqual([
      ['football', 1],
      ['basketball', 500],
      ['football', 2],
    ]);
    expect(list[0]).toMatchObject({ competition: 'Süper Lig', home: 'Galatasaray', away: 'Fenerbahçe' });
    expect(list[1]?.competition).toBe('EuroLeague');
  });
});

describe('the priced markets of a match', () => {
  const priced = (market: PricedSelection['market'], period: PricedSelection['period'], pick: PricedSelection['pick'], line: number | null, odds = 1.9): PricedSelection => ({
    market,
    period,
    pick,
    line,
    odds,
    probability: 0.5,
  });

  it('groups by market (1X2, handicap, over/under) and period (full time first), picks in order then lines', () => {
    const groups = groupMarkets([
      priced('over_under', 'ft', 'under', 2.5),
      priced('1x2', 'ht', 'draw', null),
      priced('handicap', 'ft', 'away', 0.5),
      priced('1x2', 'ft', 'away', null),
      priced('over_under', 'ft', 'over', 2.5),
      priced('1x2', 'ft', 'home', null),
      priced('handicap', 'ft', 'home', -0.75),
      priced('handicap', 'ft', 'home', -0.5),
      priced('1x2', 'ft', 'draw', null),
    ]);
    expect(groups.map((g) => `${g.market}/${g.period}`)).toEqual(['1x2/ft', '1x2/ht', 'handicap/ft', 'over_under/ft']);
    expect(groups[0]?.options.map((o) => o.pick)).toEqual(['home', 'draw', 'away']);
    expect(groups[2]?.options.map(selectionKey)).toEqual(['handicap:ft:home:-0.75', 'handicap:ft:home:-0.5', 'handicap:ft:away:0.5']);
    expect(groups[3]?.options.map((o) => o.pick)).toEqual(['over', 'under']);
    // The handicap's two sides of one line share a row (home −0.5 with away +0.5).
    expect(groups[2]?.rows.map((row) => [row.line, row.options.map(selectionKey)])).toEqual([
      [-0.75, ['handicap:ft:home:-0.75']],
      [-0.5, ['handicap:ft:home:-0.5', 'handicap:ft:away:0.5']],
    ]);
  });

  it('lays the goal totals out line by line, over beside under (not every over, then every under)', () => {
    const lines = [2, 2.25, 2.5, 2.75, 3];
    const groups = groupMarkets(lines.flatMap((line) => [priced('over_under', 'ft', 'under', line), priced('over_under', 'ft', 'over', line)]).reverse());
    expect(groups[0]?.rows.map((row) => row.options.map(selectionKey))).toEqual(lines.map((line) => [`over_under:ft:over:${line}`, `over_under:ft:under:${line}`]));
  });

  it('puts the corner markets after the goal markets when a football match has them: totals line by line, over beside under, most corners home, level, away', () => {
    const goals = [priced('1x2', 'ft', 'home', null), priced('over_under', 'ft', 'over', 2.5), priced('over_under', 'ft', 'under', 2.5)];
    const groups = groupMarkets([
      priced('corners_most', 'ft', 'away', null),
      priced('corners_over_under', 'ft', 'under', 10.5),
      ...goals,
      priced('corners_over_under', 'ft', 'over', 10.5),
      priced('corners_most', 'ft', 'draw', null),
      priced('corners_over_under', 'ft', 'over', 9.5),
      priced('corners_most', 'ft', 'home', null),
      priced('corners_over_under', 'ft', 'under', 9.5),
    ]);
    expect(groups.map((g) => `${g.market}/${g.period}`)).toEqual(['1x2/ft', 'over_under/ft', 'corners_over_under/ft', 'corners_most/ft']);
    expect(groups[2]?.options.map(selectionKey)).toEqual([
      'corners_over_under:ft:over:9.5',
      'corners_over_under:ft:under:9.5',
      'corners_over_under:ft:over:10.5',
      'corners_over_under:ft:under:10.5',
    ]);
    // Each line is one row: its over and its under side by side.
    expect(groups[2]?.rows.map((row) => [row.line, row.options.map((o) => o.pick)])).toEqual([
      [9.5, ['over', 'under']],
      [10.5, ['over', 'under']],
    ]);
    expect(groups[3]?.options.map((o) => o.pick)).toEqual(['home', 'draw', 'away']);
    // Without corner prices (basketball, or football without corner data) there is no corner group.
    expect(groupMarkets(goals).map((g) => g.market)).toEqual(['1x2', 'over_under']);
  });

  it('accepts a corner selection as the plan’s pick', () => {
    const selection = { market: 'corners_most' as const, period: 'ft' as const, pick: 'draw' as const, line: null };
    expect(checkPublishForm({ matchId: 4242, selection, description: 'Both sides attack down the wings.', free: true, price: '' })).toEqual({
      ok: true,
      body: { match_id: 4242, selection, description: 'Both sides attack down the wings.', free: true },
    });
  });
});

describe('the publish form’s checks (the server’s rules and messages)', () => {
  const selection = { market: 'over_under' as const, period: 'ft' as const, pick: 'over' as const, line: 2.5 };
  const filled = { matchId: 4242, selection, description: '  Both sides score a lot.  ', free: false, price: '80' };

  it('builds the request body from valid values (description trimmed, price a number)', () => {
    expect(checkPublishForm(filled)).toEqual({
      ok: true,
      body: { match_id: 4242, selection, description: 'Both sides score a lot.', free: false, price: 80 },
    });
    expect(checkPublishForm({ ...filled, free: true, price: '' })).toEqual({
      ok: true,
      body: { match_id: 4242, selection, description: 'Both sides score a lot.', free: true },
    });
  });

  it('names every missing field with the server’s message key', () => {
    expect(checkPublishForm(EMPTY_PUBLISH_FORM)).toEqual({
      ok: false,
      errors: {
        match_id: { key: 'messages:forecast.matchId.invalid' },
        selection: { key: 'forecast:publish.selectionRequired' },
        description: { key: 'messages:forecast.description.required' },
        price: { key: 'messages:forecast.price.required' },
      },
    });
  });

  it('checks the price: greater than 0, whole, 50–200', () => {
    const priceError = (price: string) => {
      const checked = checkPublishForm({ ...filled, price });
      return checked.ok ? null : checked.errors.price;
    };
    expect(priceError('0')).toEqual({ key: 'messages:forecast.price.positive' });
    expect(priceError('-5')).toEqual({ key: 'messages:forecast.price.positive' });
    expect(priceError('60.5')).toEqual({ key: 'messages:forecast.price.integer' });
    expect(priceError('49')).toEqual({ key: 'messages:forecast.price.range', params: { min: 50, max: 200 } });
    expect(priceError('201')).toEqual({ key: 'messages:forecast.price.range', params: { min: 50, max: 200 } });
    expect(priceError('abc')).toEqual({ key: 'messages:forecast.price.required' });
    expect(priceError('50')).toBeNull();
    expect(priceError('200')).toBeNull();
  });

  it('counts description characters as the server does (code points of the trimmed text)', () => {
    expect(descriptionLength('  主队 ⚽  ')).toBe(4);
    expect(syncsToCommunity('x'.repeat(100))).toBe(false);
    expect(syncsToCommunity('x'.repeat(101))).toBe(true);
    const tooLong = checkPublishForm({ ...filled, description: '⚽'.repeat(2001) });
    expect(tooLong.ok ? null : tooLong.errors.description).toEqual({ key: 'messages:forecast.description.tooLong', params: { max: 2000 } });
    expect(checkPublishForm({ ...filled, description: '⚽'.repeat(2000) }).ok).toBe(true);
  });
});
