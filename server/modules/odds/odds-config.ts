/**
 * The bookmaker's margin the odds models price with (server/env.ts: ODDS_MARGIN); the default
 * here is the environment's default, for apps built without it (tests, benchmarks).
 */
export const DEFAULT_ODDS_MARGIN = 0.05;
