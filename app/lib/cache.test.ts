import { describe, expect, it } from 'vitest';
import { createCache } from './cache';

describe('createCache', () => {
  it('sets, gets, has and clears', () => {
    const cache = createCache<number>();
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    expect(cache.has('b')).toBe(true);
    expect(cache.has('c')).toBe(false);
    cache.clear('a');
    expect(cache.has('a')).toBe(false);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('forgets entries older than the time to live', () => {
    let now = 1000;
    const cache = createCache<string>({ ttlMs: 50, now: () => now });
    cache.set('k', 'v');
    now += 49;
    expect(cache.get('k')).toBe('v');
    now += 1;
    expect(cache.get('k')).toBeUndefined();
    expect(cache.has('k')).toBe(false);
  });

  it('drops the least recently written entry beyond maxEntries', () => {
    const cache = createCache<number>({ maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3);
    cache.set('c', 4);
    expect(cache.has('b')).toBe(false);
    expect(cache.get('a')).toBe(3);
    expect(cache.get('c')).toBe(4);
  });
});
