import type { Sport } from '../contracts/matches';
import type { Market, Period, Pick } from '../contracts/odds';

/**
 * The tamper-evident record of a plan (issue 12). When a plan is published the server builds
 * its canonical content, draws a fresh salt and stores `planFingerprint(canonical, salt)`; the
 * fingerprint is public from the first second, the salt and the canonical text only once the
 * plan has settled. Anyone can then recompute the hash — in the browser with the same code, via
 * Web Crypto — and see that the pick was not changed after the match.
 *
 * The salt is what keeps the fingerprint from leaking the pick: without it, the few possible
 * picks of a market could be hashed and compared before kick-off.
 *
 * Everything here is deterministic and engine-independent: the same content gives the same text
 * and the same hash in Node and in any browser.
 */

/** Version tag of the canonical text; a new format gets a new tag, old plans keep verifying with theirs. */
export const PLAN_CANONICAL_VERSION = 'tribun-plan-v1';

/**
 * What a fingerprint covers. `planId` is deliberately not part of it (typed `never`): the id is
 * assigned by the database after the fingerprint is taken, and the content, not its row number,
 * is what must not change.
 */
export interface PlanFingerprintContent {
  planId?: never;
  tipsterId: number;
  matchId: number;
  sport: Sport;
  market: Market;
  period: Period;
  pick: Pick;
  /** handicap of the picked side or the total; null for 1x2. Quarter-exact (a multiple of 0.25). */
  line: number | null;
  /** the fixed decimal odds exactly as stored: at most 3 decimals */
  odds: number;
  description: string;
  /** points to view; 0 for a free plan */
  price: number;
  /** ISO time the server recorded the plan, as stored (the server passes `Date#toISOString()`) */
  publishedAt: string;
}

/** Alphabetical: the canonical key order is a property of this list, not of the caller's object. */
const CANONICAL_KEYS = [
  'description',
  'line',
  'market',
  'matchId',
  'odds',
  'period',
  'pick',
  'price',
  'publishedAt',
  'sport',
  'tipsterId',
] as const satisfies readonly Exclude<keyof PlanFingerprintContent, 'planId'>[];

/**
 * The canonical text of a plan's content: `tribun-plan-v1\n` followed by one line of JSON with
 * the keys in alphabetical order and no whitespace. Keys the caller's object carries beyond
 * `PlanFingerprintContent` are ignored, so the text never depends on what else a row holds.
 *
 * - Strings are NFC-normalised, so "é" typed as one code point or as e + combining accent is
 *   the same content. JSON.stringify escapes quotes, backslashes, control characters and lone
 *   surrogates the same way in every engine (ES2019 well-formed JSON.stringify).
 * - Numbers are written by JSON.stringify (ECMAScript Number::toString, the shortest text that
 *   reads back as the same double), identical in every engine. No rounding happens here: the
 *   caller passes the values as stored. Odds are stored with at most 3 decimals and lines are
 *   multiples of 0.25, so a value that is not exactly that would fingerprint a number the
 *   database cannot hold, and the proof would fail later; it is refused now with a RangeError
 *   (likewise non-integer ids and price, and non-finite numbers, which JSON would write as null).
 */
export function canonicalPlanContent(content: PlanFingerprintContent): string {
  assertInteger('tipsterId', content.tipsterId);
  assertInteger('matchId', content.matchId);
  assertInteger('price', content.price);
  assertDecimals('odds', content.odds, 1000);
  if (content.line !== null) assertDecimals('line', content.line, 4);

  const ordered: Record<string, string | number | null> = {};
  for (const key of CANONICAL_KEYS) {
    const value = content[key];
    ordered[key] = typeof value === 'string' ? value.normalize('NFC') : value;
  }
  return `${PLAN_CANONICAL_VERSION}\n${JSON.stringify(ordered)}`;
}

/**
 * The exact text that is hashed: `${salt}\n${canonical}`. The salt is hex (`newSalt`), so the
 * first line break always ends it and the join is unambiguous; a salt that is empty or holds a
 * line break is refused.
 */
export function fingerprintInput(canonical: string, salt: string): string {
  if (salt.length === 0 || salt.includes('\n')) throw new RangeError('fingerprint salt must be non-empty and on one line');
  return `${salt}\n${canonical}`;
}

/**
 * Lower-case hex SHA-256 of the UTF-8 bytes of `text`, through Web Crypto so the same function
 * runs on the server (Node 20 has `globalThis.crypto`) and behind the browser's "verify" button.
 * A lone surrogate would be encoded as U+FFFD; canonical texts never hold one (JSON escapes it).
 */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return toHex(new Uint8Array(digest));
}

/** The public fingerprint of a plan: `sha256Hex(fingerprintInput(canonical, salt))`. */
export async function planFingerprint(canonical: string, salt: string): Promise<string> {
  return sha256Hex(fingerprintInput(canonical, salt));
}

const SALT_BYTES = 32;

/** A fresh salt: 32 random bytes from the platform's cryptographic generator, as 64 hex characters. */
export function newSalt(): string {
  return toHex(globalThis.crypto.getRandomValues(new Uint8Array(SALT_BYTES)));
}

function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

function assertInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be an integer, got ${value}`);
}

/** `value` must be a whole number of 1/`scale` steps (odds: thousandths, lines: quarters). */
function assertDecimals(name: string, value: number, scale: number): void {
  if (!Number.isFinite(value) || Math.round(value * scale) / scale !== value) {
    throw new RangeError(`${name} must be a finite multiple of 1/${scale}, got ${value}`);
  }
}
