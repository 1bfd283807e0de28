import { createInstance, type i18n, type Resource, type ResourceLanguage, type TFunction } from 'i18next';
import type { UseTranslationOptions } from 'react-i18next';
import { LOCALES, type Locale } from '../../core/locale';
import { addTexts, findTexts, hasAllTexts, loadTexts } from './texts';

// One instance per locale, created once: its language never changes, so concurrent server
// renders in different languages cannot disturb each other.
const instances = new Map<Locale, i18n>();

/** The namespaces looked up while one server render runs, as `{language: [namespace…]}` keys. */
let recording: Set<string> | null = null;

/** Every locale with texts at hand: all of them on the server, in the browser the ones loaded. */
function resourcesAtHand(): Resource {
  const resources: Resource = {};
  for (const { code } of LOCALES) {
    const texts = findTexts(code);
    if (texts !== undefined) resources[code] = texts;
  }
  return resources;
}

/**
 * Notes each (language, namespace) a lookup reads while a recording runs (see
 * `recordNamespaces`). Every translation — `t`, `getFixedT`, `Trans`, `ns:key` — reads the
 * resource store, so this one place sees them all.
 */
function noteLookups(instance: i18n): void {
  const store = instance.services.resourceStore as unknown as {
    getResource: (lng: string, ns: string, ...rest: unknown[]) => unknown;
  };
  const getResource = store.getResource.bind(store);
  store.getResource = (lng, ns, ...rest) => {
    recording?.add(`${lng}\n${ns}`);
    return getResource(lng, ns, ...rest);
  };
}

/**
 * The i18next instance of a locale, ready to use (init is synchronous). Its texts must be at
 * hand: on the server they all are; in the browser entry.client.tsx adds the ones the page
 * carries before hydration, and the root clientLoader loads a whole locale before a navigation
 * that needs it (`loadLocale`).
 */
export function getI18n(locale: Locale): i18n {
  const existing = instances.get(locale);
  if (existing) return existing;
  const instance = createInstance();
  void instance.init({
    lng: locale,
    // The locales test keeps every key present in all three; English is the safety net.
    fallbackLng: 'en',
    resources: resourcesAtHand(),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    react: { useSuspense: false },
  });
  noteLookups(instance);
  instances.set(locale, instance);
  return instance;
}

/** A translate function outside components (meta functions, loaders). */
export function getT(locale: Locale, namespace: string): TFunction {
  return getI18n(locale).getFixedT(locale, namespace);
}

/** Gives texts to the instances made before they arrived. */
function shareTexts(locale: Locale, texts: ResourceLanguage): void {
  for (const instance of instances.values()) {
    for (const [namespace, bundle] of Object.entries(texts)) {
      if (!instance.hasResourceBundle(locale, namespace)) instance.addResourceBundle(locale, namespace, bundle);
    }
  }
}

/** Adds texts a page carried (`{language: {namespace: bundle}}`, see inline-texts.tsx). */
export function addPageTexts(resources: Resource): void {
  for (const { code } of LOCALES) {
    const texts = resources[code];
    if (texts === undefined) continue;
    addTexts(code, texts);
    shareTexts(code, texts);
  }
}

/** Whether every namespace of a locale is at hand (always on the server). */
export function hasLocale(locale: Locale): boolean {
  return hasAllTexts(locale);
}

/** Loads every namespace of a locale (a chunk in the browser). */
export async function loadLocale(locale: Locale): Promise<void> {
  shareTexts(locale, await loadTexts(locale));
}

/**
 * Starts noting which namespaces the translations read, until `takeRecordedTexts`. A server
 * render of the document runs in one synchronous pass (the app has no Suspense boundary on the
 * server), so nothing of another request comes between the two calls.
 */
export function recordNamespaces(): void {
  recording = new Set();
}

/** Stops the recording and returns the texts it read, `{language: {namespace: bundle}}`. */
export function takeRecordedTexts(): Resource {
  const noted = recording ?? new Set<string>();
  recording = null;
  const resources: Resource = {};
  for (const entry of [...noted].sort()) {
    const [lng, ns] = entry.split('\n') as [string, string];
    const bundle = LOCALES.some((l) => l.code === lng) ? findTexts(lng as Locale)?.[ns] : undefined;
    if (bundle === undefined) continue;
    resources[lng] ??= {};
    resources[lng][ns] = bundle;
  }
  return resources;
}

/**
 * useTranslation options for parts mounted only after hydration (pop-ups, notices): the page may
 * not carry their namespace, whose texts then arrive with the locale's chunk a moment later.
 * Re-rendering on the store's `added` event shows them instead of the keys. react-i18next reads
 * `bindI18nStore` from the hook's options at run time; its types list it only as a global option.
 */
export const FOLLOW_ADDED_TEXTS = { bindI18nStore: 'added' } as UseTranslationOptions<undefined>;
