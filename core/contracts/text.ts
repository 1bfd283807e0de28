import { z } from 'zod';

/**
 * Every text a client sends is built from these two, so one rule refuses control characters
 * everywhere (issue 11, finding 5): a NUL reaching PostgreSQL is an `invalid byte sequence`
 * error (a 500), and other control characters corrupt logs, mails and pages. Refused: the C0
 * controls U+0000–U+001F, DEL U+007F and the C1 controls U+0080–U+009F; a multi-line text keeps
 * tab, line feed and carriage return. The field answers 400 VALIDATION with
 * CONTROL_CHARACTERS_MESSAGE, checked before the field's own rules.
 */
export const CONTROL_CHARACTERS_MESSAGE = 'api.validation.controlCharacters';

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** Whether `value` holds a character a text field refuses (tab and line breaks allowed when `multiLine`). */
export function hasControlCharacters(value: string, options: { multiLine?: boolean } = {}): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code <= 0x1f) {
      if (options.multiLine && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)) continue;
      return true;
    }
    if (code >= 0x7f && code <= 0x9f) return true;
  }
  return false;
}

type StringParams = Parameters<typeof z.string>[0];

/** A one-line text of a request (names, search words, notes in a single field): no control characters at all. */
export function singleLineText(params?: StringParams) {
  return z.string(params).refine((value) => !hasControlCharacters(value), { error: CONTROL_CHARACTERS_MESSAGE, abort: true });
}

/** A text of a request that may span lines (an address): tab, \n and \r allowed, other control characters not. */
export function multiLineText(params?: StringParams) {
  return z
    .string(params)
    .refine((value) => !hasControlCharacters(value, { multiLine: true }), { error: CONTROL_CHARACTERS_MESSAGE, abort: true });
}
