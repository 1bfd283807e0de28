import type { Locale } from '../locale';
import { localizeStoredNumbers } from '../odds/format';
import { en } from './en';
import { tr, type MessageKey } from './tr';
import { zh } from './zh';

/**
 * The one message source of server and app (docs/decisions/060-error-model.md): every message
 * the API sends (errors, field messages, mails) and every message the app shows for them (form
 * validation, error notices). The server's translate() reads it; the app registers it as the
 * i18next namespace `messages`. Placeholders are i18next's `{{name}}` on both sides.
 */
export const MESSAGES: Record<Locale, Record<MessageKey, string>> = { tr, en, zh };

export type { MessageKey };

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(tr, value);
}

/** Receipts of settled plans and bets: their stored numbers (odds, lines) are written the reader's way. */
const RECEIPT_KEY = /^(odds|forecast|guessing)\.receipt\./;

/**
 * A message in the given language with its `{{name}}` placeholders filled; unknown names stay as
 * written. A receipt's numbers stored with a point ("−0.75", "1.38") get the language's decimal
 * sign (core/odds/format.ts: "−0,75", "1,38" in Turkish).
 */
export function formatMessage(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  const values = RECEIPT_KEY.test(key) ? localizeStoredNumbers(params, locale) : params;
  return MESSAGES[locale][key].replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  );
}
