import type { Page } from 'playwright-core';

/**
 * Text a person can see that renders smaller than `minPx` (12 px: decision 083). Walks every
 * text node of the page, skips what nobody sees (hidden, zero-sized, clipped to 1 px as
 * screen-reader text, outside the document's width, fully transparent) and reports the element
 * around it with its rendered size: the computed font size times any scaling on the way (an
 * SVG's viewBox, CSS transforms), so a chart label of 10 user units drawn at half size counts
 * as 5 px.
 *
 *   npx tsx e2e/support/small-text.ts http://127.0.0.1:3430/ [width=390] [height=844]
 *
 * prints what it finds (a measuring aid; e2e/mobile-text.spec.ts asserts there is none).
 */

export interface SmallText {
  /** a short CSS-like path to the element, for finding it in the code */
  path: string;
  /** the element's classes */
  classes: string;
  /** the first 40 characters of its own visible text */
  text: string;
  /** rendered font size in px, rounded to 0.01 */
  px: number;
}

export const MIN_TEXT_PX = 12;

/** Runs in the page: the smallest-text report for the current document. */
export async function findSmallText(page: Page, minPx: number = MIN_TEXT_PX): Promise<SmallText[]> {
  // tsx (esbuild with keepNames) wraps the named helpers below in a `__name` call that exists
  // only in Node; the page gets a do-nothing one.
  await page.evaluate('globalThis.__name ??= (f) => f');
  return page.evaluate((min) => {
    const found = new Map<Element, { px: number; text: string }>();
    const scaleOf = (element: Element): number => {
      // SVG text: its user units are scaled by the viewBox (and any transform) to the screen.
      if (element instanceof SVGGraphicsElement) {
        const ctm = element.getScreenCTM();
        if (ctm) return Math.sqrt(Math.abs(ctm.a * ctm.d - ctm.b * ctm.c));
      }
      // HTML: the product of the transforms' scales on the way up.
      let scale = 1;
      for (let node: Element | null = element; node; node = node.parentElement) {
        const transform = getComputedStyle(node).transform;
        if (transform && transform !== 'none') {
          const m = new DOMMatrixReadOnly(transform);
          scale *= Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
        }
      }
      return scale;
    };
    const isSeen = (element: Element): boolean => {
      const style = getComputedStyle(element);
      if (style.visibility !== 'visible' || Number(style.opacity) === 0) return false;
      if (typeof element.checkVisibility === 'function' && !element.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
        return false;
      const box = element.getBoundingClientRect();
      // Screen-reader-only text: clipped to a pixel.
      if (box.width <= 1 || box.height <= 1) return false;
      const width = document.documentElement.clientWidth;
      if (box.right <= 0 || box.left >= width) return false;
      for (let node: Element | null = element; node; node = node.parentElement) {
        const s = getComputedStyle(node);
        if (s.clip === 'rect(0px, 0px, 0px, 0px)' || s.clipPath === 'inset(50%)') return false;
      }
      return true;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      if (!text) continue;
      const element = node.parentElement;
      if (!element || found.has(element)) continue;
      if (element.closest('script, style, noscript, template, title')) continue;
      // A letter drawn inside a small decorative icon ("VAR", "P" for a penalty) is a picture,
      // not text to read; the icon's name is given next to it.
      const icon = element.closest('svg');
      if (icon?.getAttribute('aria-hidden') === 'true') {
        const box = icon.getBoundingClientRect();
        if (box.width <= 24 && box.height <= 24) continue;
      }
      // The text's own box: an element may be seen while this text node is empty space.
      const range = document.createRange();
      range.selectNodeContents(node);
      const rect = range.getBoundingClientRect();
      if (rect.width < 1 || rect.height < 1) continue;
      if (!isSeen(element)) continue;
      const px = parseFloat(getComputedStyle(element).fontSize) * scaleOf(element);
      if (px < min - 0.005) found.set(element, { px: Math.round(px * 100) / 100, text: text.slice(0, 40) });
    }
    const pathOf = (element: Element): string => {
      const parts: string[] = [];
      for (let node: Element | null = element; node && node !== document.body && parts.length < 4; node = node.parentElement) {
        const id = node.getAttribute('data-testid') ?? node.id;
        parts.unshift(`${node.tagName.toLowerCase()}${id ? `[${id}]` : ''}`);
      }
      return parts.join(' > ');
    };
    return Array.from(found, ([element, { px, text }]) => ({
      path: pathOf(element),
      classes: (element.getAttribute('class') ?? '').slice(0, 160),
      text,
      px,
    }));
  }, minPx);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [url, width = '390', height = '844'] = process.argv.slice(2);
  if (!url) throw new Error('usage: npx tsx e2e/support/small-text.ts <url> [width] [height]');
  const { launchBrowser } = await import('./browser');
  const { DESKTOP_CHROME_UA } = await import('./page');
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({
      userAgent: DESKTOP_CHROME_UA,
      viewport: { width: Number(width), height: Number(height) },
    });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    const small = await findSmallText(page);
    for (const item of small) console.log(`${item.px.toFixed(2)} px  ${item.text}  |  ${item.path}  |  ${item.classes}`);
    console.log(`${small.length} texts under ${MIN_TEXT_PX} px at ${width}×${height} on ${url}`);
  } finally {
    await browser.close();
  }
}
