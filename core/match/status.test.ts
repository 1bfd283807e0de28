import { describe, expect, it } from 'vitest';
import {
  BASKETBALL_STATUS,
  BASKETBALL_STATUS_LABEL_KEY,
  FOOTBALL_POPUP_STATUSES,
  FOOTBALL_STATUS,
  FOOTBALL_STATUS_LABEL_KEY,
  basketballListKind,
  basketballStatusLabelKey,
  footballListKind,
  footballStatusLabelKey,
  isBasketballLive,
  isBasketballPlaying,
  isBasketballTreatedFinished,
  isFootballLive,
  isFootballPopupStatus,
} from './status';

describe('football statuses (section 4)', () => {
  it('names the fourteen statuses by the specification numbers', () => {
    expect(FOOTBALL_STATUS).toEqual({
      ABNORMAL: 0,
      NOT_STARTED: 1,
      FIRST_HALF: 2,
      HALF_TIME: 3,
      SECOND_HALF: 4,
      OVERTIME: 5,
      OVERTIME_DEPRECATED: 6,
      PENALTY_SHOOTOUT: 7,
      ENDED: 8,
      DELAYED: 9,
      INTERRUPTED: 10,
      CUT_IN_HALF: 11,
      CANCELLED: 12,
      TO_BE_DETERMINED: 13,
    });
  });

  it.each([2, 3, 4, 5, 7])('status %i (first half, half time, second half, overtime, penalties) is live', (status) => {
    expect(footballListKind(status)).toBe('live');
    expect(isFootballLive(status)).toBe(true);
  });

  it('deprecated overtime (6) is still shown as live', () => {
    expect(footballListKind(6)).toBe('live');
    expect(isFootballLive(6)).toBe(true);
  });

  it('not started (1) goes to the not-started list', () => {
    expect(footballListKind(1)).toBe('notStarted');
    expect(isFootballLive(1)).toBe(false);
  });

  it('ended (8) goes to the finished list', () => {
    expect(footballListKind(8)).toBe('finished');
    expect(isFootballLive(8)).toBe(false);
  });

  it.each([0, 9, 10, 11, 12, 13])('abnormal/delayed/interrupted/cut/cancelled/TBD status %i goes to other', (status) => {
    expect(footballListKind(status)).toBe('other');
    expect(isFootballLive(status)).toBe(false);
  });

  it.each([-1, 14, 99, 2.5, Number.NaN])('an unknown status %s goes to other, never lost', (status) => {
    expect(footballListKind(status)).toBe('other');
  });

  it('goal pop-ups fire only in 2, 3, 4, 5 and 7', () => {
    expect([...FOOTBALL_POPUP_STATUSES]).toEqual([2, 3, 4, 5, 7]);
    for (let s = 0; s <= 13; s += 1) expect(isFootballPopupStatus(s)).toBe([2, 3, 4, 5, 7].includes(s));
  });

  it('gives every status its own translation key', () => {
    for (let s = 0; s <= 13; s += 1) expect(FOOTBALL_STATUS_LABEL_KEY[s]).toBe(`status.football.${s}`);
    expect(Object.keys(FOOTBALL_STATUS_LABEL_KEY)).toHaveLength(14);
    expect(footballStatusLabelKey(8)).toBe('status.football.8');
  });

  it('labels an unknown status as abnormal', () => {
    expect(footballStatusLabelKey(42)).toBe('status.football.0');
  });
});

describe('basketball statuses', () => {
  it('names the sixteen statuses of the contract', () => {
    expect(BASKETBALL_STATUS.NOT_STARTED).toBe(1);
    expect(BASKETBALL_STATUS.FIRST_QUARTER).toBe(2);
    expect(BASKETBALL_STATUS.HALF_TIME).toBe(5);
    expect(BASKETBALL_STATUS.OVERTIME).toBe(9);
    expect(BASKETBALL_STATUS.ENDED).toBe(10);
    expect(BASKETBALL_STATUS.TO_BE_DETERMINED).toBe(15);
    expect(Object.keys(BASKETBALL_STATUS)).toHaveLength(16);
  });

  it.each([2, 3, 4, 5, 6, 7, 8, 9])('status %i (quarters, breaks, overtime) is live', (status) => {
    expect(basketballListKind(status)).toBe('live');
    expect(isBasketballLive(status)).toBe(true);
  });

  it.each([0, 1, 11, 12, 13, 14, 15])('the server files status %i under waiting', (status) => {
    expect(basketballListKind(status)).toBe('waiting');
  });

  it('ended (10) is finished', () => {
    expect(basketballListKind(10)).toBe('finished');
  });

  it('waiting matches with status 11-15 are treated as finished, as is 10', () => {
    for (let s = 0; s <= 15; s += 1) expect(isBasketballTreatedFinished(s)).toBe(s >= 10);
    expect(isBasketballTreatedFinished(16)).toBe(false);
  });

  it('the clock runs only in quarters and overtime, not in breaks', () => {
    expect([2, 3, 4, 5, 6, 7, 8, 9, 10].filter(isBasketballPlaying)).toEqual([2, 4, 6, 8, 9]);
  });

  it('gives every status its own translation key', () => {
    for (let s = 0; s <= 15; s += 1) expect(BASKETBALL_STATUS_LABEL_KEY[s]).toBe(`status.basketball.${s}`);
    expect(basketballStatusLabelKey(99)).toBe('status.basketball.0');
  });
});
