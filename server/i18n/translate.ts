import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../core/locale';
import { formatMessage, type MessageKey } from '../../core/messages/messages';

/** A message of the one message source (core/messages) in the given language, `{{name}}` placeholders filled in. */
export function translate(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  return formatMessage(locale, key, params);
}

/** The request's `Language` header (tr, en, zh); Turkish when absent or unknown. */
export function requestLocale(request: Pick<FastifyRequest, 'headers'>): Locale {
  const header = request.headers.language;
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  return isLocale(value) ? value : DEFAULT_LOCALE;
}
