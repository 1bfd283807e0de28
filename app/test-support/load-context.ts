import type { MatchCentreReadServices, MatchReadServices, ServerLoadContext } from '../../core/contracts/services';

/**
 * A load context for loader tests: the services answer what the test gives them and record
 * what they were asked. Anything a test does not give fails loudly when called.
 */
export function loadContext(parts: { matches?: Partial<MatchReadServices>; matchCentre?: Partial<MatchCentreReadServices> }): {
  context: ServerLoadContext;
  calls: string[];
} {
  const calls: string[] = [];
  const record = <T extends object>(name: string, given: Partial<T>): T =>
    new Proxy(given, {
      get(target, key: string) {
        const fn = (target as Record<string, unknown>)[key];
        return (...args: unknown[]) => {
          calls.push(`${name}.${key}`);
          if (typeof fn !== 'function') throw new Error(`${name}.${key} was not expected in this test`);
          return (fn as (...a: unknown[]) => unknown)(...args);
        };
      },
    }) as T;
  return {
    calls,
    context: {
      matches: record<MatchReadServices>('matches', parts.matches ?? {}),
      matchCentre: record<MatchCentreReadServices>('matchCentre', parts.matchCentre ?? {}),
      config: { brokerWsUrl: null, buildId: 'test', appStore: { enabled: false, iosUrl: '', androidUrl: '' } },
      currentUser: null,
    },
  };
}
