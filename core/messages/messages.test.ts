import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_MESSAGE, ERROR_STATUS } from '../contracts/api';
import { LOCALES } from '../locale';
import { MESSAGES, formatMessage } from './messages';

const locales = LOCALES.map((locale) => locale.code);
const keys = Object.keys(MESSAGES.tr).sort();
const placeholders = (text: string | undefined) => [...(text ?? '').matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('the one message source', () => {
  it.each(locales)('has every key in %s, none empty', (locale) => {
    const messages: Record<string, string> = MESSAGES[locale];
    expect(Object.keys(messages).sort()).toEqual(keys);
    expect(keys.filter((key) => (messages[key] ?? '').trim() === '')).toEqual([]);
  });

  it('uses the same {{placeholders}} in every language and no single-brace ones', () => {
    const differing = keys.filter((key) => {
      const sets = locales.map((locale) => JSON.stringify(placeholders((MESSAGES[locale] as Record<string, string>)[key])));
      return new Set(sets).size > 1;
    });
    expect(differing).toEqual([]);
    const singleBraces = locales.flatMap((locale) =>
      Object.entries(MESSAGES[locale]).filter(([, text]) => /(^|[^{])\{\w+\}(?!\})/.test(text)).map(([key]) => `${locale} ${key}`),
    );
    expect(singleBraces).toEqual([]);
  });

  it('fills placeholders', () => {
    expect(formatMessage('en', 'api.validation.tooBig', { max: 100 })).toBe('Must be at most 100');
    expect(formatMessage('tr', 'api.validation.tooSmall', { min: 1 })).toBe('En az 1 olmalı');
    expect(formatMessage('zh', 'collections.limit', {})).toContain('{{max}}');
  });
});

describe('error codes', () => {
  it('are UPPER_SNAKE with an HTTP error status', () => {
    for (const code of ERROR_CODES) {
      expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
      expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(ERROR_STATUS[code]).toBeLessThan(600);
    }
  });

  it.each(locales)('each have a default message in %s', (locale) => {
    const messages: Record<string, string | undefined> = MESSAGES[locale];
    const missing = ERROR_CODES.filter((code) => (messages[ERROR_MESSAGE[code]] ?? '').trim() === '');
    expect(missing).toEqual([]);
  });
});
