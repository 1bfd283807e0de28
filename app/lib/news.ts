import type { AppLoadContext } from 'react-router';
import type { NewsCard, NewsTag } from '../../core/contracts/news';
import type { Locale } from '../../core/locale';

/** How many articles the small "News" block of a team, competition or match page shows. */
export const NEWS_BLOCK_SIZE = 4;

/**
 * The latest articles tagged with a team, competition or match, for the "News" block of its page
 * (read on the server with the page). A failed or absent read shows the block empty rather than
 * failing the page it sits on.
 */
export async function latestNewsFor(context: AppLoadContext, tag: { type: NewsTag['type']; id: number }, locale: Locale): Promise<NewsCard[]> {
  if (!context.news) return [];
  try {
    return (await context.news.list({ locale, tag, size: NEWS_BLOCK_SIZE })).list;
  } catch {
    return [];
  }
}

/** The key of a cover's small variant for lists (the 320 px one when stored), else its first. */
export function smallCoverKey(keys: readonly string[] | null): string | null {
  if (!keys || keys.length === 0) return null;
  return keys.find((key) => /\/w320\.[a-z]+$/.test(key)) ?? keys[0]!;
}

/** The key of a cover's large variant for the article page. */
export function largeCoverKey(keys: readonly string[] | null): string | null {
  if (!keys || keys.length === 0) return null;
  return keys.find((key) => /\/w1280\.[a-z]+$/.test(key)) ?? keys[0]!;
}
