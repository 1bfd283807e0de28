import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { localizePath, splitLocalePath, type Locale } from '../../core/locale';

/** The reader's locale, from the URL prefix (none = Turkish, /en, /zh). */
export function useLocale(): Locale {
  const { pathname } = useLocation();
  return splitLocalePath(pathname).locale;
}

/** A function that puts a path ('/football') into the reader's locale ('/en/football'). */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}

/** The page's language, from the locale prefix of the requested URL (loaders run on the server). */
export function loaderLocale(request: Request): Locale {
  return splitLocalePath(new URL(request.url).pathname).locale;
}
