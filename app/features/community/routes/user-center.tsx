import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { LocalLink } from '../../../components/local-link';
import { useCurrentUser } from '../../../lib/app-state';
import { throwNotFound } from '../../../lib/not-found';
import { pageMeta } from '../../../lib/page-meta';
import { community } from '../components/blogger-api';
import { serverProfile, useBloggerProfile } from '../components/blogger-profile';
import { BloggerCard, BloggerFrame, Loading, LoadFailure } from '../components/blogger-card';
import { bloggerPaths, tabOf, tabsFor, userIdOf, type UserCenterTab } from '../components/blogger-view';
import { PeopleList } from '../components/people-list';
import { PostList } from '../components/blogger-post-list';
import { UserHeader } from '../components/user-header';
import { PredictList, PurchasedList, WarRecord } from '../components/war-record';
import type { BloggerProfile } from '../../../../core/contracts/bloggers';

/**
 * The address decides what the page may be: a user id the API accepts and a known tab, else 404.
 * "purchased" is only the reader's own: anyone else (signed out, another fan, staff) gets the
 * missing page, as the tab is not theirs to see. The header is read on the server: a fan missing
 * to the reader (unknown, closed, blocked either way) is the 404 page.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const userId = userIdOf(params.id);
  if (userId === null) throwNotFound(url.pathname);
  const readerId = context.currentUser?.id ?? null;
  const tab = tabOf(url.searchParams.get('tab'), { is_own: readerId === userId });
  if (tab === null) throwNotFound(url.pathname);
  return { userId, tab, profile: await serverProfile(context, userId, url.pathname) };
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { namespace: 'community', title: 'blogger.meta.title', description: 'blogger.meta.description', values: { id: args.data?.userId ?? '' }, noIndex: true });

/**
 * /community/community/userCenter/{id}: a fan's page (specification: bloggers' home, posted,
 * purchased, followed; docs/decisions/145). The header and every list load in the browser with
 * the reader's session, so blocks hold both ways: a fan blocked either way, or a closed account,
 * is the missing page.
 */
export default function UserCenterRoute() {
  const { userId, tab, profile: initial } = useLoaderData<typeof loader>();
  const profile = useBloggerProfile(userId, initial);
  return (
    <BloggerFrame>
      {profile.error ? (
        <LoadFailure error={profile.error} retry={profile.reload} page />
      ) : profile.data === null ? (
        <BloggerCard>
          <Loading />
        </BloggerCard>
      ) : (
        <UserCenter profile={profile.data} tab={tab} onChange={profile.set} />
      )}
    </BloggerFrame>
  );
}

function UserCenter({ profile, tab, onChange }: { profile: BloggerProfile; tab: UserCenterTab; onChange: (profile: BloggerProfile) => void }) {
  const { t } = useTranslation('community');
  // the loader let "purchased" through only for the signed-in owner; the answer confirms it
  const shown = tab === 'purchased' && !profile.is_own ? 'home' : tab;
  return (
    <>
      <UserHeader profile={profile} onChange={onChange} />
      <nav aria-label={t('blogger.tabs.label')} className="bg-surface px-2 sm:rounded-lg sm:border sm:border-line">
        <ul className="flex overflow-x-auto">
          {tabsFor(profile).map((name) => (
            <li key={name}>
              <LocalLink
                to={bloggerPaths.center(profile.id, name)}
                aria-current={name === shown ? 'page' : undefined}
                className={`block border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap ${name === shown ? 'border-accent text-accent' : 'border-transparent text-muted hover:text-text'}`}
                data-testid={`tab-${name}`}
              >
                {t(`blogger.tabs.${name}`)}
              </LocalLink>
            </li>
          ))}
        </ul>
      </nav>
      {shown === 'home' ? <HomeTab profile={profile} /> : null}
      {shown === 'posted' ? (
        <BloggerCard title={t('blogger.tabs.posted')} testId="tab-posted-panel">
          <UserPosts userId={profile.id} size={20} more empty={t('blogger.posts.empty')} />
        </BloggerCard>
      ) : null}
      {shown === 'purchased' ? <PurchasedList /> : null}
      {shown === 'followed' ? (
        <BloggerCard title={t('blogger.tabs.followed')} testId="tab-followed-panel">
          <PeopleList userId={profile.id} type="following" empty={t('follow.emptyFollowing')} />
        </BloggerCard>
      ) : null}
    </>
  );
}

/** home: the latest few posts, and a tipster's record and plans. */
function HomeTab({ profile }: { profile: BloggerProfile }) {
  const { t } = useTranslation('community');
  return (
    <>
      <BloggerCard
        title={t('blogger.posts.recent')}
        action={
          <LocalLink to={bloggerPaths.center(profile.id, 'posted')} className="text-sm font-medium text-accent hover:underline">
            {t('blogger.posts.all')}
          </LocalLink>
        }
        testId="home-posts"
      >
        <UserPosts userId={profile.id} size={3} more={false} empty={t('blogger.posts.empty')} />
      </BloggerCard>
      {profile.is_tipster ? (
        <>
          <WarRecord userId={profile.id} />
          <PredictList userId={profile.id} />
        </>
      ) : null}
    </>
  );
}

function UserPosts({ userId, size, more, empty }: { userId: number; size: number; more: boolean; empty: string }) {
  const reader = useCurrentUser();
  return (
    <PostList
      queryKey={`${userId}:${size}:${reader?.id ?? ''}`}
      load={(cursor) => community('listUserPosts', { params: { id: userId }, query: { size, ...(cursor ? { cursor } : {}) } })}
      empty={empty}
      more={more}
    />
  );
}
