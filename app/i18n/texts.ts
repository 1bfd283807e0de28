import type { ResourceLanguage } from 'i18next';
import type { Locale } from '../../core/locale';
import en from './texts/en';
import tr from './texts/tr';
import zh from './texts/zh';

/**
 * The texts of every locale, bundled: what the server render and the unit tests use, so a render
 * in any language is synchronous. The browser build swaps this module for ./texts.browser.ts
 * (vite.config.ts), which starts from the texts the page carries and loads a locale's chunk on
 * demand (docs/decisions/084-first-load-javascript.md).
 */
const TEXTS: Record<Locale, ResourceLanguage> = { tr, en, zh };

/** The texts of a locale that are at hand (here: all of them). */
export function findTexts(locale: Locale): ResourceLanguage | undefined {
  return TEXTS[locale];
}

/** Whether every namespace of a locale is at hand (here: always). */
export function hasAllTexts(_locale: Locale): boolean {
  return true;
}

/** Adds texts the page brought along (here: nothing to add). */
export function addTexts(_locale: Locale, _texts: ResourceLanguage): void {}

/** Loads every namespace of a locale (here: already loaded). */
export function loadTexts(locale: Locale): Promise<ResourceLanguage> {
  return Promise.resolve(TEXTS[locale]);
}
