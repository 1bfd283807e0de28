import { describe, expect, it } from 'vitest';
import { CONTACT_SCROLL_PLAN, isContactHash, planContactScroll } from './contact-scroll';

describe('#contact scroll: 300 ms delay, then up to 5 retries at 500 ms', () => {
  it('uses the specification constants', () => {
    expect(CONTACT_SCROLL_PLAN).toEqual({ initialDelayMs: 300, retries: 5, retryIntervalMs: 500 });
  });

  it('plans one attempt after 300 ms and five retries 500 ms apart', () => {
    expect(planContactScroll()).toEqual([300, 500, 500, 500, 500, 500]);
  });

  it('the last retry happens 2800 ms after the hash is seen', () => {
    expect(planContactScroll().reduce((a, b) => a + b, 0)).toBe(2800);
  });

  it('a plan without retries is a single attempt', () => {
    expect(planContactScroll({ initialDelayMs: 300, retries: 0, retryIntervalMs: 500 })).toEqual([300]);
    expect(planContactScroll({ initialDelayMs: 0, retries: -1, retryIntervalMs: 500 })).toEqual([0]);
  });

  it.each([
    ['#contact', true],
    ['contact', true],
    ['#contacts', false],
    ['#about-us', false],
    ['', false],
  ])('hash %s triggers it: %s', (hash, expected) => {
    expect(isContactHash(hash)).toBe(expected);
  });
});
