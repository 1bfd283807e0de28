import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const NOW = 1_795_838_400;
const at = (secondsAgo: number, locale: 'tr' | 'en' | 'zh') =>
  formatRelativeTime({ fromSec: NOW - secondsAgo, nowSec: NOW, locale, justNow: { tr: 'az önce', en: 'just now', zh: '刚刚' }[locale] });

describe('relative time labels (section 9)', () => {
  it('says "just now" under five minutes, then minutes, hours and days, in each language', () => {
    expect(at(0, 'en')).toBe('just now');
    expect(at(299, 'tr')).toBe('az önce');
    expect(at(300, 'en')).toBe('5 minutes ago');
    expect(at(300, 'tr')).toBe('5 dakika önce');
    expect(at(300, 'zh')).toBe('5分钟前');
    expect(at(2 * 3600, 'en')).toBe('2 hours ago');
    expect(at(3 * 86400, 'tr')).toBe('3 gün önce');
    expect(at(3 * 86400, 'zh')).toBe('3天前');
  });

  it('counts months and years past thirty days, and a time ahead of the clock as just now', () => {
    expect(at(45 * 86400, 'en')).toBe('1 month ago');
    expect(at(400 * 86400, 'en')).toBe('1 year ago');
    expect(at(-60, 'en')).toBe('just now');
  });
});
