import type { MetaDescriptor } from 'react-router';
import { splitLocalePath, type Locale } from '../../core/locale';
import { getT } from '../i18n/i18n';
import { findRootDataInMatches } from './root-data';
import { seoMeta } from './seo';

/**
 * A score page's meta: title and description from the scores namespace in the page's locale,
 * with canonical and hreflang links (seoMeta).
 */
export function scoresMeta(options: {
  location: { pathname: string };
  /** the meta function's `matches` (only the root's data is read) */
  matches: readonly ({ id: string; data: unknown } | undefined)[];
  title: (t: ReturnType<typeof getT>, locale: Locale) => string;
  description: (t: ReturnType<typeof getT>, locale: Locale) => string;
  extra?: (t: ReturnType<typeof getT>, locale: Locale) => MetaDescriptor[];
  noIndex?: boolean;
}): MetaDescriptor[] {
  const locale = splitLocalePath(options.location.pathname).locale;
  const t = getT(locale, 'scores');
  const origin = findRootDataInMatches(options.matches as Parameters<typeof findRootDataInMatches>[0])?.requestOrigin ?? '';
  return [
    ...seoMeta({
      title: options.title(t, locale),
      description: options.description(t, locale),
      pathname: options.location.pathname,
      origin,
      locale,
      noIndex: options.noIndex,
    }),
    ...(options.extra?.(t, locale) ?? []),
  ];
}
