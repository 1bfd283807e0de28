import { describe, expect, it } from 'vitest';
import { readPageVariant } from './page-variant';
import { DEFAULT_TIME_ZONES, parseTimeZone, readerTimeZone } from './time-zone';

describe('the zone cookie (decision 115)', () => {
  it('takes a zone of the runtime list, and UTC', () => {
    for (const zone of ['Europe/Istanbul', 'Asia/Shanghai', 'America/Sao_Paulo', 'America/New_York', 'UTC']) {
      expect(parseTimeZone(zone), zone).toBe(zone);
    }
  });

  it('takes a newer name of a listed zone as the zone the server knows', () => {
    // Browsers report Asia/Kolkata and Europe/Kyiv; an older time zone list calls them otherwise.
    for (const zone of ['Asia/Kolkata', 'Europe/Kyiv', 'America/Argentina/Buenos_Aires']) {
      const parsed = parseTimeZone(zone);
      expect(parsed, zone).not.toBeNull();
      expect(Intl.supportedValuesOf('timeZone').concat('UTC')).toContain(parsed);
      // Same instant, same wall clock.
      const at = new Date('2026-11-28T12:00:00Z');
      const wall = (timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, timeStyle: 'short' }).format(at);
      expect(wall(parsed ?? 'UTC')).toBe(wall(zone));
    }
  });

  it('ignores anything else, whatever a client sends', () => {
    const hostile = [
      '',
      'Mars/Olympus',
      'Europe/Atlantis',
      '<script>alert(1)</script>',
      'Europe/Istanbul\r\nSet-Cookie: a=b',
      '../../etc/passwd',
      'Europe/../Istanbul',
      '+03:00',
      'Europe/Istanbul ',
      `Europe/${'x'.repeat(100)}`,
      'A/B/C/D',
      null,
      undefined,
      42,
      {},
    ];
    for (const value of hostile) expect(parseTimeZone(value), String(value)).toBeNull();
  });

  it('takes any letter case of a real zone as that zone (the runtime does), and only it', () => {
    // The runtime reads zone names in any case; each variant resolves to the listed zone.
    for (let i = 0; i < 600; i++) {
      const variant = [...'asia/shanghai'].map((c, j) => ((i >> j) & 1 ? c.toUpperCase() : c)).join('');
      const parsed = parseTimeZone(variant);
      expect(parsed === null || parsed === 'Asia/Shanghai', variant).toBe(true);
    }
  });

  it('falls back to each language’s usual zone until the browser has said its own', () => {
    expect(readerTimeZone(null, 'tr')).toBe('Europe/Istanbul');
    expect(readerTimeZone(null, 'en')).toBe('Europe/London');
    expect(readerTimeZone(null, 'zh')).toBe('Asia/Shanghai');
    expect(readerTimeZone('America/New_York', 'zh')).toBe('America/New_York');
    for (const zone of Object.values(DEFAULT_TIME_ZONES)) expect(parseTimeZone(zone)).toBe(zone);
  });

  it('is read from the Cookie header with the other page cookies', () => {
    expect(readPageVariant('theme=dark; tribun_tz=Asia%2FShanghai').timeZone).toBe('Asia/Shanghai');
    expect(readPageVariant('tribun_tz=Asia/Shanghai; viewport=mobile')).toEqual({ theme: null, viewport: 'mobile', timeZone: 'Asia/Shanghai' });
    expect(readPageVariant('tribun_tz=%3Cb%3E').timeZone).toBeNull();
    expect(readPageVariant(null).timeZone).toBeNull();
  });
});
