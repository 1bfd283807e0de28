import type { MetaDescriptor } from 'react-router';
import { alternateLinks, canonicalUrl, LOCALES, type Locale } from '../../core/locale';

export const SITE_NAME = 'Tribün';

function isoOf(locale: Locale): string {
  return LOCALES.find((l) => l.code === locale)?.iso ?? 'tr-TR';
}

/**
 * `meta` descriptors of a page: title (with the site name), description, canonical link,
 * hreflang alternates for tr, en, zh and x-default, and the Open Graph basics.
 */
export function seoMeta(options: {
  title: string;
  description: string;
  pathname: string;
  origin: string;
  locale: Locale;
  /** pages that must not be indexed (not found, sign-in) */
  noIndex?: boolean;
}): MetaDescriptor[] {
  // A title that already names the site ("About Tribün") is not suffixed a second time.
  const title = options.title.includes(SITE_NAME) ? options.title : `${options.title} | ${SITE_NAME}`;
  const canonical = canonicalUrl(options.pathname, options.origin);
  const descriptors: MetaDescriptor[] = [
    { title },
    { name: 'description', content: options.description },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:title', content: title },
    { property: 'og:description', content: options.description },
    { property: 'og:type', content: 'website' },
    { property: 'og:locale', content: isoOf(options.locale).replace('-', '_') },
  ];
  if (options.noIndex) {
    descriptors.push({ name: 'robots', content: 'noindex' });
    return descriptors;
  }
  descriptors.push({ property: 'og:url', content: canonical }, { tagName: 'link', rel: 'canonical', href: canonical });
  for (const link of alternateLinks(options.pathname, options.origin)) {
    descriptors.push({ tagName: 'link', rel: 'alternate', hrefLang: link.hreflang, href: link.href });
  }
  return descriptors;
}
