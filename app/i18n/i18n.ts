import { createInstance, type i18n, type TFunction } from 'i18next';
import type { Locale } from '../../core/locale';
import { namespaces, resources } from './resources';

// One instance per locale, created once: its language never changes, so concurrent server
// renders in different languages cannot disturb each other.
const instances = new Map<Locale, i18n>();

/** The i18next instance of a locale, ready to use (resources are bundled, init is synchronous). */
export function getI18n(locale: Locale): i18n {
  const existing = instances.get(locale);
  if (existing) return existing;
  const instance = createInstance();
  void instance.init({
    lng: locale,
    // The locales test keeps every key present in all three; English is the safety net.
    fallbackLng: 'en',
    resources,
    ns: namespaces,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    react: { useSuspense: false },
  });
  instances.set(locale, instance);
  return instance;
}

/** A translate function outside components (meta functions, loaders). */
export function getT(locale: Locale, namespace: string): TFunction {
  return getI18n(locale).getFixedT(locale, namespace);
}
