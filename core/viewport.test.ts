import { describe, expect, it } from 'vitest';
import { VIEWPORT_BREAKPOINTS, appStoreTarget, isViewport, parseViewportCookie, rootFontSize, viewportOf } from './viewport';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';
const IPADOS_DESKTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';

describe('viewport breakpoints (section 4)', () => {
  it('are the specification values', () => {
    expect(VIEWPORT_BREAKPOINTS).toEqual({
      mobile: 320,
      mobileMedium: 375,
      mobileWide: 425,
      tablet: 768,
      desktop: 1024,
      desktopMedium: 1280,
      desktopWide: 1600,
    });
  });

  it.each([
    [0, 'mobile'],
    [280, 'mobile'],
    [319, 'mobile'],
    [320, 'mobile'],
    [374, 'mobile'],
    [375, 'mobileMedium'],
    [424, 'mobileMedium'],
    [425, 'mobileWide'],
    [767, 'mobileWide'],
    [768, 'tablet'],
    [1023, 'tablet'],
    [1024, 'desktop'],
    [1279, 'desktop'],
    [1280, 'desktopMedium'],
    [1599, 'desktopMedium'],
    [1600, 'desktopWide'],
    [3840, 'desktopWide'],
    [Number.POSITIVE_INFINITY, 'desktopWide'],
    [Number.NaN, 'desktop'],
  ])('width %s is %s', (width, viewport) => {
    expect(viewportOf(width)).toBe(viewport);
  });
});

describe('viewport cookie falls back to desktop', () => {
  it.each(['mobile', 'mobileMedium', 'mobileWide', 'tablet', 'desktop', 'desktopMedium', 'desktopWide'])('%s is kept', (value) => {
    expect(parseViewportCookie(value)).toBe(value);
    expect(isViewport(value)).toBe(true);
  });

  it.each([undefined, null, '', 'Mobile', 'phone', '1024', 'constructor', 'toString'])('%s falls back to desktop', (value) => {
    expect(parseViewportCookie(value)).toBe('desktop');
  });
});

describe('root font size: 16 px × width / (430 under 1024, else 1440)', () => {
  it.each([
    [430, 16],
    [375, (16 * 375) / 430],
    [1023, (16 * 1023) / 430],
    [1024, (16 * 1024) / 1440],
    [1440, 16],
    [1920, (16 * 1920) / 1440],
  ])('width %i → %f px', (width, px) => {
    expect(rootFontSize(width)).toBeCloseTo(px, 10);
  });
});

describe('app store redirect for phones and tablets (width up to 1024 or a mobile user agent)', () => {
  it.each([
    [390, IPHONE, 'ios'],
    [null, IPHONE, 'ios'],
    [1366, IPAD, 'ios'],
    [820, IPADOS_DESKTOP, 'ios'],
    [412, ANDROID, 'android'],
    [null, ANDROID, 'android'],
    [1280, ANDROID, 'android'],
    [1024, WINDOWS, 'android'],
    [800, LINUX, 'android'],
    [1025, WINDOWS, null],
    [1920, IPADOS_DESKTOP, null],
    [null, WINDOWS, null],
    [null, '', null],
  ] as const)('width %s, %s → %s', (width, userAgent, expected) => {
    expect(appStoreTarget({ width, userAgent })).toBe(expected);
  });
});
