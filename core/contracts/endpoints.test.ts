import { describe, expect, it } from 'vitest';
import { collectionsEndpoints } from './collections';
import { endpointPath } from './endpoints';
import { pointsEndpoints } from './points';

describe('endpoint paths', () => {
  it('fills parameters, percent-encoded, and leaves paths without parameters as they are', () => {
    expect(endpointPath(collectionsEndpoints.addMatch.path, { sport: 'football' })).toBe('/api/football/collectAdd');
    expect(endpointPath('/api/forecast/plan/:id/unlock', { id: 'a/b?c' })).toBe('/api/forecast/plan/a%2Fb%3Fc/unlock');
    expect(endpointPath(pointsEndpoints.records.path)).toBe('/api/points/records');
  });

  it('refuses a missing parameter instead of calling a wrong address', () => {
    expect(() => endpointPath(collectionsEndpoints.removeMatch.path, {})).toThrow(/parameter sport is missing/);
    expect(() => endpointPath('/api/team/:id', { id: '' })).toThrow(/parameter id is missing/);
  });
});
