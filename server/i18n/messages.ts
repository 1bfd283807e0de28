import { LOCALES, type Locale } from '../../core/locale';

/**
 * The server's names for the one message source, which lives in core/messages (shared with the
 * app; docs/decisions/060-error-model.md). No message text is written here.
 */
export { MESSAGES, isMessageKey, type MessageKey } from '../../core/messages/messages';

export type ApiLocale = Locale;
export const API_LOCALES: readonly ApiLocale[] = LOCALES.map((locale) => locale.code);
