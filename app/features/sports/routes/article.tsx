import { useTranslation } from 'react-i18next';
import { data, redirect, useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { newsArticlePath, type NewsArticle, type NewsArticleRead, type NewsTagView } from '../../../../core/contracts/news';
import { LOCALES, localizePath, splitLocalePath, type Locale } from '../../../../core/locale';
import { LocalLink } from '../../../components/local-link';
import { getT } from '../../../i18n/i18n';
import { useDateFormat } from '../../../lib/format';
import { loaderLocale } from '../../../lib/locale';
import { largeCoverKey } from '../../../lib/news';
import { throwNotFound } from '../../../lib/not-found';
import { findRootDataInMatches } from '../../../lib/root-data';
import { SITE_NAME } from '../../../lib/seo';
import { articleMeta } from '../news-seo';

const RELEASE_DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * /sports/{type}/{release_date}/{uuid}: one article in the page's language, rendered on the
 * server. The uuid decides: a wrong type or date moves for good (301) to the article's address;
 * a draft or unknown uuid is not found. An article not written in this language answers 404 (no
 * thin page for search engines) with a page that says so and links the languages it exists in.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs<AppLoadContext>) {
  const url = new URL(request.url);
  const locale = loaderLocale(request);
  const uuid = params.uuid ?? '';
  if (!UUID.test(uuid) || !RELEASE_DATE.test(params.releaseDate ?? '') || !context.news) throwNotFound(url.pathname);
  const read: NewsArticleRead | null = await context.news.article({ uuid, locale });
  if (read === null) throwNotFound(url.pathname);
  const canonical = read.kind === 'article' ? read.article.path : newsArticlePath(read);
  if (url.pathname !== localizePath(canonical, locale)) throw redirect(localizePath(canonical, locale), 301);
  if (read.kind === 'untranslated') return data({ read, nowSec: 0 }, { status: 404 });
  return { read, nowSec: Math.floor(Date.now() / 1000) };
}

export const meta: MetaFunction<typeof loader> = (args) => {
  const read = args.data?.read;
  if (!read) return [];
  const origin = findRootDataInMatches(args.matches)?.requestOrigin ?? '';
  if (read.kind === 'article') return articleMeta(read.article, origin);
  const locale = splitLocalePath(args.location.pathname).locale;
  const t = getT(locale, 'sports');
  return [{ title: `${t('untranslated.title')} | ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
};

const localeName = (code: Locale) => LOCALES.find((l) => l.code === code)?.name ?? code;

function tagPath(tag: NewsTagView, sport: NewsArticle['sport']): string {
  if (tag.type === 'team') return `/team/${tag.id}`;
  if (tag.type === 'competition') return `/competition/${tag.id}`;
  return `/${sport}/Details/${tag.id}`;
}

export default function ArticleRoute() {
  const { read } = useLoaderData<typeof loader>();
  return read.kind === 'article' ? <ArticleView article={read.article} /> : <Untranslated read={read} />;
}

function ArticleView({ article }: { article: NewsArticle }) {
  const { t } = useTranslation('sports');
  const formatDate = useDateFormat();
  const cover = largeCoverKey(article.cover_keys);
  const others = article.locales.filter((locale) => locale !== article.locale);
  const modified = article.modified_at.slice(0, 16) !== article.released_at.slice(0, 16);
  return (
    <article className="mx-auto w-full max-w-3xl bg-surface sm:my-4 sm:rounded-lg sm:border sm:border-line" data-testid="news-article" lang={article.locale}>
      <header className="px-4 pt-5 sm:px-6">
        <p className="text-xs font-semibold text-accent-strong uppercase dark:text-accent">
          <LocalLink to={`/sports/${article.type}`} className="hover:underline">
            {t(`type.${article.type}`)}
          </LocalLink>{' '}
          · {t(`sport.${article.sport}`)}
        </p>
        <h1 className="mt-1 text-2xl leading-tight font-bold tracking-tight break-words sm:text-3xl">{article.title}</h1>
        <p className="mt-2 text-base break-words text-muted">{article.summary}</p>
        <p className="mt-3 flex flex-wrap gap-x-3 text-xs text-muted">
          <span>{t('by')}</span>
          <time dateTime={article.released_at}>{t('published', { date: formatDate(article.released_at) })}</time>
          {modified ? <time dateTime={article.modified_at}>{t('updated', { date: formatDate(article.modified_at) })}</time> : null}
        </p>
        {others.length > 0 ? (
          <p className="mt-2 text-sm" data-testid="news-languages">
            <span className="text-muted">{t('otherLanguages')}: </span>
            {others.map((locale, index) => (
              <span key={locale}>
                {index > 0 ? ', ' : null}
                <a href={localizePath(article.path, locale)} hrefLang={locale} lang={locale} className="font-medium text-accent-strong hover:underline dark:text-accent">
                  {localeName(locale)}
                </a>
              </span>
            ))}
          </p>
        ) : null}
      </header>
      {cover ? <img src={`/files/${cover}`} alt={t('cover', { title: article.title })} className="mt-4 aspect-[16/9] w-full bg-surface-muted object-cover" /> : null}
      <div
        className="news-body px-4 py-5 text-base leading-relaxed break-words sm:px-6 [&_a]:text-accent-strong [&_a]:underline [&_blockquote]:my-3 [&_blockquote]:border-l-4 [&_blockquote]:border-line [&_blockquote]:pl-3 [&_blockquote]:text-muted [&_h2]:mt-5 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-4 [&_h3]:mb-1 [&_h3]:text-lg [&_h3]:font-semibold [&_img]:my-3 [&_img]:rounded-md [&_li]:ml-5 [&_ol]:list-decimal [&_p]:my-3 [&_ul]:list-disc"
        data-testid="news-body"
        // sanitised on the server to the article allow-list (docs/decisions/144)
        dangerouslySetInnerHTML={{ __html: article.body_html }}
      />
      {article.tags.length > 0 ? (
        <footer className="border-t border-line px-4 py-4 sm:px-6">
          <h2 className="text-xs font-semibold tracking-wide text-muted uppercase">{t('tags')}</h2>
          <ul className="mt-2 flex flex-wrap gap-2" data-testid="news-tags">
            {article.tags.map((tag) => (
              <li key={`${tag.type}:${tag.id}`}>
                <LocalLink to={tagPath(tag, article.sport)} className="inline-block rounded-full border border-line px-3 py-1 text-sm font-medium hover:bg-surface-muted">
                  {tag.name}
                </LocalLink>
              </li>
            ))}
          </ul>
        </footer>
      ) : null}
    </article>
  );
}

function Untranslated({ read }: { read: Extract<NewsArticleRead, { kind: 'untranslated' }> }) {
  const { t } = useTranslation('sports');
  const path = newsArticlePath(read);
  return (
    <article className="mx-auto max-w-3xl bg-surface px-4 py-6 sm:my-4 sm:rounded-lg sm:border sm:border-line sm:px-6" data-testid="news-untranslated">
      <h1 className="text-xl font-bold">{t('untranslated.title')}</h1>
      <p className="mt-2 text-muted">{t('untranslated.body')}</p>
      <ul className="mt-3 grid gap-2">
        {read.locales.map((locale) => (
          <li key={locale}>
            <a href={localizePath(path, locale)} hrefLang={locale} lang={locale} className="font-medium text-accent-strong hover:underline dark:text-accent">
              {localeName(locale)}: {read.titles[locale]}
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-5">
        <LocalLink to="/sports" className="text-sm font-medium text-accent-strong hover:underline dark:text-accent">
          {t('untranslated.back')}
        </LocalLink>
      </p>
    </article>
  );
}
