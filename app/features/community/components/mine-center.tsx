import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../../core/contracts/account';
import { Avatar } from '../../../components/avatar';
import { LocalLink } from '../../../components/local-link';
import { linkClass } from '../../../components/ui/field';
import { formatNumber } from '../../../lib/format';
import { useLocale } from '../../../lib/locale';
import { community } from './blogger-api';
import { BloggerCard } from './blogger-card';
import { bloggerPaths } from './blogger-view';
import { PostList } from './blogger-post-list';
import { BlockedList } from './blocked-list';

/**
 * mineCenter: the signed-in fan's own corner of the community — their card with the fans and
 * following counts of their account, links to their page, their posts and their follow lists,
 * their saved posts, and the fans they blocked (to lift a block). Drafts are not kept: a post is
 * written and sent in one go.
 */
export function MineCenter({ user }: { user: UserInfo }) {
  const { t } = useTranslation('community');
  const locale = useLocale();
  const n = (value: number) => formatNumber(value, locale);
  return (
    <>
      <BloggerCard testId="mine-card">
        <div className="flex flex-wrap items-center gap-3">
          <Avatar id={user.avatar} size={56} />
          <div className="min-w-0 flex-1">
            <p className="truncate text-lg font-bold" data-testid="mine-nickname">
              {user.nickname}
            </p>
            <p className="mt-1 flex flex-wrap gap-x-4 text-sm tabular-nums">
              <LocalLink to={bloggerPaths.follow('followers', user.id)} className="hover:underline" data-testid="mine-fans">
                {t('blogger.fans', { count: user.fans_count, formatted: n(user.fans_count) })}
              </LocalLink>
              <LocalLink to={bloggerPaths.follow('following', user.id)} className="hover:underline" data-testid="mine-following">
                {t('blogger.following', { count: user.following_count, formatted: n(user.following_count) })}
              </LocalLink>
            </p>
          </div>
        </div>
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <li>
            <LocalLink to={bloggerPaths.center(user.id)} className={linkClass} data-testid="mine-page">
              {t('mine.myPage')}
            </LocalLink>
          </li>
          <li>
            <LocalLink to={bloggerPaths.center(user.id, 'posted')} className={linkClass}>
              {t('mine.myPosts')}
            </LocalLink>
          </li>
          <li>
            <LocalLink to={bloggerPaths.center(user.id, 'purchased')} className={linkClass}>
              {t('mine.purchased')}
            </LocalLink>
          </li>
        </ul>
        <p className="mt-2 text-xs text-muted">{t('mine.noDrafts')}</p>
      </BloggerCard>
      <BloggerCard title={t('mine.saved')} testId="mine-saved">
        <PostList
          queryKey={`saved:${user.id}`}
          load={(cursor) => community('listFavourites', { params: { id: user.id }, query: { size: 10, ...(cursor ? { cursor } : {}) } })}
          empty={t('mine.savedEmpty')}
        />
      </BloggerCard>
      <BloggerCard title={t('mine.blocked')} testId="mine-blocked">
        <BlockedList userId={user.id} />
      </BloggerCard>
    </>
  );
}
