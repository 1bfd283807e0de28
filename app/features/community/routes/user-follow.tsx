import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { LocalLink } from '../../../components/local-link';
import { throwNotFound } from '../../../lib/not-found';
import { pageMeta } from '../../../lib/page-meta';
import { serverProfile, useBloggerProfile } from '../components/blogger-profile';
import { BloggerCard, BloggerFrame, Loading, LoadFailure } from '../components/blogger-card';
import { bloggerPaths, FOLLOW_TYPES, followTypeOf, userIdOf } from '../components/blogger-view';
import { PeopleList } from '../components/people-list';

/** `type` is `followers` or `following` (docs/decisions/145); any other, or an id the API refuses, is 404. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const pathname = new URL(request.url).pathname;
  const type = followTypeOf(params.type);
  const userId = userIdOf(params.id);
  if (type === null || userId === null) throwNotFound(pathname);
  return { type, userId, profile: await serverProfile(context, userId, pathname) };
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { namespace: 'community', title: `follow.meta.${args.data?.type ?? 'followers'}`, description: 'follow.meta.description', values: { id: args.data?.userId ?? '' }, noIndex: true });

/**
 * /community/community/userFollow/{type}/{id}: a fan's followers or the fans they follow, each
 * with a follow button, "load more" by cursor. A fan blocked either way, or closed: missing.
 */
export default function UserFollowRoute() {
  const { t } = useTranslation('community');
  const { type, userId, profile: initial } = useLoaderData<typeof loader>();
  const profile = useBloggerProfile(userId, initial);
  if (profile.error) {
    return (
      <BloggerFrame>
        <LoadFailure error={profile.error} retry={profile.reload} page />
      </BloggerFrame>
    );
  }
  const person = profile.data;
  return (
    <BloggerFrame>
      <BloggerCard testId="follow-page">
        {person === null ? (
          <Loading />
        ) : (
          <>
            <div className="flex items-center gap-3">
              <Avatar id={person.avatar} size={40} />
              <h1 className="min-w-0 flex-1 truncate text-lg font-bold">
                <LocalLink to={bloggerPaths.center(person.id)} className="hover:underline" data-testid="follow-owner">
                  {person.nickname}
                </LocalLink>
              </h1>
            </div>
            <nav aria-label={t('follow.tabsLabel')} className="mt-3 border-b border-line">
              <ul className="flex">
                {FOLLOW_TYPES.map((name) => (
                  <li key={name}>
                    <LocalLink
                      to={bloggerPaths.follow(name, person.id)}
                      aria-current={name === type ? 'page' : undefined}
                      className={`block border-b-2 px-3 py-2 text-sm font-semibold ${name === type ? 'border-accent text-accent' : 'border-transparent text-muted hover:text-text'}`}
                      data-testid={`follow-tab-${name}`}
                    >
                      {t(`follow.${name}`, { count: name === 'followers' ? person.fans_count : person.following_count })}
                    </LocalLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="mt-2">
              <PeopleList userId={person.id} type={type} empty={type === 'followers' ? t('follow.emptyFollowers') : t('follow.emptyFollowing')} />
            </div>
          </>
        )}
      </BloggerCard>
    </BloggerFrame>
  );
}
