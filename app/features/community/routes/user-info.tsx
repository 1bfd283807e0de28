import { useTranslation } from 'react-i18next';
import type { MetaFunction } from 'react-router';
import { useCurrentUser } from '../../../lib/app-state';
import { pageMeta } from '../../../lib/page-meta';
import { BloggerCard, BloggerFrame, LoginFirst } from '../components/blogger-card';
import { MineCenter } from '../components/mine-center';

export const meta: MetaFunction = (args) => pageMeta(args, { namespace: 'community', title: 'mine.meta.title', description: 'mine.meta.description', noIndex: true });

/**
 * /community/community/pageLayout/userInfo: the signed-in fan's own card and centre in the
 * community (mineCenter). Signed out: "Please log in first" and the way in, coming back here.
 */
export default function UserInfoRoute() {
  const { t } = useTranslation('community');
  const user = useCurrentUser();
  return (
    <BloggerFrame>
      {user === null ? (
        <BloggerCard title={t('mine.title')} testId="mine-signed-out">
          <LoginFirst reason={t('mine.loginReason')} />
        </BloggerCard>
      ) : (
        <MineCenter user={user} />
      )}
    </BloggerFrame>
  );
}
