import { describe, expect, it } from 'vitest';
import { seoMeta } from './seo';

describe('seoMeta', () => {
  const meta = seoMeta({
    title: 'Football',
    description: 'Live football scores',
    pathname: '/en/football',
    origin: 'https://tribun.example',
    locale: 'en',
  });

  it('gives title with the site name, description and canonical link', () => {
    expect(meta).toContainEqual({ title: 'Football | Tribün' });
    expect(meta).toContainEqual({ name: 'description', content: 'Live football scores' });
    expect(meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://tribun.example/en/football' });
  });

  it('lists the page in every language plus x-default', () => {
    const alternates = meta.filter((m) => 'rel' in m && m.rel === 'alternate');
    expect(alternates).toEqual([
      { tagName: 'link', rel: 'alternate', hrefLang: 'tr', href: 'https://tribun.example/football' },
      { tagName: 'link', rel: 'alternate', hrefLang: 'en', href: 'https://tribun.example/en/football' },
      { tagName: 'link', rel: 'alternate', hrefLang: 'zh', href: 'https://tribun.example/zh/football' },
      { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: 'https://tribun.example/football' },
    ]);
  });

  it('marks pages that must stay out of search results and gives them no canonical', () => {
    const hidden = seoMeta({ title: 'x', description: 'y', pathname: '/login', origin: 'https://a.b', locale: 'tr', noIndex: true });
    expect(hidden).toContainEqual({ name: 'robots', content: 'noindex' });
    expect(hidden.some((m) => 'rel' in m)).toBe(false);
  });
});
