import { describe, expect, it } from 'vitest';
import { isNewBuild } from './build-watch';

describe('isNewBuild', () => {
  it('is true only when the server names another build', () => {
    expect(isNewBuild('b1', { buildId: 'b2' })).toBe(true);
    expect(isNewBuild('b1', { buildId: 'b1' })).toBe(false);
  });

  it('ignores answers it cannot read and pages that do not know their own build', () => {
    expect(isNewBuild('b1', null)).toBe(false);
    expect(isNewBuild('b1', { buildId: 7 })).toBe(false);
    expect(isNewBuild('b1', { buildId: '' })).toBe(false);
    expect(isNewBuild('', { buildId: 'b2' })).toBe(false);
  });
});
