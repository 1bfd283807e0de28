import type { ResourceLanguage } from 'i18next';
import type { Locale } from '../../core/locale';
import type * as Bundled from './texts';

/**
 * The browser's texts (docs/decisions/084-first-load-javascript.md): the page carries the
 * namespaces its server render used (inline-texts.tsx); every namespace of a locale comes as one
 * chunk, loaded after hydration for the page's locale and before a navigation into another one
 * (the root clientLoader). vite.config.ts puts this module in place of ./texts.ts in the browser.
 */
const CHUNKS: Record<Locale, () => Promise<{ default: ResourceLanguage }>> = {
  tr: () => import('./texts/tr'),
  en: () => import('./texts/en'),
  zh: () => import('./texts/zh'),
};

const texts = new Map<Locale, ResourceLanguage>();
const complete = new Set<Locale>();
const loading = new Map<Locale, Promise<ResourceLanguage>>();

export function findTexts(locale: Locale): ResourceLanguage | undefined {
  return texts.get(locale);
}

export function hasAllTexts(locale: Locale): boolean {
  return complete.has(locale);
}

export function addTexts(locale: Locale, added: ResourceLanguage): void {
  texts.set(locale, { ...texts.get(locale), ...added });
}

export function loadTexts(locale: Locale): Promise<ResourceLanguage> {
  if (complete.has(locale)) return Promise.resolve(texts.get(locale) ?? {});
  let pending = loading.get(locale);
  if (pending === undefined) {
    pending = CHUNKS[locale]().then(
      (module) => {
        addTexts(locale, module.default);
        complete.add(locale);
        loading.delete(locale);
        return module.default;
      },
      (error: unknown) => {
        // A failed chunk (a new deployment, a lost connection) may be asked for again.
        loading.delete(locale);
        throw error;
      },
    );
    loading.set(locale, pending);
  }
  return pending;
}

// Both modules answer the same calls.
const SAME_API: Pick<typeof Bundled, 'findTexts' | 'hasAllTexts' | 'addTexts' | 'loadTexts'> = { findTexts, hasAllTexts, addTexts, loadTexts };
void SAME_API;
