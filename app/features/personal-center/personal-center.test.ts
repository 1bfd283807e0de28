import { describe, expect, it } from 'vitest';
import { makeUserInfo } from '../../test-support/user-info';
import { afterCheckin, currentStreak } from './checkin';
import { pageCount, parsePageParam, reasonKey } from './points-ledger';

const NOON = Date.parse('2025-05-10T12:00:00Z');

describe('check-in streak', () => {
  it('counts while alive and drops to 0 after a missed UTC day', () => {
    expect(currentStreak({ streak: 3, last_day: '2025-05-10', checked_in_today: true }, NOON)).toBe(3);
    expect(currentStreak({ streak: 3, last_day: '2025-05-09', checked_in_today: false }, NOON)).toBe(3);
    expect(currentStreak({ streak: 3, last_day: '2025-05-08', checked_in_today: false }, NOON)).toBe(0);
    expect(currentStreak({ streak: 0, last_day: null, checked_in_today: false }, NOON)).toBe(0);
  });

  it('takes the new balance and streak after a check-in', () => {
    const user = afterCheckin(makeUserInfo({ points: 100 }), { granted: 15, streak: 2, balance: 115 }, NOON);
    expect(user.points).toBe(115);
    expect(user.checkin).toEqual({ streak: 2, last_day: '2025-05-10', checked_in_today: true });
  });
});

describe('points history', () => {
  it('reads ?page= as a page from 1', () => {
    expect(parsePageParam(null)).toBe(1);
    expect(parsePageParam('3')).toBe(3);
    expect(parsePageParam('0')).toBe(1);
    expect(parsePageParam('-2')).toBe(1);
    expect(parsePageParam('2.5')).toBe(1);
    expect(parsePageParam('abc')).toBe(1);
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });

  it('translates known reasons and shows later ones neutrally', () => {
    expect(reasonKey('checkin')).toBe('points.reasons.checkin');
    expect(reasonKey('welcome')).toBe('points.reasons.welcome');
    expect(reasonKey('mall_order')).toBe('points.reasons.other');
  });
});
