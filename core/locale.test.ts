import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCALE,
  LOCALES,
  alternateLinks,
  canonicalUrl,
  isLocale,
  localeFromAcceptLanguage,
  localizePath,
  requestLanguage,
  splitLocalePath,
} from './locale';

const ORIGIN = 'https://tribun.example';

describe('locales', () => {
  it('lists tr, en and zh with their names and iso codes', () => {
    expect(LOCALES).toEqual([
      { code: 'tr', name: 'Türkçe', iso: 'tr-TR' },
      { code: 'en', name: 'English', iso: 'en-US' },
      { code: 'zh', name: '繁體中文', iso: 'zh-CN' },
    ]);
  });

  it('Turkish is the default', () => {
    expect(DEFAULT_LOCALE).toBe('tr');
  });

  it.each([
    ['tr', true],
    ['en', true],
    ['zh', true],
    ['EN', false],
    ['de', false],
    ['', false],
    [null, false],
    [1, false],
  ])('isLocale(%s) is %s', (x, expected) => {
    expect(isLocale(x)).toBe(expected);
  });
});

describe('splitLocalePath: prefixes /en, /tr, /zh at the start, as a whole segment', () => {
  it.each([
    ['/', 'tr', '/', false, null],
    ['', 'tr', '/', false, null],
    ['/football', 'tr', '/football', false, null],
    ['/en', 'en', '/', true, '/en'],
    ['/en/', 'en', '/', true, '/en'],
    ['/en/football', 'en', '/football', true, '/en'],
    ['/zh/football/Details/12', 'zh', '/football/Details/12', true, '/zh'],
    ['/tr', 'tr', '/', true, '/tr'],
    ['/tr/basketball', 'tr', '/basketball', true, '/tr'],
    ['/english', 'tr', '/english', false, null],
    ['/enx', 'tr', '/enx', false, null],
    ['/zhx/a', 'tr', '/zhx/a', false, null],
    ['/trend', 'tr', '/trend', false, null],
    ['/EN/football', 'tr', '/EN/football', false, null],
    ['/football/en', 'tr', '/football/en', false, null],
    ['/en/zh', 'en', '/zh', true, '/en'],
    ['/en/football/', 'en', '/football/', true, '/en'],
  ])('%s → %s %s', (pathname, locale, path, hadPrefix, prefix) => {
    expect(splitLocalePath(pathname)).toEqual({ locale, path, hadPrefix, prefix });
  });
});

describe('localizePath: Turkish has no prefix', () => {
  it.each([
    ['/', 'tr', '/'],
    ['/', 'en', '/en'],
    ['/', 'zh', '/zh'],
    ['/football', 'tr', '/football'],
    ['/football', 'en', '/en/football'],
    ['/football', 'zh', '/zh/football'],
    ['/en/football', 'zh', '/zh/football'],
    ['/en/football', 'tr', '/football'],
    ['/tr/forecast', 'en', '/en/forecast'],
    ['/en', 'en', '/en'],
    ['/english', 'en', '/en/english'],
    ['/football?day=1', 'en', '/en/football?day=1'],
    ['/?x=1', 'zh', '/zh?x=1'],
    ['/#contact', 'en', '/en#contact'],
    ['/en/football?x=/en', 'tr', '/football?x=/en'],
  ] as const)('%s in %s → %s', (path, locale, expected) => {
    expect(localizePath(path, locale)).toBe(expected);
  });

  it('is idempotent', () => {
    expect(localizePath(localizePath('/basketball', 'en'), 'en')).toBe('/en/basketball');
  });
});

describe('canonical and alternate links: the prefix is stripped, then re-applied per locale', () => {
  it('canonical of a Turkish page has no prefix, even when requested under /tr', () => {
    expect(canonicalUrl('/football', ORIGIN)).toBe(`${ORIGIN}/football`);
    expect(canonicalUrl('/tr/football', ORIGIN)).toBe(`${ORIGIN}/football`);
    expect(canonicalUrl('/tr', ORIGIN)).toBe(`${ORIGIN}/`);
  });

  it('canonical of English and Chinese pages keeps their prefix', () => {
    expect(canonicalUrl('/en/football', ORIGIN)).toBe(`${ORIGIN}/en/football`);
    expect(canonicalUrl('/en/', ORIGIN)).toBe(`${ORIGIN}/en`);
    expect(canonicalUrl('/zh', ORIGIN)).toBe(`${ORIGIN}/zh`);
  });

  it('drops a trailing slash and tolerates one on the origin', () => {
    expect(canonicalUrl('/football/', `${ORIGIN}/`)).toBe(`${ORIGIN}/football`);
  });

  it('lists tr, en, zh and x-default (Turkish) for any variant of the page', () => {
    const expected = [
      { hreflang: 'tr', href: `${ORIGIN}/basketball` },
      { hreflang: 'en', href: `${ORIGIN}/en/basketball` },
      { hreflang: 'zh', href: `${ORIGIN}/zh/basketball` },
      { hreflang: 'x-default', href: `${ORIGIN}/basketball` },
    ];
    expect(alternateLinks('/basketball', ORIGIN)).toEqual(expected);
    expect(alternateLinks('/en/basketball', ORIGIN)).toEqual(expected);
    expect(alternateLinks('/zh/basketball/', ORIGIN)).toEqual(expected);
    expect(alternateLinks('/tr/basketball', ORIGIN)).toEqual(expected);
  });

  it('alternates of the home page', () => {
    expect(alternateLinks('/en', ORIGIN).map((l) => l.href)).toEqual([`${ORIGIN}/`, `${ORIGIN}/en`, `${ORIGIN}/zh`, `${ORIGIN}/`]);
  });
});

describe('requestLanguage: path prefix, else document language, else tr', () => {
  it.each([
    ['/en/football', 'zh', 'en'],
    ['/zh', 'en', 'zh'],
    ['/tr/football', 'en', 'tr'],
    ['/football', 'en', 'en'],
    ['/football', 'en-US', 'en'],
    ['/football', 'zh-Hant-TW', 'zh'],
    ['/football', 'ZH_cn', 'zh'],
    ['/football', 'de', 'tr'],
    ['/football', '', 'tr'],
    ['/football', null, 'tr'],
    ['/english', undefined, 'tr'],
  ])('%s with document lang %s → %s', (pathname, documentLang, expected) => {
    expect(requestLanguage({ pathname, documentLang })).toBe(expected);
  });
});

describe('localeFromAcceptLanguage', () => {
  it.each([
    ['en-US,en;q=0.9,tr;q=0.8', 'en'],
    ['de-DE,de;q=0.9,tr;q=0.5,en;q=0.4', 'tr'],
    ['de;q=1, zh-TW;q=0.7, en;q=0.7', 'zh'],
    ['fr, en;q=0.1', 'en'],
    ['tr-TR', 'tr'],
    ['en;q=0.2, zh;q=0.9', 'zh'],
    ['en;q=0, de', null],
    ['*', null],
    ['', null],
    [null, null],
    [undefined, null],
    ['en;q=abc, zh;q=0.3', 'zh'],
  ])('%s → %s', (header, expected) => {
    expect(localeFromAcceptLanguage(header)).toBe(expected);
  });
});
