import { alternateLinks, LOCALES, localizePath } from '../../../core/locale';

/** One page of the site in its Turkish (unprefixed) form, with when it last changed. */
export interface SitemapPage {
  path: string;
  lastModified?: Date;
  changeFrequency?: 'always' | 'hourly' | 'daily' | 'weekly' | 'monthly';
}

/** Pages every visitor may see, as the route config names them (the Turkish form). */
export const PUBLIC_PAGES: readonly SitemapPage[] = [
  { path: '/', changeFrequency: 'always' },
  { path: '/football', changeFrequency: 'always' },
  { path: '/basketball', changeFrequency: 'always' },
  { path: '/forecast', changeFrequency: 'daily' },
  { path: '/guessing', changeFrequency: 'daily' },
  { path: '/community/community', changeFrequency: 'daily' },
  { path: '/activity', changeFrequency: 'weekly' },
  { path: '/sports', changeFrequency: 'daily' },
  { path: '/about', changeFrequency: 'monthly' },
  { path: '/download-app', changeFrequency: 'monthly' },
  { path: '/help', changeFrequency: 'monthly' },
  { path: '/contact', changeFrequency: 'monthly' },
  { path: '/agreement', changeFrequency: 'monthly' },
  { path: '/privacy', changeFrequency: 'monthly' },
  { path: '/disclaimer', changeFrequency: 'monthly' },
];

/** Areas that are a reader's own, or staff tools, or sign-in forms: nothing for a search engine. */
const PRIVATE_PREFIXES = ['/api/', '/personal-center/', '/staff', '/login', '/register', '/forgot-password'];

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/**
 * The sitemap (sitemaps.org 0.9 with hreflang alternates): every page once per language, each
 * entry naming all its language versions and the x-default, as Google documents for
 * multilingual sites.
 */
export function buildSitemapXml(options: { origin: string; pages: readonly SitemapPage[] }): string {
  const origin = options.origin.replace(/\/+$/, '');
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const page of options.pages) {
    const alternates = alternateLinks(page.path, origin)
      .map((link) => `<xhtml:link rel="alternate" hreflang="${link.hreflang}" href="${escapeXml(link.href)}"/>`)
      .join('');
    for (const { code } of LOCALES) {
      const parts = [`<loc>${escapeXml(origin + localizePath(page.path, code))}</loc>`];
      if (page.lastModified) parts.push(`<lastmod>${page.lastModified.toISOString()}</lastmod>`);
      if (page.changeFrequency) parts.push(`<changefreq>${page.changeFrequency}</changefreq>`);
      lines.push(`<url>${parts.join('')}${alternates}</url>`);
    }
  }
  lines.push('</urlset>');
  return `${lines.join('\n')}\n`;
}

/** robots.txt: everything public may be crawled; private areas in every language may not. */
export function buildRobotsTxt(options: { origin: string }): string {
  const lines = ['User-agent: *', 'Allow: /'];
  for (const prefix of PRIVATE_PREFIXES) {
    if (prefix.startsWith('/api/')) {
      lines.push(`Disallow: ${prefix}`);
      continue;
    }
    for (const { code } of LOCALES) lines.push(`Disallow: ${localizePath(prefix, code)}`);
  }
  lines.push('', `Sitemap: ${options.origin.replace(/\/+$/, '')}/sitemap.xml`);
  return `${lines.join('\n')}\n`;
}
