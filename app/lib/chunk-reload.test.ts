import { describe, expect, it } from 'vitest';
import { isChunkLoadError, shouldReloadAfterChunkError } from './chunk-reload';

describe('chunk load failures', () => {
  it('recognises the errors browsers raise when a lazy chunk is gone', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a-1.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
    expect(isChunkLoadError({ message: 'Failed to fetch dynamically imported module' })).toBe(false);
  });

  it('reloads once per path within 10 seconds', () => {
    expect(shouldReloadAfterChunkError({ lastReloadAt: null, now: 50_000 })).toBe(true);
    expect(shouldReloadAfterChunkError({ lastReloadAt: 45_000, now: 50_000 })).toBe(false);
    expect(shouldReloadAfterChunkError({ lastReloadAt: 40_000, now: 50_000 })).toBe(true);
  });
});
