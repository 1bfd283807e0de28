import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { communityExcerpt } from './excerpt';

const codePoints = (text: string) => Array.from(text).length;
const hasLoneSurrogate = (text: string) => /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

describe('community excerpt: only descriptions over 100 characters', () => {
  it('is null at 100 characters or fewer, counted after trimming', () => {
    expect(communityExcerpt('')).toBeNull();
    expect(communityExcerpt('a'.repeat(100))).toBeNull();
    expect(communityExcerpt(`   ${'a'.repeat(100)}\n\n  `)).toBeNull();
  });

  it('counts code points, so 100 emoji (200 UTF-16 units) are still 100 characters', () => {
    expect('⚽🏀'.length).toBe(3);
    expect(communityExcerpt('🏀'.repeat(100))).toBeNull();
    expect(communityExcerpt('🏀'.repeat(101))).toBe(`${'🏀'.repeat(30)}…`);
  });

  it('at 101 characters without spaces shows the first 30 (floor of 30%) and an ellipsis', () => {
    expect(communityExcerpt('x'.repeat(101))).toBe(`${'x'.repeat(30)}…`);
  });

  it('at 200 characters shows at most 60', () => {
    const excerpt = communityExcerpt('y'.repeat(200));
    expect(excerpt).toBe(`${'y'.repeat(60)}…`);
  });
});

describe('community excerpt: where it cuts', () => {
  it('cuts at the last space inside the last 20% of the excerpt, so a word is not chopped', () => {
    // 120 characters: the excerpt may hold 36; words of 9 letters + space end at 10, 20, 30.
    const text = `${'abcdefghi '.repeat(12)}`.trim().padEnd(120, 'z');
    expect(codePoints(text)).toBe(120);
    // The space at index 29 is inside [ceil(36·0.8) = 29, 36): cut there.
    expect(communityExcerpt(text)).toBe('abcdefghi abcdefghi abcdefghi…');
  });

  it('cuts at the mark when the last space is further back than the window', () => {
    // One space at index 5, then a long word: the excerpt of 36 keeps chopping the long word.
    const text = `short ${'w'.repeat(120)}`;
    // 126 characters: limit 37, window from 30; the only space (index 5) is too far back.
    expect(communityExcerpt(text)).toBe(`short ${'w'.repeat(31)}…`);
  });

  it('cuts Turkish text at a word boundary and keeps its letters intact', () => {
    const text =
      'Galatasaray son altı iç saha maçının beşini kazandı; İstanbul derbisinde ağır basıyor, ' +
      'Fenerbahçe ise deplasmanda gol bulmakta zorlanıyor ve savunması çok açık veriyor.';
    const count = codePoints(text);
    expect(count).toBeGreaterThan(100);
    const excerpt = communityExcerpt(text);
    expect(excerpt).toBe('Galatasaray son altı iç saha maçının beşini…');
    expect(codePoints(excerpt ?? '') - 1).toBeLessThanOrEqual(Math.floor(count * 0.3));
    expect(text.startsWith((excerpt ?? '').slice(0, -1))).toBe(true);
  });

  it('cuts Chinese text, written without spaces, exactly at the 30% mark', () => {
    const text = '主队近五场比赛取得四场胜利，客队客场表现不佳，防守漏洞较多。'.repeat(4);
    expect(codePoints(text)).toBe(120);
    expect(communityExcerpt(text)).toBe(`${Array.from(text).slice(0, 36).join('')}…`);
  });

  it('never splits an emoji surrogate pair nor an emoji family joined with zero-width joiners', () => {
    // 30 letters, then a family of 5 code points straddling the mark (110 code points, limit 33).
    const family = '👨‍👩‍👧';
    expect(codePoints(family)).toBe(5);
    const text = `${'a'.repeat(30)}${family}${'b'.repeat(75)}`;
    expect(codePoints(text)).toBe(110);
    expect(communityExcerpt(text)).toBe(`${'a'.repeat(30)}…`);
    // A family that fits whole stays whole.
    const fits = `${'a'.repeat(28)}${family}${'b'.repeat(77)}`;
    expect(communityExcerpt(fits)).toBe(`${'a'.repeat(28)}${family}…`);
  });

  it('keeps a letter with its combining accent together', () => {
    const text = `${'a'.repeat(29)}e\u0301${'b'.repeat(80)}`;
    // limit 33: the accented e (2 code points) fits whole, then 2 b's.
    expect(communityExcerpt(text)).toBe(`${'a'.repeat(29)}e\u0301bb…`);
    const tight = `${'a'.repeat(29)}e\u0301${'b'.repeat(70)}`;
    // 101 code points, limit 30: the mark falls between e and its accent; the e goes too.
    expect(communityExcerpt(tight)).toBe(`${'a'.repeat(29)}…`);
  });

  it('drops whitespace before the ellipsis and starts from the trimmed text', () => {
    // Trimmed: 148 characters, limit 44; the cut at the space at 41 leaves the space at 40.
    const text = `\n\n   ${'word  '.repeat(25)}`;
    expect(communityExcerpt(text)).toBe(`${'word  '.repeat(7).trim()}…`);
  });
});

describe('community excerpt: properties', () => {
  it('is a prefix of the trimmed description, at most 30% of it, well-formed, ending in an ellipsis', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 90, maxLength: 400 }), (raw) => {
        const text = raw.trim();
        const excerpt = communityExcerpt(raw);
        if (codePoints(text) <= 100) {
          expect(excerpt).toBeNull();
          return;
        }
        expect(excerpt).not.toBeNull();
        const body = (excerpt ?? '').slice(0, -1);
        expect(excerpt?.endsWith('…')).toBe(true);
        expect(text.startsWith(body)).toBe(true);
        expect(codePoints(body)).toBeLessThanOrEqual(Math.floor(codePoints(text) * 0.3));
        expect(hasLoneSurrogate(body)).toBe(false);
      }),
      { numRuns: 300, seed: 12 },
    );
  });
});
