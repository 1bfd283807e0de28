import type { MetaDescriptor } from 'react-router';
import { splitLocalePath, type Locale } from '../../core/locale';
import { getT } from '../i18n/i18n';
import { findRootDataInMatches } from './root-data';
import { seoMeta } from './seo';
import { rootTimeZone } from './time-zone';

/**
 * A score page's meta: title and description from the scores namespace in the page's locale,
 * with canonical and hreflang links (seoMeta).
 */
export function scoresMeta(options: {
  location: { pathname: string };
  /** the meta function's `matches` (only the root's data is read) */
  matches: readonly ({ id: string; data: unknown } | undefined)[];
  /** `timeZone`: the zone the page is rendered in, for texts that name a day or a time (decision 115) */
  title: (t: ReturnType<typeof getT>, locale: Locale, timeZone: string) => string;
  description: (t: ReturnType<typeof getT>, locale: Locale, timeZone: string) => string;
  extra?: (t: ReturnType<typeof getT>, locale: Locale) => MetaDescriptor[];
  noIndex?: boolean;
}): MetaDescriptor[] {
  const locale = splitLocalePath(options.location.pathname).locale;
  const t = getT(locale, 'scores');
  const root = findRootDataInMatches(options.matches as Parameters<typeof findRootDataInMatches>[0]);
  const origin = root?.requestOrigin ?? '';
  const timeZone = rootTimeZone(root, locale);
  return [
    ...seoMeta({
      title: options.title(t, locale, timeZone),
      description: options.description(t, locale, timeZone),
      pathname: options.location.pathname,
      origin,
      locale,
      noIndex: options.noIndex,
    }),
    ...(options.extra?.(t, locale) ?? []),
  ];
}
