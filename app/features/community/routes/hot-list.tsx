import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import type { PostListData, WeeklyData } from '../../../../core/contracts/community';
import type { Sport } from '../../../../core/contracts/matches';
import { LocalLink } from '../../../components/local-link';
import { FormAlert } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { useLocalizedPath } from '../../../lib/locale';
import { pageMeta } from '../../../lib/page-meta';
import { useApiData } from '../../../lib/use-api-data';
import { communityApi } from '../community-api';
import { communityPaths } from '../community-paths';
import { CommunityFrame } from '../components/community-frame';
import { PostList } from '../components/post-list';
import { parseFeedQuery } from '../feed-query';

/**
 * The hot list's first page and the weekly ranking are read on the server (docs/decisions/142)
 * and are in the page's HTML; null where the load context has no community read (loader tests):
 * the page then asks in the browser.
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<{ sport: Sport | null; first: PostListData | null; weekly: WeeklyData | null }> {
  const sport = parseFeedQuery(new URL(request.url).searchParams).sport;
  const reads = context.community;
  if (!reads) return { sport, first: null, weekly: null };
  const readerId = context.currentUser?.id ?? null;
  // one after the other: the server's database may be a single connection (PGlite)
  const first = await reads.hot({ sport: sport ?? undefined, readerId });
  const weekly = await reads.weekly({ sport: sport ?? undefined, readerId });
  return { sport, first, weekly };
}

export const meta: MetaFunction = (args) => pageMeta(args, { namespace: 'community', title: 'hot.meta.title', description: 'hot.meta.description' });

const chipClass = (active: boolean) =>
  `rounded-full border px-3 py-1 text-xs font-medium ${active ? 'border-accent bg-accent text-accent-contrast' : 'border-line text-muted hover:text-text'}`;

/** The week's most liked posts, beside the hot list. */
function WeeklyRanking({ sport, initial }: { sport: Sport | null; initial: WeeklyData | null }) {
  const { t } = useTranslation('community');
  const fetched = useApiData(`community-weekly:${sport ?? ''}:${initial ? 'server' : 'browser'}`, () => (initial ? Promise.resolve(initial) : communityApi.weekly({ sport: sport ?? undefined })));
  const weekly = initial ? { data: initial, error: null } : fetched;
  return (
    <section className="bg-surface px-4 py-4 sm:rounded-lg sm:border sm:border-line" data-testid="weekly-ranking" aria-labelledby="weekly-title">
      <h2 id="weekly-title" className="font-semibold">
        {t('hot.weekly')}
      </h2>
      {weekly.error ? (
        <div className="mt-2">
          <FormAlert>{apiErrorDetails(weekly.error).message ?? t('feed.failed')}</FormAlert>
        </div>
      ) : weekly.data === null ? (
        <p className="mt-2 text-sm text-muted" role="status">
          {t('feed.loading')}
        </p>
      ) : (
        <>
          <p className="text-xs text-muted">{t('hot.weekOf', { date: weekly.data.week_start.slice(0, 10) })}</p>
          {weekly.data.list.length === 0 ? (
            <p className="mt-2 text-sm text-muted">{t('hot.weeklyEmpty')}</p>
          ) : (
            <ol className="mt-2 grid gap-2">
              {weekly.data.list.map((row) => (
                <li key={row.post.id} className="flex gap-2 text-sm">
                  <span className="w-5 shrink-0 text-center font-bold text-accent tabular-nums">{row.rank}</span>
                  <span className="min-w-0">
                    <LocalLink to={communityPaths.post(row.post.id)} className="line-clamp-2 break-words hover:underline">
                      {row.post.excerpt || t('post.noText')}
                    </LocalLink>
                    <span className="block text-xs text-muted">
                      {row.post.author?.nickname} · {t('hot.weeklyLikes', { count: row.likes_in_week })}
                    </span>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}

/** pageLayout/hotList: posts ranked by likes and comments with time decay, cursor pages, and the weekly ranking. */
export default function HotListRoute() {
  const { t } = useTranslation('community');
  const { sport, first, weekly } = useLoaderData<typeof loader>();
  const localize = useLocalizedPath();
  return (
    <CommunityFrame title={t('hot.title')} aside={<WeeklyRanking sport={sport} initial={weekly} />}>
      <div className="flex flex-wrap items-center gap-2 px-4 py-3" role="group" aria-label={t('feed.sportLabel')}>
        {([null, 'football', 'basketball'] as const).map((value) => (
          <Link
            key={value ?? 'all'}
            to={localize(value ? `${communityPaths.hotList}?sport=${value}` : communityPaths.hotList)}
            className={chipClass(sport === value)}
            aria-current={sport === value ? 'true' : undefined}
          >
            {t(`feed.sport.${value ?? 'all'}`)}
          </Link>
        ))}
        <LocalLink to={communityPaths.feed} end className="ms-auto text-sm font-medium text-muted hover:text-text">
          <span aria-hidden="true">‹</span> {t('feed.back')}
        </LocalLink>
      </div>
      <p className="px-4 pb-2 text-xs text-muted">{t('hot.explain')}</p>
      <PostList listKey={`community-hot:${sport ?? ''}`} initial={first} ranked empty={t('feed.empty.hot')} load={(cursor) => communityApi.hot({ sport: sport ?? undefined, cursor: cursor ?? undefined })} />
    </CommunityFrame>
  );
}
