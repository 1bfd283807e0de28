import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list of an article's body (docs/decisions/144). Staff write it, but what is stored
 * and sent to every reader is this function's output all the same: a stolen staff session or a
 * pasted page must not put a script on the public site. Beside the community's set
 * (server/modules/community/rich-text.ts) an article may hold sub-headings (h2, h3) and pictures
 * from our own store (`/files/public/…` only: no tracking pixels, no mixed content); links may
 * also point inside the site (`/team/12`). The policies differ, so each feature keeps its own
 * list on the same maintained library.
 */

const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'blockquote', 'a', 'h2', 'h3', 'img', 'figure', 'figcaption'];
const OWN_PICTURE = /^\/files\/public\/[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9_.-]{1,64}$/;
const SITE_PATH = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@/%?#]*$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt', 'loading'] },
  // Schemes are checked by the transforms below (absolute http(s) or a path of our own).
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {},
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'title', 'xmp', 'noembed', 'noframes', 'plaintext'],
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: false,
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
  transformTags: {
    b: 'strong',
    i: 'em',
    a: (tagName, attribs) => {
      const href = linkAddress(attribs.href);
      const kept: Record<string, string> = href === null ? {} : href.startsWith('/') ? { href } : { href, rel: 'noopener' };
      return { tagName, attribs: kept };
    },
    img: (tagName, attribs) => {
      const src = (attribs.src ?? '').trim();
      const kept: Record<string, string> = OWN_PICTURE.test(src) ? { src, alt: (attribs.alt ?? '').slice(0, 300), loading: 'lazy' } : {};
      return { tagName, attribs: kept };
    },
  },
  exclusiveFilter: (frame) => {
    if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
    if (frame.tag === 'img' && !frame.attribs.src) return true;
    return false;
  },
};

/** An absolute http(s) address, or a path of this site; else null. */
function linkAddress(href: string | undefined): string | null {
  if (!href) return null;
  const trimmed = href.trim();
  if (SITE_PATH.test(trimmed) && !trimmed.includes('\\')) return trimmed;
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The allow-listed HTML of an article's body. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The words of sanitised HTML without markup (excerpts, length checks). */
export function articleTextOf(html: string): string {
  const separated = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|li|blockquote|h2|h3|figcaption)>/gi, '\n');
  const text = sanitizeHtml(separated, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
