import { describe, expect, it } from 'vitest';
import { clampedRootFontSize, ROOT_FONT_SIZE_SCRIPT } from './root-font-size';

function runScript(width: number): string {
  const element = { style: { fontSize: '' } };
  new Function('window', 'document', ROOT_FONT_SIZE_SCRIPT)({ innerWidth: width }, { documentElement: element });
  return element.style.fontSize;
}

describe('root font size', () => {
  it('follows the specification where it stays readable', () => {
    expect(clampedRootFontSize(430)).toBe(16);
    expect(clampedRootFontSize(1440)).toBe(16);
    expect(clampedRootFontSize(1600)).toBeCloseTo(17.78, 2);
  });

  it('never drops below 14 px nor grows past 18 px', () => {
    expect(clampedRootFontSize(320)).toBe(14);
    expect(clampedRootFontSize(1024)).toBe(14);
    expect(clampedRootFontSize(768)).toBe(18);
    expect(clampedRootFontSize(2560)).toBe(18);
  });

  it('is what the inline head script sets before the first paint', () => {
    for (const width of [320, 375, 430, 600, 768, 1023, 1024, 1280, 1440, 1600, 2560]) {
      expect(runScript(width)).toBe(`${clampedRootFontSize(width)}px`);
    }
  });
});
