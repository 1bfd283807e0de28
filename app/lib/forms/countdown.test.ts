import { describe, expect, it } from 'vitest';
import { countdownEnd, RESEND_CODE_SECONDS, secondsLeft } from './countdown';

describe('send-code countdown', () => {
  it('counts whole seconds down to zero', () => {
    expect(secondsLeft(null, 1000)).toBe(0);
    expect(secondsLeft(61_000, 1_000)).toBe(60);
    expect(secondsLeft(61_000, 1_001)).toBe(60);
    expect(secondsLeft(61_000, 60_001)).toBe(1);
    expect(secondsLeft(61_000, 61_000)).toBe(0);
    expect(secondsLeft(61_000, 99_000)).toBe(0);
  });

  it('waits as long as the server says, 60 s when it says nothing sensible', () => {
    expect(RESEND_CODE_SECONDS).toBe(60);
    expect(countdownEnd(0, 45)).toBe(45_000);
    expect(countdownEnd(0, null)).toBe(60_000);
    expect(countdownEnd(0, 0)).toBe(60_000);
    expect(countdownEnd(0, Number.NaN)).toBe(60_000);
    expect(countdownEnd(0, 10 ** 9)).toBe(3_600_000);
  });
});
