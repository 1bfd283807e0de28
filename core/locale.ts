/**
 * Locales and locale-prefixed paths (sections 1, 2, 7 and 9). Turkish is the default and has
 * no path prefix; English lives under /en and Chinese under /zh.
 *
 * Chinese is listed as Traditional Chinese (繁體中文) in the language choice while its iso is
 * zh-CN; the specification states both and we keep both rather than guess which one is meant.
 */
export const LOCALES = [
  { code: 'tr', name: 'Türkçe', iso: 'tr-TR' },
  { code: 'en', name: 'English', iso: 'en-US' },
  { code: 'zh', name: '繁體中文', iso: 'zh-CN' },
] as const;

export type Locale = (typeof LOCALES)[number]['code'];

export const DEFAULT_LOCALE: Locale = 'tr';

const LOCALE_CODES: readonly string[] = LOCALES.map((l) => l.code);

export function isLocale(x: unknown): x is Locale {
  return typeof x === 'string' && LOCALE_CODES.includes(x);
}

export interface LocalePath {
  locale: Locale;
  /** the path without its locale prefix, always starting with '/' */
  path: string;
  hadPrefix: boolean;
  /** the prefix that was stripped ('/en', '/tr', '/zh'), or null */
  prefix: string | null;
}

/**
 * Splits a pathname into its locale and the rest. A prefix counts only as the whole first
 * segment: '/en' and '/en/football' are English, '/english' and '/enx' are Turkish paths.
 * '/tr' is recognised (and stripped) even though Turkish URLs carry no prefix.
 */
export function splitLocalePath(pathname: string): LocalePath {
  const path = pathname.startsWith('/') ? pathname : `/${pathname}`;
  const match = /^\/(en|tr|zh)(?=\/|$)/.exec(path);
  if (match === null) return { locale: DEFAULT_LOCALE, path, hadPrefix: false, prefix: null };
  const locale = match[1] as Locale;
  const rest = path.slice(match[0].length);
  return { locale, path: rest === '' ? '/' : rest, hadPrefix: true, prefix: `/${locale}` };
}

/**
 * The path in a locale: Turkish unprefixed, others under /en or /zh. Any locale prefix already
 * on the path is replaced; a query or hash is kept.
 */
export function localizePath(path: string, locale: Locale): string {
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const suffix = cut === -1 ? '' : path.slice(cut);
  const bare = splitLocalePath(pathname).path;
  if (locale === DEFAULT_LOCALE) return `${bare}${suffix}`;
  return `${bare === '/' ? `/${locale}` : `/${locale}${bare}`}${suffix}`;
}

function trimTrailingSlash(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function absolute(origin: string, path: string): string {
  return `${origin.replace(/\/+$/, '')}${path}`;
}

/** The page's own URL, with the locale prefix of its language (none for Turkish, so /tr/x → /x). */
export function canonicalUrl(pathname: string, origin: string): string {
  const { locale, path } = splitLocalePath(pathname);
  return absolute(origin, localizePath(trimTrailingSlash(path), locale));
}

/**
 * hreflang alternates of a page: one per locale plus x-default pointing at Turkish, the
 * default. hreflang uses the bare language code: 'zh' rather than zh-CN, because the
 * language choice calls the Chinese version Traditional.
 */
export function alternateLinks(pathname: string, origin: string): { hreflang: string; href: string }[] {
  const path = trimTrailingSlash(splitLocalePath(pathname).path);
  const links = LOCALES.map((l) => ({ hreflang: l.code as string, href: absolute(origin, localizePath(path, l.code)) }));
  links.push({ hreflang: 'x-default', href: absolute(origin, localizePath(path, DEFAULT_LOCALE)) });
  return links;
}

/** 'en-US' → 'en', 'zh-Hant-TW' → 'zh'; null when the language is not one of ours. */
function localeOfTag(tag: string | null | undefined): Locale | null {
  if (typeof tag !== 'string') return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : null;
}

/**
 * The Language header of a request (section 7): the path prefix (en, tr or zh), else the
 * document's language, else Turkish.
 */
export function requestLanguage(options: { pathname: string; documentLang?: string | null }): Locale {
  const { locale, hadPrefix } = splitLocalePath(options.pathname);
  if (hadPrefix) return locale;
  return localeOfTag(options.documentLang) ?? DEFAULT_LOCALE;
}

/**
 * The best of our locales for an Accept-Language header, by q-value (ties keep header order),
 * or null when none is acceptable.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (typeof header !== 'string') return null;
  let best: { locale: Locale; q: number } | null = null;
  for (const part of header.split(',')) {
    const [tag, ...params] = part.split(';');
    const locale = localeOfTag(tag);
    if (locale === null) continue;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split('=');
      if (name?.trim() === 'q') q = Number(value);
    }
    if (!Number.isFinite(q) || q <= 0) continue;
    if (best === null || q > best.q) best = { locale, q };
  }
  return best?.locale ?? null;
}
