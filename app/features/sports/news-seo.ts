import type { MetaDescriptor } from 'react-router';
import type { NewsArticle } from '../../../core/contracts/news';
import { LOCALES, localizePath, type Locale } from '../../../core/locale';
import { SITE_NAME } from '../../lib/seo';
import { largeCoverKey } from '../../lib/news';

function absolute(origin: string, path: string): string {
  return `${origin.replace(/\/+$/, '')}${path}`;
}

function isoOf(locale: Locale): string {
  return LOCALES.find((l) => l.code === locale)?.iso ?? 'tr-TR';
}

/** The language versions of an article: one alternate per language it is written in, and x-default (Turkish when written in it, else the first). */
export function articleAlternates(article: Pick<NewsArticle, 'path' | 'locales'>, origin: string): { hreflang: string; href: string }[] {
  const links = article.locales.map((locale) => ({ hreflang: locale as string, href: absolute(origin, localizePath(article.path, locale)) }));
  const fallback = article.locales.includes('tr') ? 'tr' : article.locales[0];
  if (fallback) links.push({ hreflang: 'x-default', href: absolute(origin, localizePath(article.path, fallback)) });
  return links;
}

/** schema.org NewsArticle of an article page, as Google documents it for articles. */
export function newsArticleJsonLd(article: NewsArticle, origin: string): Record<string, unknown> {
  const url = absolute(origin, localizePath(article.path, article.locale));
  const cover = largeCoverKey(article.cover_keys);
  const publisher = { '@type': 'Organization', name: SITE_NAME, url: absolute(origin, '/') };
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title.slice(0, 110),
    description: article.summary,
    datePublished: article.released_at,
    dateModified: article.modified_at,
    inLanguage: isoOf(article.locale),
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    ...(cover ? { image: [absolute(origin, `/files/${cover}`)] } : {}),
    author: { '@type': 'Organization', name: `${SITE_NAME}`, url: absolute(origin, '/') },
    publisher,
    articleSection: article.type,
    about: article.tags.map((tag) => ({ '@type': tag.type === 'team' ? 'SportsTeam' : tag.type === 'match' ? 'SportsEvent' : 'SportsOrganization', name: tag.name })),
  };
}

/** The article page's meta: title, description, canonical, hreflang of its versions, Open Graph article tags and the NewsArticle data. */
export function articleMeta(article: NewsArticle, origin: string): MetaDescriptor[] {
  const title = `${article.title} | ${SITE_NAME}`;
  const canonical = absolute(origin, localizePath(article.path, article.locale));
  const cover = largeCoverKey(article.cover_keys);
  const descriptors: MetaDescriptor[] = [
    { title },
    { name: 'description', content: article.summary },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:type', content: 'article' },
    { property: 'og:title', content: article.title },
    { property: 'og:description', content: article.summary },
    { property: 'og:url', content: canonical },
    { property: 'og:locale', content: isoOf(article.locale).replace('-', '_') },
    { property: 'article:published_time', content: article.released_at },
    { property: 'article:modified_time', content: article.modified_at },
    { name: 'twitter:card', content: cover ? 'summary_large_image' : 'summary' },
  ];
  for (const locale of article.locales) {
    if (locale !== article.locale) descriptors.push({ property: 'og:locale:alternate', content: isoOf(locale).replace('-', '_') });
  }
  if (cover) descriptors.push({ property: 'og:image', content: absolute(origin, `/files/${cover}`) });
  for (const tag of article.tags) descriptors.push({ property: 'article:tag', content: tag.name });
  for (const link of articleAlternates(article, origin)) descriptors.push({ tagName: 'link', rel: 'alternate', hrefLang: link.hreflang, href: link.href });
  descriptors.push({ 'script:ld+json': newsArticleJsonLd(article, origin) });
  return descriptors;
}
