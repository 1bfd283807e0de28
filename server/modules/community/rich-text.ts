import sanitizeHtml from 'sanitize-html';

/**
 * The community's rich text (docs/decisions/139): what a fan writes is HTML from the editor, and
 * what is stored and sent to every reader is this function's output — an allow-list, never a
 * block-list. Paragraphs, line breaks, bold, italic, lists, quotes and links survive; every other
 * element is dropped with its text kept (script, style, iframe, svg… with their content), every
 * attribute but a link's href is dropped, an href is kept only when it is an absolute http(s)
 * address, and each link gets rel="nofollow ugc noopener" (search engines do not credit it, the
 * opened page cannot reach back) and no target.
 */

const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'blockquote', 'a'];
const LINK_REL = 'nofollow ugc noopener';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedStyles: {},
  // Dropped with everything inside: their text is code or markup, never the fan's words.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'title', 'xmp', 'noembed', 'noframes', 'plaintext'],
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: false,
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
  transformTags: {
    b: 'strong',
    i: 'em',
    a: (tagName, attribs) => {
      const href = linkAddress(attribs.href);
      const kept: Record<string, string> = href ? { href, rel: LINK_REL } : {};
      return { tagName, attribs: kept };
    },
  },
  // A link whose address was refused loses its tag and keeps its words. (Renaming it to a refused
  // tag instead would leave sanitize-html's rename of that depth behind for the next sibling's
  // closing tag, which then closes as the wrong element.)
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
};

/** An absolute http(s) address as the URL parser reads it, else null (relative, protocol-relative, other schemes). */
function linkAddress(href: string | undefined): string | null {
  if (!href) return null;
  const trimmed = href.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The allow-listed HTML of a fan's text; plain text comes out as escaped text. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The words of sanitised HTML without markup: block ends become line breaks, entities are read. */
export function plainTextOf(html: string): string {
  const separated = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|li|blockquote)>/gi, '\n');
  const text = sanitizeHtml(separated, { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(text)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}
