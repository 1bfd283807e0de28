import { LOCALES, localizePath, type Locale } from '../../../core/locale';
import type { NewsCard } from '../../../core/contracts/news';

/**
 * The news sitemap (Google News sitemap 0.9) and the RSS 2.0 feeds (docs/decisions/144). Every
 * text and address is escaped for XML; characters XML 1.0 cannot carry at all are dropped.
 */

export const SITE_NAME = 'Tribün';
const ISO: Record<Locale, string> = Object.fromEntries(LOCALES.map((l) => [l.code, l.iso])) as Record<Locale, string>;
/** Google News' language codes: ISO 639 (zh-cn for simplified Chinese). */
const NEWS_LANGUAGE: Record<Locale, string> = { tr: 'tr', en: 'en', zh: 'zh-cn' };

// eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function absolute(origin: string, path: string, locale: Locale): string {
  return `${origin.replace(/\/+$/, '')}${localizePath(path, locale)}`;
}

export type FeedItem = NewsCard & { modified_at: string };

/** One `<url>` per article and language released in the last two days, each naming its language versions. */
export function buildNewsSitemapXml(options: { origin: string; items: readonly FeedItem[] }): string {
  const byUuid = new Map<string, FeedItem[]>();
  for (const item of options.items) byUuid.set(item.uuid, [...(byUuid.get(item.uuid) ?? []), item]);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const item of options.items) {
    const versions = byUuid.get(item.uuid) ?? [item];
    const alternates = versions.map((v) => `<xhtml:link rel="alternate" hreflang="${v.locale}" href="${escapeXml(absolute(options.origin, v.path, v.locale))}"/>`);
    const fallback = versions.find((v) => v.locale === 'tr') ?? versions[0]!;
    alternates.push(`<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(absolute(options.origin, fallback.path, fallback.locale))}"/>`);
    lines.push(
      `<url><loc>${escapeXml(absolute(options.origin, item.path, item.locale))}</loc>` +
        `<news:news><news:publication><news:name>${escapeXml(SITE_NAME)}</news:name><news:language>${NEWS_LANGUAGE[item.locale]}</news:language></news:publication>` +
        `<news:publication_date>${escapeXml(item.released_at)}</news:publication_date><news:title>${escapeXml(item.title)}</news:title></news:news>` +
        `${alternates.join('')}</url>`,
    );
  }
  lines.push('</urlset>');
  return `${lines.join('\n')}\n`;
}

const CHANNEL_TEXT: Record<Locale, { title: string; description: string }> = {
  tr: { title: 'Tribün — Spor haberleri', description: 'Futbol ve basketbol haberleri, transferler, maç önü ve maç sonu yazıları' },
  en: { title: 'Tribün — Sports news', description: 'Football and basketball news, transfers, previews and match reports' },
  zh: { title: 'Tribün — 体育新闻', description: '足球和篮球新闻、转会、赛前前瞻与赛后报道' },
};

/** An RFC 822 date, as RSS 2.0 asks. */
function rfc822(iso: string): string {
  return new Date(iso).toUTCString();
}

/** The RSS 2.0 feed of one language: the latest articles written in it. */
export function buildRssXml(options: { origin: string; locale: Locale; items: readonly FeedItem[]; now: Date }): string {
  const { origin, locale } = options;
  const text = CHANNEL_TEXT[locale];
  const self = absolute(origin, '/sports/rss.xml', locale);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${escapeXml(text.title)}</title>`,
    `<link>${escapeXml(absolute(origin, '/sports', locale))}</link>`,
    `<description>${escapeXml(text.description)}</description>`,
    `<language>${ISO[locale].toLowerCase()}</language>`,
    `<lastBuildDate>${rfc822(options.now.toISOString())}</lastBuildDate>`,
    `<atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>`,
  ];
  for (const item of options.items) {
    const link = absolute(origin, item.path, locale);
    const enclosure = item.cover_keys?.[0] ? `<enclosure url="${escapeXml(`${origin.replace(/\/+$/, '')}/files/${item.cover_keys[0]}`)}" length="0" type="image/webp"/>` : '';
    lines.push(
      `<item><title>${escapeXml(item.title)}</title><link>${escapeXml(link)}</link><description>${escapeXml(item.summary)}</description>` +
        `<guid isPermaLink="false">${escapeXml(`${item.uuid}:${locale}`)}</guid><pubDate>${rfc822(item.released_at)}</pubDate>${enclosure}</item>`,
    );
  }
  lines.push('</channel>', '</rss>');
  return `${lines.join('\n')}\n`;
}
