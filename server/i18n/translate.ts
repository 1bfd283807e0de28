import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, isLocale } from '../../core/locale';
import { MESSAGES, type ApiLocale, type MessageKey } from './messages';

/** A message in the given language, with `{name}` placeholders filled in. */
export function translate(locale: ApiLocale, key: MessageKey, params: Record<string, string | number> = {}): string {
  return MESSAGES[locale][key].replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in params ? String(params[name]) : placeholder,
  );
}

/** The request's `Language` header (tr, en, zh); Turkish when absent or unknown. */
export function requestLocale(request: Pick<FastifyRequest, 'headers'>): ApiLocale {
  const header = request.headers.language;
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  return isLocale(value) ? value : DEFAULT_LOCALE;
}
