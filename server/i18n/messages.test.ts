import { describe, expect, it } from 'vitest';
import { API_LOCALES, MESSAGES } from './messages';
import { requestLocale, translate } from './translate';

describe('API messages', () => {
  it('has every key in Turkish, English and Chinese, none empty', () => {
    const keys = Object.keys(MESSAGES.tr).sort();
    for (const locale of API_LOCALES) {
      expect(Object.keys(MESSAGES[locale]).sort()).toEqual(keys);
      for (const text of Object.values(MESSAGES[locale])) expect(text.trim()).not.toBe('');
    }
  });

  it('uses the same placeholders in every language', () => {
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    for (const key of Object.keys(MESSAGES.tr) as (keyof typeof MESSAGES.tr)[]) {
      for (const locale of API_LOCALES) {
        expect(placeholders(MESSAGES[locale][key]), `${locale} ${key}`).toEqual(placeholders(MESSAGES.tr[key]));
      }
    }
  });

  it('fills placeholders', () => {
    expect(translate('en', 'api.validation.tooBig', { max: 100 })).toBe('Must be at most 100');
    expect(translate('tr', 'api.validation.tooSmall', { min: 1 })).toBe('En az 1 olmalı');
  });
});

describe('requestLocale', () => {
  it('reads the Language header and falls back to Turkish', () => {
    expect(requestLocale({ headers: { language: 'en' } })).toBe('en');
    expect(requestLocale({ headers: { language: 'ZH' } })).toBe('zh');
    expect(requestLocale({ headers: { language: 'de' } })).toBe('tr');
    expect(requestLocale({ headers: {} })).toBe('tr');
  });
});
