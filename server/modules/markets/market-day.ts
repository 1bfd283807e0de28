/**
 * The day a daily limit counts (plans a tipster publishes, points a fan stakes) is the Turkish
 * calendar day: the site's home audience, and the day a reader in Turkey calls "today" (decision 074). Europe/Istanbul has kept UTC+3 all year
 * since 2016; the offset is still read from the time-zone database, not assumed.
 */
export const MARKET_DAY_TIME_ZONE = 'Europe/Istanbul';

const dayParts = new Intl.DateTimeFormat('en-US', {
  timeZone: MARKET_DAY_TIME_ZONE,
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
export function marketDayBounds(now: Date): { start: Date; end: Date } {
  const instant = Math.floor(now.getTime() / 1000) * 1000;
  const wall = wallClockMs(instant);
  const midnightWall = wall - (wall % 86_400_000);
  const nextMidnightWall = midnightWall + 86_400_000;
  // The offset at the midnights themselves, so a zone that changes its clocks that day still counts right.
  const toInstant = (wallMs: number) => wallMs - (wallClockMs(wallMs - (wall - instant)) - (wallMs - (wall - instant)));
  return { start: new Date(toInstant(midnightWall)), end: new Date(toInstant(nextMidnightWall)) };
}
