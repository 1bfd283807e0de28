import { describe, expect, it } from 'vitest';
import { buildMetaPath, isBuildGone, isNewBuild } from './build-watch';

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

describe('the running build\'s meta file (section 7)', () => {
  it('is asked for by the build id, and only a 404 means the build is gone', () => {
    expect(buildMetaPath('a1b2c3')).toBe('/builds/meta/a1b2c3.json');
    expect(buildMetaPath('x/../y')).toBe('/builds/meta/x%2F..%2Fy.json');
    expect(isBuildGone(404)).toBe(true);
    for (const status of [200, 304, 500, 502, 503]) expect(isBuildGone(status)).toBe(false);
  });
});
