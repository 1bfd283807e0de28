import type { Locale } from './locale';

/**
 * The reader's time zone (docs/decisions/115-reader-time-zone.md). The browser writes its own
 * zone into this cookie; the server renders every time and day in it from the first byte.
 */
export const TIME_ZONE_COOKIE = 'tribun_tz';
export const TIME_ZONE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** Until the browser has said its zone: each language's usual one. */
export const DEFAULT_TIME_ZONES: Readonly<Record<Locale, string>> = {
  tr: 'Europe/Istanbul',
  en: 'Europe/London',
  zh: 'Asia/Shanghai',
};

/** What an IANA zone name looks like: `Area/Location[/More]`, `UTC`, `Etc/GMT+5`. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]{0,30}(?:\/[A-Za-z0-9_+-]{1,30}){0,2}$/;
const MAX_ZONE_LENGTH = 64;

let supported: ReadonlySet<string> | null = null;
/**
 * Names the runtime resolved to a zone of the list (Asia/Kolkata → Asia/Calcutta). The runtime
 * also takes any letter case, so the set a client can make up is large: it is bounded.
 */
const MAX_ALIASES = 512;
const aliases = new Map<string, string>();

function supportedZones(): ReadonlySet<string> {
  // The runtime's own list; it leaves out UTC, which every browser in UTC reports.
  supported ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return supported;
}

/**
 * A zone the server may render in, or null. Valid means one of `Intl.supportedValuesOf('timeZone')`
 * (or UTC). A browser may report a newer name for a zone the server's list knows by an older
 * one (Europe/Kyiv, Asia/Kolkata): a well-formed name the runtime resolves to a listed zone
 * gives that zone. Anything else — too long, odd characters, unknown — is null and is never
 * echoed anywhere.
 */
export function parseTimeZone(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_ZONE_LENGTH || !ZONE_NAME.test(value)) return null;
  const zones = supportedZones();
  if (zones.has(value)) return value;
  const known = aliases.get(value);
  if (known !== undefined) return known;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  if (!zones.has(resolved)) return null;
  if (aliases.size >= MAX_ALIASES) aliases.clear();
  aliases.set(value, resolved);
  return resolved;
}

/** The zone a page renders in: the cookie's valid zone, else the language's usual one. */
export function readerTimeZone(cookieZone: string | null, locale: Locale): string {
  return cookieZone ?? DEFAULT_TIME_ZONES[locale];
}
