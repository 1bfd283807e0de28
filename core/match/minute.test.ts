import { describe, expect, it } from 'vitest';
import { footballClock } from './clock';
import { elapsedMinute, formatMinute, minuteLabel, minuteOfEvent, minuteOfPlay } from './minute';

const label = (period: Parameters<typeof minuteOfPlay>[0], minutes: number, seconds = 0) => minuteLabel(minuteOfPlay(period, minutes * 60 + seconds));

describe('the minute of a moment of play (decision 111)', () => {
  it('counts the minute being played: 0:00 is the 1st, 30:59 the 31st, 31:00 the 32nd', () => {
    expect(label('first', 0, 0)).toBe("1'");
    expect(label('first', 0, 59)).toBe("1'");
    expect(label('first', 30, 59)).toBe("31'");
    expect(label('first', 31, 0)).toBe("32'");
  });

  it('puts time past 45 on 45 as added time, up to the whistle', () => {
    expect(label('first', 44, 59)).toBe("45'");
    expect(label('first', 45, 0)).toBe("45+1'");
    expect(label('first', 47, 30)).toBe("45+3'");
    expect(minuteOfPlay('first', 47 * 60 + 30)).toEqual({ minute: 45, added: 3 });
  });

  it('counts the second half from 46 and puts time past 90 on 90', () => {
    expect(label('second', 0, 0)).toBe("46'");
    expect(label('second', 36, 30)).toBe("82'");
    expect(label('second', 44, 59)).toBe("90'");
    expect(label('second', 45, 0)).toBe("90+1'");
    expect(label('second', 49, 59)).toBe("90+5'");
  });

  it('counts extra time from 91 and 106, with 105+n and 120+n', () => {
    expect(label('extraFirst', 0, 0)).toBe("91'");
    expect(label('extraFirst', 14, 59)).toBe("105'");
    expect(label('extraFirst', 15, 10)).toBe("105+1'");
    expect(label('extraSecond', 0, 0)).toBe("106'");
    expect(label('extraSecond', 14, 59)).toBe("120'");
    expect(label('extraSecond', 16, 0)).toBe("120+2'");
  });

  it('reads a span below zero, or no number at all, as the first minute', () => {
    expect(label('first', 0, -40)).toBe("1'");
    expect(minuteOfPlay('second', Number.NaN)).toEqual({ minute: 46, added: null });
  });

  it('gives the count without the split for ordering', () => {
    expect(elapsedMinute({ minute: 45, added: 2 })).toBe(47);
    expect(elapsedMinute({ minute: 31, added: null })).toBe(31);
  });
});

describe('an event’s stored minute', () => {
  it('shows as the clock would: 31, 45+2, and an added 0 as none', () => {
    expect(formatMinute(minuteOfEvent({ minute: 31, added_minute: null }))).toBe('31');
    expect(minuteLabel(minuteOfEvent({ minute: 45, added_minute: 2 }))).toBe("45+2'");
    expect(minuteLabel(minuteOfEvent({ minute: 90, added_minute: 0 }))).toBe("90'");
    expect(minuteLabel(minuteOfEvent({ minute: 12 }))).toBe("12'");
  });
});

describe('the running clock and an event at the same moment agree', () => {
  const KICK_OFF = 1_700_000_000;
  it.each([
    ['first', 2, 0, 0],
    ['first', 2, 30, 59],
    ['first', 2, 31, 0],
    ['first', 2, 46, 10],
    ['second', 4, 36, 30],
    ['second', 4, 47, 5],
  ] as const)('%s half at %i:%i:%i', (period, status, minutes, seconds) => {
    const played = minutes * 60 + seconds;
    const clock = footballClock({ status_id: status, kick_off_time: KICK_OFF }, KICK_OFF + played);
    expect(clock).toMatchObject({ kind: 'minute', text: formatMinute(minuteOfPlay(period, played)) });
  });

  it('half time and extra time show their label, not a minute', () => {
    expect(footballClock({ status_id: 3, kick_off_time: KICK_OFF }, KICK_OFF + 50 * 60)).toEqual({ kind: 'label', key: 'status.football.3' });
    expect(footballClock({ status_id: 5, kick_off_time: KICK_OFF }, KICK_OFF + 5 * 60)).toEqual({ kind: 'label', key: 'status.football.5' });
  });
});
