import { TIME } from './football-json';

/**
 * Local kick-off times to UTC. openfootball writes a league's matches in the league's own
 * clock ("20:00" at an English ground is 19:00 UTC in August and 20:00 in December), so the
 * importer needs the zone's offset on that day, summer time included. Intl knows the zones;
 * this only asks it for the offset.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Minutes `timeZone` is ahead of UTC at the instant `utcMs`. */
export function zoneOffsetMinutes(utcMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(utcMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60_000);
}

/**
 * The instant a wall-clock time in `timeZone` names. A time in the hour summer time skips or
 * repeats gets one of its possible readings (no match kicks off then).
 */
export function zonedTimeToUtc(local: { year: number; month: number; day: number; hour: number; minute: number }, timeZone: string): Date {
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  const first = zoneOffsetMinutes(wall, timeZone);
  const guess = wall - first * 60_000;
  const second = zoneOffsetMinutes(guess, timeZone);
  return new Date(second === first ? guess : wall - Math.max(first, second) * 60_000);
}

/** Unknown kick-off: noon local time keeps the match on its day in every zone from UTC−11 to UTC+11. */
export const UNKNOWN_KICK_OFF = { hour: 12, minute: 0 } as const;

/**
 * The kick-off of an openfootball match in UTC: `date` ("2023-08-11") and `time` ("20:00", or
 * "18:00 UTC+3" with its own offset, which wins over `timeZone`). Without a time, noon local.
 */
export function kickOffUtc(date: string, time: string | undefined, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const found = time === undefined ? null : TIME.exec(time);
  if (time !== undefined && !found) throw new Error(`unreadable time "${time}"`);
  const hour = found ? Number(found[1]) : UNKNOWN_KICK_OFF.hour;
  const minute = found ? Number(found[2]) : UNKNOWN_KICK_OFF.minute;
  if (found?.[3]) {
    const sign = found[3] === '-' ? -1 : 1;
    const offset = sign * (Number(found[4]) * 60 + Number(found[5] ?? 0));
    return new Date(Date.UTC(year, month - 1, day, hour, minute) - offset * 60_000);
  }
  return zonedTimeToUtc({ year, month, day, hour, minute }, timeZone);
}
