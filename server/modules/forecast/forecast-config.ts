import { defineSettings, integerSetting, readSettings, type RawEnvironment } from '../../settings/module-settings';

/** The prediction centre's environment variables (decision 074), declared by its module definition. */
export const forecastSettings = defineSettings({
  /** plans a tipster may publish per Europe/Istanbul day */
  FORECAST_DAILY_LIMIT: integerSetting(1, 1000, 5),
  /** percent of an unlock's price credited to the tipster; the rest goes to the house */
  FORECAST_SELLER_SHARE: integerSetting(0, 100, 70),
});

/** The prediction centre's settings from the variables (each default where unset). */
export function forecastConfigOf(environment: RawEnvironment): ForecastConfig {
  const settings = readSettings(forecastSettings, environment);
  return { dailyLimit: settings.FORECAST_DAILY_LIMIT, sellerSharePercent: settings.FORECAST_SELLER_SHARE };
}

/** The prediction centre's settings (decision 074). */
export interface ForecastConfig {
  /** plans one tipster may publish per Europe/Istanbul day */
  dailyLimit: number;
  /** percent (0–100) of an unlock's price credited to the tipster, rounded down; the house keeps the rest */
  sellerSharePercent: number;
}

/** The defaults: what an app built without variables (tests, benchmarks) uses. */
export const DEFAULT_FORECAST_CONFIG: ForecastConfig = forecastConfigOf({});

/** The tipster's share of one unlock: floor(price × percent / 100). The house gets price − share. */
export function sellerShareOf(price: number, sellerSharePercent: number): number {
  return Math.floor((price * sellerSharePercent) / 100);
}
