import { useTranslation } from 'react-i18next';
import { LocalLink } from '../../../components/local-link';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/ui/field';
import { communityPaths } from '../community-paths';

/**
 * A post the API does not show this reader (missing, hidden, blocked, another's waiting one):
 * the site's not-found wording, with the way back to the community. The answer is the same for
 * all of them, so nothing tells which it was.
 */
export function PostNotFound() {
  const { t } = useTranslation('errors');
  const { t: tc } = useTranslation('community');
  return (
    <section role="alert" className="mx-auto max-w-2xl bg-surface px-4 py-10 text-center sm:my-3 sm:rounded-lg sm:border sm:border-line" data-testid="post-not-found">
      <p className="text-sm font-semibold text-accent">404</p>
      <h1 className="mt-1 text-2xl font-bold">{t('notFound.page.title')}</h1>
      <p className="mt-3 text-base text-muted">{tc('post.notFound')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <LocalLink to={communityPaths.feed} end className={primaryButtonClass}>
          {tc('feed.title')}
        </LocalLink>
        <LocalLink to="/" end className={secondaryButtonClass}>
          {t('notFound.page.goHome')}
        </LocalLink>
      </div>
    </section>
  );
}
