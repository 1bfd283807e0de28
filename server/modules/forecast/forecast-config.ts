/**
 * The prediction centre's settings (server/env.ts: FORECAST_DAILY_LIMIT, FORECAST_SELLER_SHARE;
 * decision 074). The defaults here are the environment's defaults, for apps built without them
 * (tests, benchmarks); server/env.test.ts checks they agree.
 */
export interface ForecastConfig {
  /** plans one tipster may publish per Europe/Istanbul day */
  dailyLimit: number;
  /** percent (0–100) of an unlock's price credited to the tipster, rounded down; the house keeps the rest */
  sellerSharePercent: number;
}

export const DEFAULT_FORECAST_CONFIG: ForecastConfig = { dailyLimit: 5, sellerSharePercent: 70 };

/** The tipster's share of one unlock: floor(price × percent / 100). The house gets price − share. */
export function sellerShareOf(price: number, sellerSharePercent: number): number {
  return Math.floor((price * sellerSharePercent) / 100);
}
