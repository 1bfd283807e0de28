import { useTranslation } from 'react-i18next';
import { data, Form, useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { foldForSearch, isSearchable, SEARCH_QUERY_MAX, type SearchData } from '../../../../core/contracts/search';
import { hasControlCharacters } from '../../../../core/contracts/text';
import { LocalLink } from '../../../components/local-link';
import { GROUP_LABEL, ResultLine, resultKey, resultPath, searchGroups, SEARCH_NAMESPACE } from '../../../components/search/search-parts';
import { loaderLocale, useLocalizedPath } from '../../../lib/locale';
import { pageMeta } from '../../../lib/page-meta';

/** A query the page refuses: the key of its message in core/messages, and its values. */
type QueryError = { key: 'api.validation.controlCharacters' } | { key: 'api.validation.tooLong'; params: { max: number } };

interface SearchPageData {
  q: string;
  results: SearchData | null;
  error: QueryError | null;
}

/** What the input shows back: the query without the control characters it was refused for. */
function printable(value: string): string {
  return [...value].filter((character) => !hasControlCharacters(character)).join('');
}

/**
 * `/search?q=…`: the full search page, rendered on the server so it works without JavaScript
 * and can be linked (docs/decisions/094-search.md). Same answers as GET /api/search; a refused
 * query answers 400 with the API's translated message.
 */
export async function loader({ request, context }: LoaderFunctionArgs<AppLoadContext>) {
  const raw = new URL(request.url).searchParams.get('q') ?? '';
  const q = raw.trim();
  const refuse = (error: QueryError) => data<SearchPageData>({ q: printable(q).slice(0, SEARCH_QUERY_MAX), results: null, error }, { status: 400 });
  if (hasControlCharacters(raw)) return refuse({ key: 'api.validation.controlCharacters' });
  if (q.length > SEARCH_QUERY_MAX) return refuse({ key: 'api.validation.tooLong', params: { max: SEARCH_QUERY_MAX } });
  if (q === '' || !context.search) return data<SearchPageData>({ q, results: null, error: null });
  const results = await context.search.search({ q, locale: loaderLocale(request) });
  return data<SearchPageData>({ q, results, error: null });
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { namespace: SEARCH_NAMESPACE, title: 'page.meta.title', description: 'page.meta.description', noIndex: true });

export default function SearchPage() {
  const { t } = useTranslation(SEARCH_NAMESPACE);
  const { q, results, error } = useLoaderData<typeof loader>();
  const localize = useLocalizedPath();
  const groups = results ? searchGroups(results) : [];

  return (
    <article className="mx-auto w-full max-w-3xl bg-surface px-3 py-5 sm:my-3 sm:rounded-lg sm:border sm:border-line sm:px-6">
      <h1 className="text-xl font-bold tracking-tight sm:text-2xl">{t('page.heading')}</h1>
      <p className="mt-1 text-muted">{t('page.intro')}</p>
      <Form method="get" action={localize('/search')} role="search" className="mt-4 flex gap-2">
        <input
          type="search"
          name="q"
          defaultValue={q}
          key={q}
          aria-label={t('label')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'search-error' : undefined}
          placeholder={t('placeholder')}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          className="min-w-0 flex-1 rounded border border-line bg-background px-3 py-2 text-base"
        />
        <button type="submit" className="rounded bg-accent px-4 py-2 font-semibold text-accent-contrast hover:bg-accent-strong">
          {t('submit')}
        </button>
      </Form>
      {error ? (
        <p id="search-error" role="alert" className="mt-3 font-semibold text-live">
          {t(`messages:${error.key}`, 'params' in error ? error.params : {})}
        </p>
      ) : null}
      {results ? (
        <section aria-labelledby="search-results" className="mt-5">
          <h2 id="search-results" className="text-lg font-semibold">
            {t('page.resultsFor', { q: results.q })}
          </h2>
          {groups.length === 0 ? (
            <p className="mt-2 text-muted">{!isSearchable(foldForSearch(q)) ? t('tooShort') : t('empty', { q: results.q })}</p>
          ) : (
            groups.map((group) => (
              <section key={group.kind} aria-labelledby={`search-group-${group.kind}`} className="mt-4">
                <h3 id={`search-group-${group.kind}`} className="text-xs font-semibold text-muted uppercase">
                  {t(GROUP_LABEL[group.kind])}
                </h3>
                <ul className="mt-1 divide-y divide-line rounded-md border border-line">
                  {group.results.map((result) => (
                    <li key={resultKey(result)}>
                      <LocalLink to={resultPath(result)} className="block px-3 py-2.5 hover:bg-surface-muted">
                        <ResultLine result={result} />
                      </LocalLink>
                    </li>
                  ))}
                </ul>
              </section>
            ))
          )}
        </section>
      ) : null}
    </article>
  );
}
