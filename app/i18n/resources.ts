import type { Resource, ResourceLanguage } from 'i18next';
import { MESSAGES } from '../../core/messages/messages';

// Every namespace of every locale is bundled: the texts are small, and a page that switches
// language on the client must render at once, without a loading state.
const modules = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });

/** The i18next namespace of core/messages: `t('messages:account.email.required')`. */
export const MESSAGES_NAMESPACE = 'messages';

function collect(): { resources: Resource; namespaces: string[] } {
  const resources: Record<string, ResourceLanguage> = {};
  const namespaces = new Set<string>();
  for (const [file, module] of Object.entries(modules)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (match === null) continue;
    const [, locale, namespace] = match as unknown as [string, string, string];
    resources[locale] ??= {};
    resources[locale][namespace] = module.default;
    namespaces.add(namespace);
  }
  // The one message source shared with the server (core/messages): API errors, field rules,
  // form validation. Its keys contain dots and are looked up as they are (i18next finds flat keys).
  for (const [locale, messages] of Object.entries(MESSAGES)) {
    resources[locale] ??= {};
    resources[locale][MESSAGES_NAMESPACE] = messages;
  }
  namespaces.add(MESSAGES_NAMESPACE);
  return { resources, namespaces: [...namespaces].sort() };
}

export const { resources, namespaces } = collect();
