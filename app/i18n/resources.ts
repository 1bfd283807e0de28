import type { Resource, ResourceLanguage } from 'i18next';

// Every namespace of every locale is bundled: the texts are small, and a page that switches
// language on the client must render at once, without a loading state.
const modules = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });

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
  return { resources, namespaces: [...namespaces].sort() };
}

export const { resources, namespaces } = collect();
