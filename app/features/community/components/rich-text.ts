/** How the allow-listed HTML of a post or comment looks (paragraphs, lists, quotes, links, bold and italic). */
export const richTextClass =
  'break-words [&_a]:text-accent [&_a]:underline [&_blockquote]:my-2 [&_blockquote]:border-s-4 [&_blockquote]:border-line [&_blockquote]:ps-3 [&_blockquote]:text-muted [&_li]:my-0.5 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:ps-6 [&_p]:my-1.5 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:ps-6';
