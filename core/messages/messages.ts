import type { Locale } from '../locale';
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

/** A message in the given language with its `{{name}}` placeholders filled; unknown names stay as written. */
export function formatMessage(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  return MESSAGES[locale][key].replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : placeholder,
  );
}
