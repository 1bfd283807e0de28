import { describe, expect, it } from 'vitest';
import { applyDetailMessage, isLineupsChange, liveScoreDetails, mergeEvents, mergeMomentum, type LiveDetail } from './live-detail';
import { event, liveMessage, momentum } from './test-support/fixtures';
import { minuteLabel, timelineOf } from './timeline';

const start: LiveDetail = {
  events: [event({ type: 0, minute: 12, player: 'Icardi' })],
  stats: null,
  momentum: [momentum(1, 2, 0), momentum(2, 0, 3)],
};

describe('live match data', () => {
  it('appends new events and drops ones the page already has', () => {
    const again = event({ type: 0, minute: 12, player: 'Icardi' });
    const card = event({ type: 2, minute: 30, side: 'away', player: 'Fred' });
    const merged = mergeEvents(start.events, [again, card, card]);
    expect(merged).toEqual([start.events[0], card]);
    expect(mergeEvents(start.events, [again])).toBe(start.events);
  });

  it('replaces a momentum minute sent again and keeps minutes in order', () => {
    const merged = mergeMomentum(start.momentum, [momentum(3, 1, 1), momentum(2, 4, 5)]);
    expect(merged).toEqual([momentum(1, 2, 0), momentum(2, 4, 5), momentum(3, 1, 1)]);
  });

  it('applies events, statistics and momentum of a message about this match only', () => {
    const stats = { kind: 'football' as const, possession: [55, 45] as [number, number], corners: [3, 1] as [number, number] };
    const message = liveMessage({ stats, momentum: [momentum(3, 6, 0)], events: [event({ type: 3, minute: 40, side: 'away' })] });
    const next = applyDetailMessage(start, 101, message);
    expect(next.stats).toEqual(stats);
    expect(next.momentum.map((m) => m.minute)).toEqual([1, 2, 3]);
    expect(next.events).toHaveLength(2);
    expect(applyDetailMessage(start, 202, message)).toBe(start);
    expect(applyDetailMessage(start, 101, liveMessage({ a0: 1 }))).toBe(start);
  });

  it('asks for the lineups again only when this match says they changed', () => {
    expect(isLineupsChange(liveMessage({ lineups_changed: true }), 101)).toBe(true);
    expect(isLineupsChange(liveMessage({ lineups_changed: true }), 5)).toBe(false);
    expect(isLineupsChange(liveMessage(), 101)).toBe(false);
  });

  it('keeps the score of the half being played in step with the live score', () => {
    const details = { periods: [{ label: 'h1' as const, score: [1, 0] as [number, number] }], final: [1, 0] as [number, number] };
    const second = liveScoreDetails(details, { status_id: 4, a0: 2, b0: 1 });
    expect(second).toEqual({
      periods: [
        { label: 'h1', score: [1, 0] },
        { label: 'h2', score: [1, 1] },
      ],
      final: [2, 1],
    });
    expect(liveScoreDetails(details, { status_id: 3, a0: 1, b0: 0 })).toBe(details);
    expect(liveScoreDetails({ periods: [], final: [0, 0] }, { status_id: 2, a0: 1, b0: 0 }).periods).toEqual([{ label: 'h1', score: [1, 0] }]);
  });
});

describe('timeline', () => {
  it('shows goals, cards, substitutions, VAR, penalties and markers in the order they happened', () => {
    const events = [
      event({ type: 12, minute: 45, side: null }),
      event({ type: 19, minute: 3 }),
      event({ type: 0, minute: 45, added_minute: 2, player: 'Icardi' }),
      event({ type: 8, minute: 60, side: 'away', player: 'Dzeko', related_player: 'Tadic' }),
      event({ type: 1, minute: 20 }),
      event({ type: 2, minute: 20, side: 'away', player: 'Fred' }),
      event({ type: 24, minute: 45, side: 'home', detail: 'Goal checked' }),
      event({ type: 11, minute: 90, side: null }),
      event({ type: 0, minute: 90, added_minute: 4, side: 'away', player: 'Szymanski' }),
    ];
    const shown = timelineOf(events);
    expect(shown.map((e) => `${e.type}@${minuteLabel(e)}`)).toEqual(['2@20\'', '24@45\'', '0@45+2\'', '12@45\'', '8@60\'', '0@90+4\'', '11@90\'']);
  });
});
