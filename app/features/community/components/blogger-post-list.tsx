import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommunityPost, PostListData } from '../../../../core/contracts/community';
import { forecastPaths } from '../../../components/forecast/forecast-paths';
import { LocalLink } from '../../../components/local-link';
import { FormAlert, linkClass, secondaryButtonClass } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { useApiData } from '../../../lib/use-api-data';
import { Loading, LoadFailure } from './blogger-card';
import { appendPage } from './blogger-view';
import { PostCard } from './post-card';

/**
 * A plan post's mark (docs/decisions/145): the post is the first 30% of a plan's description, so
 * it says so and leads to the plan. Nothing for a fan's own post.
 */
export function PlanPostLink({ post }: { post: Pick<CommunityPost, 'plan_id' | 'status'> }) {
  const { t } = useTranslation('community');
  if (post.plan_id === null || post.plan_id === undefined || post.status === 'deleted') return null;
  return (
    <p className="flex flex-wrap items-center gap-2 px-4 pb-3 text-sm sm:px-0" data-testid="plan-post">
      <span className="rounded-full bg-goal-soft px-2 py-0.5 text-xs font-semibold text-goal">{t('blogger.planPost.badge')}</span>
      <LocalLink to={forecastPaths.plan(post.plan_id)} className={linkClass} data-testid="plan-post-link">
        {t('blogger.planPost.read')}
      </LocalLink>
    </p>
  );
}

/** A post in a fan's lists: the community's card, and a plan post's link to its plan. */
export function BloggerPost({ post }: { post: CommunityPost }) {
  return (
    <li>
      <PostCard post={post} />
      <PlanPostLink post={post} />
    </li>
  );
}

/**
 * A cursor-paged list of posts (a fan's posts, saved posts): the first page loads with the page,
 * "load more" asks for the next one after the last cursor.
 */
export function PostList({ queryKey, load, empty, more = true }: { queryKey: string; load: (cursor?: string) => Promise<PostListData>; empty: string; more?: boolean }) {
  const { t } = useTranslation('community');
  const first = useApiData(`blogger-posts:${queryKey}`, () => load());
  const [extra, setExtra] = useState<{ key: string; list: CommunityPost[]; cursor: string | null } | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (first.error) return <LoadFailure error={first.error} retry={first.reload} />;
  if (first.data === null) return <Loading />;
  const shown = extra !== null && extra.key === queryKey ? appendPage(first.data.list, extra.list) : first.data.list;
  const cursor = extra !== null && extra.key === queryKey ? extra.cursor : first.data.next_cursor;
  if (shown.length === 0) {
    return (
      <p className="rounded-md bg-surface-muted px-4 py-4 text-sm" data-testid="posts-empty">
        {empty}
      </p>
    );
  }

  async function loadMore() {
    if (cursor === null) return;
    setPending(true);
    setError(null);
    try {
      const next = await load(cursor);
      setExtra((before) => ({ key: queryKey, list: [...(before?.key === queryKey ? before.list : []), ...next.list], cursor: next.next_cursor }));
    } catch (failure) {
      setError(apiErrorDetails(failure).message ?? t('blogger.failed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="grid gap-3">
      <ul className="grid gap-0 sm:gap-2" data-testid="blogger-posts">
        {shown.map((post) => (
          <BloggerPost key={post.id} post={post} />
        ))}
      </ul>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {more && cursor !== null ? (
        <button type="button" onClick={() => void loadMore()} disabled={pending} className={`${secondaryButtonClass} justify-self-center`} data-testid="posts-more">
          {t('blogger.loadMore')}
        </button>
      ) : null}
    </div>
  );
}
