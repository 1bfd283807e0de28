import { describe, expect, it } from 'vitest';
import { LANGUAGE_CHOICE_COOKIE } from '../../../core/routing/language-choice';
import { LOCALE_COOKIE } from '../../lib/cookies';
import { chosenLanguageRedirect } from './language-choice.server';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

const request = (url: string, headers: Record<string, string> = {}) => new Request(`https://tribun.example${url}`, { headers: { 'user-agent': CHROME, ...headers } });

describe('the home page sends a reader to the language they chose (decision 113)', () => {
  it('reads the cookie the language menu and Settings write', () => {
    expect(LANGUAGE_CHOICE_COOKIE).toBe(LOCALE_COOKIE);
  });

  it('answers / with a private 302 to /en or /zh, query kept', () => {
    const answer = chosenLanguageRedirect(request('/?day=2026-11-28', { cookie: `${LOCALE_COOKIE}=en` }), null);
    expect(answer?.status).toBe(302);
    expect(answer?.headers.get('location')).toBe('/en?day=2026-11-28');
    expect(answer?.headers.get('cache-control')).toBe('private, no-store');
    expect(answer?.headers.get('vary')).toBe('Cookie');
    expect(chosenLanguageRedirect(request('/', { cookie: `${LOCALE_COOKIE}=zh` }), null)?.headers.get('location')).toBe('/zh');
  });

  it('follows a signed-in account’s language when this browser has no choice', () => {
    expect(chosenLanguageRedirect(request('/'), { locale: 'en' })?.headers.get('location')).toBe('/en');
    expect(chosenLanguageRedirect(request('/', { cookie: `${LOCALE_COOKIE}=tr` }), { locale: 'en' })).toBeNull();
  });

  it('renders / for a reader with no choice, for Turkish, and for crawlers', () => {
    expect(chosenLanguageRedirect(request('/'), null)).toBeNull();
    expect(chosenLanguageRedirect(request('/', { cookie: `${LOCALE_COOKIE}=tr` }), null)).toBeNull();
    expect(chosenLanguageRedirect(request('/', { cookie: `${LOCALE_COOKIE}=en`, 'user-agent': GOOGLEBOT }), null)).toBeNull();
    expect(chosenLanguageRedirect(request('/en', { cookie: `${LOCALE_COOKIE}=zh` }), null)).toBeNull();
  });
});
