import { describe, expect, it } from 'vitest';
import { chosenLanguage, languageRedirect } from './language-choice';

const home = (cookieHeader: string | null, extra: { accountLocale?: string | null; isCrawler?: boolean; pathname?: string } = {}) =>
  languageRedirect({ pathname: extra.pathname ?? '/', cookieHeader, accountLocale: extra.accountLocale ?? null, isCrawler: extra.isCrawler ?? false });

describe('the language a reader chose', () => {
  it('is the cookie’s, else the account’s, else none', () => {
    expect(chosenLanguage({ cookieHeader: 'theme=dark; locale=en' })).toBe('en');
    expect(chosenLanguage({ cookieHeader: 'locale=zh', accountLocale: 'en' })).toBe('zh');
    expect(chosenLanguage({ cookieHeader: null, accountLocale: 'en' })).toBe('en');
    expect(chosenLanguage({ cookieHeader: 'theme=dark' })).toBeNull();
  });

  it('ignores values that are not one of our languages', () => {
    expect(chosenLanguage({ cookieHeader: 'locale=de', accountLocale: 'fr' })).toBeNull();
    expect(chosenLanguage({ cookieHeader: 'locale=%2F%2Fevil.example' })).toBeNull();
    expect(chosenLanguage({ cookieHeader: 'locale=', accountLocale: null })).toBeNull();
  });
});

describe('the home page in the chosen language (decision 113)', () => {
  it('sends a reader who chose English or Chinese from / to /en or /zh', () => {
    expect(home('locale=en')).toBe('/en');
    expect(home('locale=zh')).toBe('/zh');
    expect(home(null, { accountLocale: 'en' })).toBe('/en');
  });

  it('keeps a reader who chose Turkish, chose nothing, or whose cookie overrides the account with Turkish', () => {
    expect(home('locale=tr')).toBeNull();
    expect(home(null)).toBeNull();
    expect(home('locale=tr', { accountLocale: 'en' })).toBeNull();
  });

  it('never sends a crawler anywhere', () => {
    expect(home('locale=en', { isCrawler: true })).toBeNull();
  });

  it('leaves every other address alone', () => {
    expect(home('locale=en', { pathname: '/football' })).toBeNull();
    expect(home('locale=en', { pathname: '/en' })).toBeNull();
    expect(home('locale=tr', { pathname: '/zh' })).toBeNull();
    expect(home('locale=zh', { pathname: '/en/football' })).toBeNull();
  });
});
