import { z } from 'zod';
import { defineSettings, readSettings, withDefault, type RawEnvironment } from '../../settings/module-settings';

const MARGIN_MESSAGE = 'must be a number between 0 and 0.25';

/** The odds models' environment variable, declared by their module definition. */
export const oddsSettings = defineSettings({
  /** the house margin of the shared odds model (0.05 = 5%) */
  ODDS_MARGIN: withDefault(
    z.string().regex(/^\d+(\.\d+)?$/, MARGIN_MESSAGE).transform(Number).pipe(z.number().min(0, MARGIN_MESSAGE).max(0.25, MARGIN_MESSAGE)),
    '0.05',
  ),
});

export function oddsMarginOf(environment: RawEnvironment): number {
  return readSettings(oddsSettings, environment).ODDS_MARGIN;
}

/** The bookmaker's margin the odds models price with when ODDS_MARGIN is unset (tests, benchmarks). */
export const DEFAULT_ODDS_MARGIN = oddsMarginOf({});
