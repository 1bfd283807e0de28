import { useTranslation } from 'react-i18next';
import { redirect, useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { isNewsType, LEGACY_NEWS_CODES, NEWS_TYPES, type NewsListData, type NewsType } from '../../../../core/contracts/news';
import type { Sport } from '../../../../core/contracts/matches';
import { localizePath, splitLocalePath } from '../../../../core/locale';
import { LocalLink } from '../../../components/local-link';
import { NewsList } from '../../../components/news/news-list';
import { getT } from '../../../i18n/i18n';
import { loaderLocale, useLocalizedPath } from '../../../lib/locale';
import { throwNotFound } from '../../../lib/not-found';
import { findRootDataInMatches } from '../../../lib/root-data';
import { seoMeta } from '../../../lib/seo';

const PAGE_SIZE = 20;
const LEGACY_CODE = /^\d{3}$/;
const CURSOR = /^\d{1,15}\.\d{1,10}$/;

interface SportsPageData {
  type: NewsType | null;
  sport: Sport | null;
  cursor: string | null;
  data: NewsListData;
}

function sportOf(value: string | null): Sport | null {
  return value === 'football' || value === 'basketball' ? value : null;
}

/**
 * /sports and /sports/{type}: the latest articles written in the page's language, newest first,
 * by type and sport, rendered on the server. The old site's three-digit codes (/sports/101,
 * where /sports_101/… lands) move for good to their type; an unknown code to /sports.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs<AppLoadContext>): Promise<SportsPageData> {
  const url = new URL(request.url);
  const locale = loaderLocale(request);
  let type: NewsType | null = null;
  if (params.type !== undefined) {
    if (LEGACY_CODE.test(params.type)) {
      const mapped = LEGACY_NEWS_CODES[params.type];
      throw redirect(localizePath(mapped ? `/sports/${mapped}` : '/sports', locale), 301);
    }
    if (!isNewsType(params.type)) throwNotFound(url.pathname);
    type = params.type;
  }
  const sport = sportOf(url.searchParams.get('sport'));
  const rawCursor = url.searchParams.get('cursor');
  const cursor = rawCursor !== null && CURSOR.test(rawCursor) ? rawCursor : null;
  const empty: NewsListData = { list: [], next_cursor: null };
  const data = context.news ? await context.news.list({ locale, type: type ?? undefined, sport: sport ?? undefined, cursor: cursor ?? undefined, size: PAGE_SIZE }) : empty;
  return { type, sport, cursor, data };
}

export const meta: MetaFunction<typeof loader> = (args) => {
  const locale = splitLocalePath(args.location.pathname).locale;
  const t = getT(locale, 'sports');
  const type = args.data?.type ?? null;
  const origin = findRootDataInMatches(args.matches)?.requestOrigin ?? '';
  const base = seoMeta({
    title: type ? t('page.typeTitle', { type: t(`type.${type}`) }) : t('page.title'),
    description: type ? t('page.typeDescription', { type: t(`type.${type}`) }) : t('page.description'),
    pathname: args.location.pathname,
    origin,
    locale,
    // pages further down a list, or filtered by sport, are not separate pages for a search engine
    noIndex: Boolean(args.data?.cursor || args.data?.sport),
  });
  return [...base, { tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title: t('rss'), href: `${origin}${localizePath('/sports/rss.xml', locale)}` }];
};

function listHref(type: NewsType | null, sport: Sport | null, cursor?: string | null): string {
  const params = new URLSearchParams();
  if (sport) params.set('sport', sport);
  if (cursor) params.set('cursor', cursor);
  const search = params.toString();
  return `${type ? `/sports/${type}` : '/sports'}${search ? `?${search}` : ''}`;
}

const chip = (active: boolean) =>
  `inline-block rounded-full border px-3 py-1 text-sm font-medium whitespace-nowrap ${active ? 'border-accent bg-accent-soft text-accent-strong dark:text-accent' : 'border-line text-muted hover:bg-surface-muted'}`;

export default function SportsRoute() {
  const { t } = useTranslation('sports');
  const { type, sport, cursor, data } = useLoaderData<typeof loader>();
  const localize = useLocalizedPath();
  return (
    <article className="mx-auto w-full max-w-4xl px-3 py-4 sm:py-6" data-testid="sports-page">
      <header className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{type ? t(`type.${type}`) : t('page.title')}</h1>
          <p className="mt-1 text-sm text-muted">{t('page.lead')}</p>
        </div>
        <a href={localize('/sports/rss.xml')} className="text-sm font-medium text-accent-strong hover:underline dark:text-accent" data-rss>
          {t('rss')}
        </a>
      </header>
      <nav aria-label={t('filters.types')} className="mt-4 -mx-3 overflow-x-auto px-3">
        <ul className="flex gap-2">
          <li>
            <LocalLink to={listHref(null, sport)} end className={() => chip(type === null)} aria-current={type === null ? 'page' : undefined}>
              {t('type.all')}
            </LocalLink>
          </li>
          {NEWS_TYPES.map((option) => (
            <li key={option}>
              <LocalLink to={listHref(option, sport)} className={() => chip(type === option)} aria-current={type === option ? 'page' : undefined}>
                {t(`type.${option}`)}
              </LocalLink>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label={t('filters.sports')} className="mt-2 flex flex-wrap gap-2">
        {([null, 'football', 'basketball'] as const).map((option) => (
          <LocalLink key={option ?? 'all'} to={listHref(type, option)} className={() => chip(sport === option)} aria-current={sport === option ? 'true' : undefined}>
            {option ? t(`sport.${option}`) : t('sport.all')}
          </LocalLink>
        ))}
      </nav>
      <div className="mt-4">
        {data.list.length === 0 ? (
          <p className="rounded-lg border border-line bg-surface px-4 py-6 text-center text-muted" data-testid="news-empty">
            {cursor ? t('empty.older') : type || sport ? t('empty.filtered') : t('empty.all')}
          </p>
        ) : (
          <NewsList articles={data.list} />
        )}
      </div>
      <div className="mt-4 flex flex-wrap justify-between gap-2">
        {cursor ? (
          <LocalLink to={listHref(type, sport)} className="text-sm font-medium text-accent-strong hover:underline dark:text-accent">
            {t('newest')}
          </LocalLink>
        ) : (
          <span />
        )}
        {data.next_cursor ? (
          <LocalLink to={listHref(type, sport, data.next_cursor)} className="rounded-md border border-line px-3 py-2 text-sm font-semibold hover:bg-surface-muted" rel="next">
            {t('older')}
          </LocalLink>
        ) : null}
      </div>
    </article>
  );
}
