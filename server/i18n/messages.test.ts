import { describe, expect, it } from 'vitest';
import { requestLocale, translate } from './translate';

// The messages themselves are checked in core/messages/messages.test.ts (every key in every language).
describe('translate', () => {
  it('fills {{placeholders}} from the one message source', () => {
    expect(translate('en', 'api.validation.tooBig', { max: 100 })).toBe('Must be at most 100');
    expect(translate('tr', 'api.validation.tooSmall', { min: 1 })).toBe('En az 1 olmalı');
    expect(translate('zh', 'account.rateLimited', { seconds: 30 })).toContain('30');
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
