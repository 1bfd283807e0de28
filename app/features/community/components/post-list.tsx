import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommunityPost, PostListData } from '../../../../core/contracts/community';
import { FormAlert, secondaryButtonClass } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { useApiData } from '../../../lib/use-api-data';
import { appendPage } from '../feed-query';
import { PostCard } from './post-card';

/**
 * A list of posts with "load more" by cursor. `load` answers one page from a cursor (null: the
 * first page); `listKey` changes when the list asked for changes (a tab, a filter, the reader).
 * `initial`: the first page the loader read on the server (docs/decisions/142), shown at once and
 * in the page's HTML; without it the first page loads in the browser.
 */
export function PostList({
  listKey,
  load,
  empty,
  ranked = false,
  initial = null,
}: {
  listKey: string;
  load: (cursor: string | null) => Promise<PostListData>;
  empty: string;
  ranked?: boolean;
  initial?: PostListData | null;
}) {
  const { t } = useTranslation('community');
  const fetched = useApiData(`${listKey}:${initial ? 'server' : 'browser'}`, () => (initial ? Promise.resolve(initial) : load(null)));
  const first = initial ? { data: initial, error: null, reload: fetched.reload } : fetched;
  const [more, setMore] = useState<{ key: string; list: CommunityPost[]; cursor: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<unknown>(null);

  if (first.error) {
    return (
      <div className="grid justify-items-start gap-3 px-4 py-4">
        <FormAlert>{apiErrorDetails(first.error).message ?? t('feed.failed')}</FormAlert>
        <button type="button" onClick={first.reload} className={secondaryButtonClass}>
          {t('feed.retry')}
        </button>
      </div>
    );
  }
  if (first.data === null) {
    return (
      <p className="px-4 py-6 text-muted" role="status">
        {t('feed.loading')}
      </p>
    );
  }
  const extra = more && more.key === listKey ? more : null;
  const list = extra ? appendPage(first.data.list, extra.list) : first.data.list;
  const cursor = extra ? extra.cursor : first.data.next_cursor;

  async function loadMore() {
    if (cursor === null) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await load(cursor);
      setMore({ key: listKey, list: [...(extra?.list ?? []), ...page.list], cursor: page.next_cursor });
    } catch (error) {
      setMoreError(error);
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <div>
      {list.length === 0 ? (
        <p className="px-4 py-8 text-center text-muted" data-testid="feed-empty">
          {empty}
        </p>
      ) : (
        <ol className="grid sm:gap-3 sm:px-4 sm:pb-4" data-testid="post-list">
          {list.map((post, index) => (
            <li key={post.id} className="border-b border-line last:border-b-0 sm:border-b-0">
              <PostCard post={post} rank={ranked ? index + 1 : undefined} />
            </li>
          ))}
        </ol>
      )}
      {moreError ? (
        <div className="px-4 pt-3">
          <FormAlert>{apiErrorDetails(moreError).message ?? t('feed.failed')}</FormAlert>
        </div>
      ) : null}
      {cursor !== null && list.length > 0 ? (
        <div className="flex justify-center px-4 py-4">
          <button type="button" onClick={() => void loadMore()} disabled={loadingMore} className={secondaryButtonClass} data-testid="feed-more">
            {loadingMore ? t('feed.loading') : t('feed.more')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
