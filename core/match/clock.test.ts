import { describe, expect, it } from 'vitest';
import { basketballClock, footballClock } from './clock';

const KICK_OFF = 1_700_000_000;
const at = (minutes: number, seconds = 0) => KICK_OFF + minutes * 60 + seconds;
const firstHalf = { status_id: 2, kick_off_time: KICK_OFF };
const secondHalf = { status_id: 4, kick_off_time: KICK_OFF };

describe('football clock, first half: the minute being played (decision 111), 45+n after 45', () => {
  it.each([
    [0, 0, '1', 1],
    [0, 30, '1', 1],
    [0, 59, '1', 1],
    [1, 0, '2', 2],
    [30, 59, '31', 31],
    [31, 0, '32', 32],
    [44, 59, '45', 45],
    [45, 0, '45+1', 46],
    [45, 59, '45+1', 46],
    [46, 0, '45+2', 47],
    [49, 10, '45+5', 50],
  ])('at %i:%i shows %s', (minutes, seconds, text, minute) => {
    expect(footballClock(firstHalf, at(minutes, seconds))).toEqual({ kind: 'minute', text, minute });
  });

  it('a browser clock behind the server still shows minute 1', () => {
    expect(footballClock(firstHalf, KICK_OFF - 90)).toEqual({ kind: 'minute', text: '1', minute: 1 });
  });
});

describe('football clock, second half: 45 plus the minute being played, 90+n after 90', () => {
  it.each([
    [0, 0, '46', 46],
    [0, 59, '46', 46],
    [1, 0, '47', 47],
    [44, 59, '90', 90],
    [45, 0, '90+1', 91],
    [48, 20, '90+4', 94],
  ])('%i:%i after the restart shows %s', (minutes, seconds, text, minute) => {
    expect(footballClock(secondHalf, at(minutes, seconds))).toEqual({ kind: 'minute', text, minute });
  });
});

describe('football clock, other statuses show their label', () => {
  it.each([0, 1, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13])('status %i shows status.football.%i', (status) => {
    expect(footballClock({ status_id: status, kick_off_time: KICK_OFF }, at(10))).toEqual({
      kind: 'label',
      key: `status.football.${status}`,
    });
  });

  it('half time shows its label however long the break lasts', () => {
    expect(footballClock({ status_id: 3, kick_off_time: KICK_OFF }, at(60))).toEqual({ kind: 'label', key: 'status.football.3' });
  });

  it('a half with no known start shows its label rather than a minute counted from 1970', () => {
    expect(footballClock({ status_id: 2, kick_off_time: 0 }, at(10))).toEqual({ kind: 'label', key: 'status.football.2' });
    expect(footballClock({ status_id: 4, kick_off_time: 0 }, at(10))).toEqual({ kind: 'label', key: 'status.football.4' });
  });
});

describe('basketball clock', () => {
  it('shows the period and the time left as mm:ss while a quarter is played', () => {
    expect(basketballClock({ status_id: 2, clock: 600 })).toEqual({ periodKey: 'status.basketball.2', time: '10:00' });
    expect(basketballClock({ status_id: 4, clock: 332 })).toEqual({ periodKey: 'status.basketball.4', time: '05:32' });
    expect(basketballClock({ status_id: 8, clock: 59 })).toEqual({ periodKey: 'status.basketball.8', time: '00:59' });
    expect(basketballClock({ status_id: 9, clock: 0 })).toEqual({ periodKey: 'status.basketball.9', time: '00:00' });
  });

  it('drops fractions and never shows negative time', () => {
    expect(basketballClock({ status_id: 6, clock: 61.9 })).toEqual({ periodKey: 'status.basketball.6', time: '01:01' });
    expect(basketballClock({ status_id: 6, clock: -4 })).toEqual({ periodKey: 'status.basketball.6', time: '00:00' });
  });

  it('shows no time when the clock is unknown', () => {
    expect(basketballClock({ status_id: 2, clock: null })).toEqual({ periodKey: 'status.basketball.2', time: null });
  });

  it.each([0, 1, 3, 5, 7, 10, 11, 12, 13, 14, 15])('shows only the label in status %i, even with a clock value', (status) => {
    expect(basketballClock({ status_id: status, clock: 120 })).toEqual({ periodKey: `status.basketball.${status}`, time: null });
  });
});
