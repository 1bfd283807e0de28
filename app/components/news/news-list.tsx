import { useTranslation } from 'react-i18next';
import type { NewsCard } from '../../../core/contracts/news';
import { useDateFormat } from '../../lib/format';
import { smallCoverKey } from '../../lib/news';
import { LocalLink } from '../local-link';

/** A list of article cards: cover, type, title, summary and release date, each linking to its article. */
export function NewsList({ articles, compact = false }: { articles: readonly NewsCard[]; compact?: boolean }) {
  const { t } = useTranslation('sports');
  const formatDate = useDateFormat();
  return (
    <ul className={compact ? 'divide-y divide-line' : 'grid gap-3 sm:grid-cols-2'} data-testid="news-list">
      {articles.map((article) => {
        const cover = smallCoverKey(article.cover_keys);
        return (
          <li key={article.uuid} data-testid="news-card" data-uuid={article.uuid} className={compact ? 'py-2' : 'overflow-hidden rounded-lg border border-line bg-surface'}>
            <LocalLink to={article.path} className={`group flex gap-3 ${compact ? '' : 'flex-col'} focus-visible:outline-none`}>
              {cover && !compact ? (
                <img src={`/files/${cover}`} alt="" loading="lazy" className="aspect-[16/9] w-full bg-surface-muted object-cover" />
              ) : null}
              <div className={compact ? 'min-w-0' : 'min-w-0 px-3 pb-3'}>
                <p className="text-xs font-semibold text-accent-strong uppercase dark:text-accent">
                  {t(`type.${article.type}`)} · {t(`sport.${article.sport}`)}
                </p>
                <h3 className={`${compact ? 'text-sm' : 'text-base'} font-semibold break-words group-hover:text-accent group-focus-visible:underline`}>{article.title}</h3>
                {compact ? null : <p className="mt-1 line-clamp-3 text-sm break-words text-muted">{article.summary}</p>}
                <p className="mt-1 text-xs text-muted">
                  <time dateTime={article.released_at}>{formatDate(article.released_at, { dateStyle: 'medium' })}</time>
                </p>
              </div>
            </LocalLink>
          </li>
        );
      })}
    </ul>
  );
}

/** The small "News" block of a team, competition or match page: its latest tagged articles, or an honest empty line. */
export function NewsBlock({ articles }: { articles: readonly NewsCard[] }) {
  const { t } = useTranslation('sports');
  return (
    <section aria-labelledby="news-block-title" className="border-t border-line px-3 py-4" data-testid="news-block">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="news-block-title" className="text-sm font-semibold tracking-wide text-muted uppercase">
          {t('block.title')}
        </h2>
        <LocalLink to="/sports" className="text-sm font-medium text-accent-strong hover:underline dark:text-accent">
          {t('block.all')}
        </LocalLink>
      </div>
      {articles.length === 0 ? <p className="mt-2 text-sm text-muted">{t('block.empty')}</p> : <div className="mt-1"><NewsList articles={articles} compact /></div>}
    </section>
  );
}
