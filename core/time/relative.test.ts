import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative';

const NOW = 1_700_000_000;
const ago = (seconds: number) => relativeTime(NOW - seconds, NOW);
const MIN = 60;
const HOUR = 3600;
const DAY = 86_400;

describe('relativeTime (section 9)', () => {
  it.each([0, 1, 59, 60, 299])('%i s ago is "just"', (s) => {
    expect(ago(s)).toEqual({ unit: 'just' });
  });

  it('a time in the future is "just"', () => {
    expect(ago(-120)).toEqual({ unit: 'just' });
    expect(ago(-10 * DAY)).toEqual({ unit: 'just' });
  });

  it.each([
    [300, 5],
    [359, 5],
    [360, 6],
    [HOUR - 1, 59],
  ])('%i s ago is %i minutes', (s, value) => {
    expect(ago(s)).toEqual({ unit: 'minute', value });
  });

  it.each([
    [HOUR, 1],
    [2 * HOUR - 1, 1],
    [2 * HOUR, 2],
    [DAY - 1, 23],
  ])('%i s ago is %i hours', (s, value) => {
    expect(ago(s)).toEqual({ unit: 'hour', value });
  });

  it.each([
    [DAY, 1],
    [2 * DAY - 1, 1],
    [7 * DAY, 7],
    [30 * DAY - 1, 29],
  ])('%i s ago is %i days', (s, value) => {
    expect(ago(s)).toEqual({ unit: 'day', value });
  });

  it.each([
    [30 * DAY, 1],
    [59 * DAY, 1],
    [60 * DAY, 2],
    [364 * DAY, 12],
  ])('%i s ago is %i months', (s, value) => {
    expect(ago(s)).toEqual({ unit: 'month', value });
  });

  it.each([
    [365 * DAY, 1],
    [729 * DAY, 1],
    [730 * DAY, 2],
    [3650 * DAY, 10],
  ])('%i s ago is %i years', (s, value) => {
    expect(ago(s)).toEqual({ unit: 'year', value });
  });

  it('unreadable times read "just" rather than NaN minutes', () => {
    expect(relativeTime(Number.NaN, NOW)).toEqual({ unit: 'just' });
  });

  it('minutes count whole minutes only', () => {
    expect(ago(10 * MIN + 59)).toEqual({ unit: 'minute', value: 10 });
  });
});
