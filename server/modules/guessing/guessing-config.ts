import { defineSettings, integerSetting, readSettings, type RawEnvironment } from '../../settings/module-settings';

/** The contest's environment variables (decision 078), declared by its module definition. */
export const guessingSettings = defineSettings({
  /** the most points one bet may stake */
  GUESSING_MAX_STAKE: integerSetting(1, 1_000_000_000, 10_000),
  /** the most points a fan may stake per Europe/Istanbul day */
  GUESSING_DAILY_CAP: integerSetting(1, 1_000_000_000, 50_000),
  /** hours after kick-off after which the bets on a match still postponed are voided */
  GUESSING_POSTPONED_VOID_HOURS: integerSetting(1, 8760, 48),
});

export function guessingConfigOf(environment: RawEnvironment): GuessingConfig {
  const settings = readSettings(guessingSettings, environment);
  return { maxStake: settings.GUESSING_MAX_STAKE, dailyCap: settings.GUESSING_DAILY_CAP, postponedVoidHours: settings.GUESSING_POSTPONED_VOID_HOURS };
}

/** The guessing contest's limits (decision 078). */
export interface GuessingConfig {
  /** the most points one bet may stake */
  maxStake: number;
  /** the most points one fan may stake per Europe/Istanbul day, all bets together */
  dailyCap: number;
  /** hours after its original kick-off after which a still-postponed match's legs are voided */
  postponedVoidHours: number;
}

/** The defaults: what an app built without variables (tests, benchmarks) uses. */
export const DEFAULT_GUESSING_CONFIG: GuessingConfig = guessingConfigOf({});
