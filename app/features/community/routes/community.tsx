import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import type { PostListData } from '../../../../core/contracts/community';
import { LocalLink } from '../../../components/local-link';
import { useCurrentUser } from '../../../lib/app-state';
import { useLocalizedPath } from '../../../lib/locale';
import { pageMeta } from '../../../lib/page-meta';
import { communityApi } from '../community-api';
import { communityPaths } from '../community-paths';
import { CommunityFrame } from '../components/community-frame';
import { LoginNeeded } from '../components/login-needed';
import { PostList } from '../components/post-list';
import { feedHref, FEED_TABS, parseFeedQuery, type FeedQuery } from '../feed-query';

/**
 * The tab and the sport filter are in the address, so every tab is a link that works without
 * scripts. The tab's first page is read on the server (docs/decisions/142) and is in the page's
 * HTML; the following tab of a signed-out reader is the login prompt, with no list to read.
 * `first` is null where the load context has no community read (loader tests): the page then asks
 * in the browser.
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<FeedQuery & { first: PostListData | null }> {
  const query = parseFeedQuery(new URL(request.url).searchParams);
  return { ...query, first: await firstPage(context, query) };
}

async function firstPage(context: AppLoadContext, query: FeedQuery): Promise<PostListData | null> {
  const reads = context.community;
  if (!reads) return null;
  const readerId = context.currentUser?.id ?? null;
  const sport = query.sport ?? undefined;
  if (query.tab === 'hot') return reads.hot({ sport, readerId });
  if (query.tab === 'following') return readerId === null ? null : reads.following({ sport, readerId });
  return reads.latest({ sport, readerId });
}

export const meta: MetaFunction = (args) => pageMeta(args, { namespace: 'community', title: 'feed.meta.title', description: 'feed.meta.description' });

const tabClass = (active: boolean) =>
  `-mb-px border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap ${active ? 'border-accent text-text' : 'border-transparent text-muted hover:text-text'}`;
const chipClass = (active: boolean) =>
  `rounded-full border px-3 py-1 text-xs font-medium ${active ? 'border-accent bg-accent text-accent-contrast' : 'border-line text-muted hover:text-text'}`;

/** /community/community: the feed with its tabs (latest, following, popular), a sport filter and "load more". */
export default function CommunityFeedRoute() {
  const { t } = useTranslation('community');
  const { first, ...query } = useLoaderData<typeof loader>();
  const user = useCurrentUser();
  const localize = useLocalizedPath();
  const href = (change: Partial<FeedQuery>) => feedHref(communityPaths.feed, { ...query, ...change });
  const sport = query.sport ?? undefined;
  const listKey = `community-feed:${query.tab}:${query.sport ?? ''}:${user?.id ?? ''}`;

  return (
    <CommunityFrame
      title={t('feed.title')}
      aside={
        <div className="hidden bg-surface px-4 py-4 sm:rounded-lg sm:border sm:border-line lg:block">
          <h2 className="font-semibold">{t('hot.title')}</h2>
          <p className="mt-1 text-sm text-muted">{t('hot.teaser')}</p>
          <LocalLink to={communityPaths.hotList} className="mt-2 inline-block text-sm font-medium text-accent hover:underline">
            {t('hot.open')}
          </LocalLink>
        </div>
      }
    >
      <nav aria-label={t('feed.tabsLabel')} className="flex overflow-x-auto border-b border-line px-2">
        {FEED_TABS.map((tab) => (
          <Link key={tab} to={localize(href({ tab }))} className={tabClass(query.tab === tab)} aria-current={query.tab === tab ? 'page' : undefined} data-testid={`feed-tab-${tab}`}>
            {t(`feed.tabs.${tab}`)}
          </Link>
        ))}
      </nav>
      <div className="flex flex-wrap gap-2 px-4 py-3" role="group" aria-label={t('feed.sportLabel')}>
        {([null, 'football', 'basketball'] as const).map((value) => (
          <Link key={value ?? 'all'} to={localize(href({ sport: value }))} className={chipClass(query.sport === value)} aria-current={query.sport === value ? 'true' : undefined}>
            {t(`feed.sport.${value ?? 'all'}`)}
          </Link>
        ))}
      </div>
      {query.tab === 'following' && !user ? (
        <LoginNeeded reason={t('feed.followingLogin')} />
      ) : (
        <PostList
          listKey={listKey}
          ranked={query.tab === 'hot'}
          empty={t(`feed.empty.${query.tab}`)}
          initial={first}
          load={(cursor) =>
            query.tab === 'hot'
              ? communityApi.hot({ sport, cursor: cursor ?? undefined })
              : communityApi.posts({ feed: query.tab, sport, cursor: cursor ?? undefined })
          }
        />
      )}
    </CommunityFrame>
  );
}
