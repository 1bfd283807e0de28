import type { ResourceLanguage } from 'i18next';

/** The i18next namespace of core/messages: `t('messages:account.email.required')`. */
export const MESSAGES_NAMESPACE = 'messages';

/**
 * One locale's texts as i18next resources: a namespace per app/locales/<locale>/<namespace>.json
 * and one per feature that keeps its own texts (app/features/<feature>/locales/<locale>.json,
 * the namespace named after the feature),
 * plus the one message source shared with the server (core/messages) as `messages` — API errors,
 * field rules, form validation. Its keys contain dots and are looked up as they are (i18next
 * finds flat keys).
 */
export function collectTexts(
  files: Record<string, { default: Record<string, unknown> }>,
  messages: Record<string, string>,
): ResourceLanguage {
  const texts: ResourceLanguage = {};
  for (const [file, module] of Object.entries(files)) {
    const namespace = /\/features\/([^/]+)\/locales\/[^/]+\.json$/.exec(file)?.[1] ?? /\/([^/]+)\.json$/.exec(file)?.[1];
    if (namespace !== undefined) texts[namespace] = module.default;
  }
  texts[MESSAGES_NAMESPACE] = messages;
  return texts;
}
