/**
 * The prediction centre's settings (server/env.ts: FORECAST_DAILY_LIMIT, FORECAST_SELLER_SHARE,
 * ODDS_MARGIN; decision 074). The defaults here are the environment's defaults, for apps built
 * without them (tests, benchmarks); server/env.test.ts checks they agree.
 */
export interface ForecastConfig {
  /** plans one tipster may publish per Europe/Istanbul day */
  dailyLimit: number;
  /** percent (0–100) of an unlock's price credited to the tipster, rounded down; the house keeps the rest */
  sellerSharePercent: number;
}

export const DEFAULT_FORECAST_CONFIG: ForecastConfig = { dailyLimit: 5, sellerSharePercent: 70 };
export const DEFAULT_ODDS_MARGIN = 0.05;

/**
 * The day the daily limit counts is the Turkish calendar day: the site's home audience, and the
 * day a reader in Turkey calls "today" (decision 074). Europe/Istanbul has kept UTC+3 all year
 * since 2016; the offset is still read from the time-zone database, not assumed.
 */
export const FORECAST_DAY_TIME_ZONE = 'Europe/Istanbul';

/** The tipster's share of one unlock: floor(price × percent / 100). The house gets price − share. */
export function sellerShareOf(price: number, sellerSharePercent: number): number {
  return Math.floor((price * sellerSharePercent) / 100);
}

const dayParts = new Intl.DateTimeFormat('en-US', {
  timeZone: FORECAST_DAY_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

/** The zone's wall-clock time at `instant`, read as if it were UTC, in milliseconds. */
function wallClockMs(instant: number): number {
  const parts = Object.fromEntries(dayParts.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

/** [start, end) of the Europe/Istanbul day that holds `now`, as instants. */
export function forecastDayBounds(now: Date): { start: Date; end: Date } {
  const instant = Math.floor(now.getTime() / 1000) * 1000;
  const wall = wallClockMs(instant);
  const midnightWall = wall - (wall % 86_400_000);
  const nextMidnightWall = midnightWall + 86_400_000;
  // The offset at the midnights themselves, so a zone that changes its clocks that day still counts right.
  const toInstant = (wallMs: number) => wallMs - (wallClockMs(wallMs - (wall - instant)) - (wallMs - (wall - instant)));
  return { start: new Date(toInstant(midnightWall)), end: new Date(toInstant(nextMidnightWall)) };
}
