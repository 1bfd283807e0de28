/** The guessing contest's limits (server/env.ts GUESSING_*, decision 078). */
export interface GuessingConfig {
  /** the most points one bet may stake */
  maxStake: number;
  /** the most points one fan may stake per Europe/Istanbul day, all bets together */
  dailyCap: number;
  /** hours after its original kick-off after which a still-postponed match's legs are voided */
  postponedVoidHours: number;
}

export const DEFAULT_GUESSING_CONFIG: GuessingConfig = { maxStake: 10_000, dailyCap: 50_000, postponedVoidHours: 48 };
