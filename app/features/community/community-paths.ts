import type { PostTag } from '../../../core/contracts/community';
import type { Sport } from '../../../core/contracts/matches';

/** Unprefixed paths of the community's views (LocalLink adds the reader's locale). */
export const communityPaths = {
  feed: '/community/community',
  hotList: '/community/community/pageLayout/hotList',
  editor: '/community/community/postInfo',
  post: (id: number) => `/community/community/postDetail/${id}`,
  user: (id: number) => `/community/community/userCenter/${id}`,
};

/** Where a post's tag leads: the match's, team's or competition's page. */
export function tagPath(tag: PostTag, sport: Sport): string {
  if (tag.type === 'match') return `/${sport}/Details/${tag.id}`;
  return tag.type === 'team' ? `/team/${tag.id}` : `/competition/${tag.id}`;
}

/**
 * The address a stored file is served at (`GET /files/<key>`, server/http/file-routes.ts): public
 * keys to anyone. Keys come from the API's answers; each segment is encoded.
 */
export function fileUrl(key: string): string {
  return `/files/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/** The key of a post file's picture to show in a list: the small width when there is one, or a video's poster. */
export function previewKeyOf(keys: readonly string[]): string | null {
  const picture = keys.find((key) => /\/w320\.webp$/.test(key)) ?? keys.find((key) => /\.(webp|jpe?g|png|gif)$/i.test(key));
  return picture ?? null;
}
