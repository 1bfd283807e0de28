import { PLAN_COMMUNITY_SYNC_THRESHOLD, PLAN_EXCERPT_SHARE } from '../contracts/forecast';

/** How far back from the 30% mark a word boundary may be and still be preferred: the last 20% of the excerpt. */
const WORD_BOUNDARY_WINDOW = 0.2;
const ELLIPSIS = '…';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The public community excerpt of a plan's description (specification: a description over 100
 * characters syncs to the community, which shows 30% of it).
 *
 * It is cut from the description only, never from the pick, line or odds: those are the paid
 * content and stay hidden until unlocked or settled. (A tipster who writes the pick into the
 * first words of a long description has published it themselves.)
 *
 * - Lengths are counted in Unicode code points of the trimmed description, so a Chinese
 *   character or an emoji counts as one character, as a reader would count it.
 * - null when the trimmed description has at most PLAN_COMMUNITY_SYNC_THRESHOLD (100) code points.
 * - Otherwise the excerpt holds at most floor(30% of the code points). It never ends inside a
 *   surrogate pair nor inside a user-perceived character (an emoji family, a flag, a letter
 *   with a combining accent): the cut moves back to the start of that character.
 * - When a whitespace lies in the last 20% of that excerpt, the cut moves back to the last one,
 *   so a word is not chopped; scripts written without spaces (Chinese) are cut at the mark.
 * - Trailing whitespace is dropped and '…' appended, so the excerpt reads as unfinished.
 */
export function communityExcerpt(description: string): string | null {
  const text = description.trim();
  const codePoints = countCodePoints(text);
  if (codePoints <= PLAN_COMMUNITY_SYNC_THRESHOLD) return null;

  const limit = Math.floor(codePoints * PLAN_EXCERPT_SHARE);
  const pieces = leadingGraphemes(text, limit);
  const kept = pieces.length > 0 ? pieces : leadingCodePoints(text, limit);

  const cut = lastWordBoundary(kept, Math.ceil(limit * (1 - WORD_BOUNDARY_WINDOW)));
  const excerpt = (cut === null ? kept : kept.slice(0, cut)).join('').trimEnd();
  return `${excerpt}${ELLIPSIS}`;
}

function countCodePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** Whole grapheme clusters from the start, as long as their code points fit within `limit`. */
function leadingGraphemes(text: string, limit: number): string[] {
  const pieces: string[] = [];
  let used = 0;
  for (const { segment } of graphemes.segment(text)) {
    used += countCodePoints(segment);
    if (used > limit) break;
    pieces.push(segment);
  }
  return pieces;
}

/**
 * Fallback for a first grapheme cluster longer than the whole limit (a letter buried under
 * dozens of combining marks): cut by code points, which still never splits a surrogate pair.
 */
function leadingCodePoints(text: string, limit: number): string[] {
  return Array.from(text).slice(0, limit);
}

/**
 * Index of the last whitespace piece at or after `from` code points, or null. The pieces before
 * `from` are not searched: cutting there would waste more than the window allows.
 */
function lastWordBoundary(pieces: string[], from: number): number | null {
  let position = 0;
  let boundary: number | null = null;
  for (const [index, piece] of pieces.entries()) {
    if (position >= from && /^\s+$/u.test(piece)) boundary = index;
    position += countCodePoints(piece);
  }
  return boundary;
}
