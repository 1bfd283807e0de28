import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../../components/ui/field';
import { formatNumber, useDateFormat } from '../../../lib/format';
import { useLocale, useLocalizedPath } from '../../../lib/locale';
import { useApiData } from '../../../lib/use-api-data';
import { RoleBadge, StatusBadge } from '../components/badges';
import { Pagination } from '../components/pagination';
import { LoadState, StaffCard, StaffFrame } from '../../../components/staff/staff-frame';
import { StaffGate } from '../../../components/staff/staff-gate';
import { loadStaffAccess } from '../../../components/staff/staff-access';
import { staffApi } from '../staff-api';
import { listSearch, pageCount, parsePageParam } from '../staff-lists';
import { staffMeta } from '../../../components/staff/staff-meta';
import { staffUserPath, USERS_PAGE_SIZE } from '../staff-paths';

export function loader(args: LoaderFunctionArgs) {
  return loadStaffAccess(args);
}

export const meta = staffMeta('page.title');

/** /staff: find accounts by nickname, email or id (GET /api/staff/users), 20 a page, newest first. */
export default function StaffUsersRoute() {
  const access = useLoaderData<typeof loader>();
  return (
    <StaffGate access={access}>
      <UserList />
    </StaffGate>
  );
}

function UserList() {
  const { t } = useTranslation('staff');
  const locale = useLocale();
  const localize = useLocalizedPath();
  const formatDate = useDateFormat();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  const page = parsePageParam(params.get('page'));
  const users = useApiData(`staff-users:${q}:${page}`, () => staffApi.listUsers({ q, page, size: USERS_PAGE_SIZE }));
  const { data } = users;
  const pages = data ? pageCount(data.total, data.size) : 1;

  return (
    <StaffFrame title={t('users.title')} lead={t('users.lead')}>
      <StaffCard aria-labelledby="staff-users-results">
        <SearchForm key={q} q={q} />
        <h2 id="staff-users-results" className="mt-4 text-sm font-medium text-muted" aria-live="polite" data-testid="staff-users-count">
          {data === null || (q !== '' && data.total === 0)
            ? '\u00a0'
            : q === ''
              ? t('users.count', { count: data.total, formatted: formatNumber(data.total, locale) })
              : t('users.matching', { count: data.total, formatted: formatNumber(data.total, locale), q })}
        </h2>
        <div className="mt-2">
          {data === null || users.error ? (
            <LoadState error={users.error} onRetry={users.reload} />
          ) : data.list.length === 0 ? (
            <p className="rounded-md bg-surface-muted px-4 py-4 text-sm">{page > 1 ? t('users.pageEmpty') : q === '' ? t('users.empty') : t('users.noMatch', { q })}</p>
          ) : (
            <table className="w-full text-sm" aria-busy={users.loading}>
              <caption className="sr-only">{t('users.title')}</caption>
              <thead className="hidden text-xs text-muted md:table-header-group">
                <tr className="border-b border-line">
                  <th scope="col" className="py-2 pe-3 text-start font-medium">
                    {t('users.columns.user')}
                  </th>
                  <th scope="col" className="py-2 pe-3 text-start font-medium">
                    {t('users.columns.email')}
                  </th>
                  <th scope="col" className="py-2 pe-3 text-start font-medium">
                    {t('users.columns.role')}
                  </th>
                  <th scope="col" className="py-2 pe-3 text-start font-medium">
                    {t('users.columns.status')}
                  </th>
                  <th scope="col" className="py-2 pe-3 text-end font-medium">
                    {t('users.columns.points')}
                  </th>
                  <th scope="col" className="py-2 text-end font-medium">
                    {t('users.columns.joined')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {data.list.map((user) => (
                  <tr
                    key={user.id}
                    data-testid="staff-user-row"
                    data-user-id={user.id}
                    className="relative grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 py-3 hover:bg-surface-muted/60 md:table-row"
                  >
                    <td className="min-w-0 md:py-2.5 md:pe-3">
                      {/* The whole row opens the user; the link is the nickname, for readers and keyboards. */}
                      <Link to={localize(staffUserPath(user.id))} className="font-semibold break-words after:absolute after:inset-0 hover:text-accent focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-accent/40">
                        {user.nickname}
                      </Link>
                      <span className="ms-1.5 text-xs text-muted tabular-nums">{t('user.id', { id: user.id })}</span>
                    </td>
                    <td
                      className="col-start-1 min-w-0 truncate text-xs text-muted md:max-w-64 md:py-2.5 md:pe-3 md:text-sm md:text-text"
                      title={user.email ?? undefined}
                    >
                      {user.email ?? <span className="italic text-muted">{t('users.noEmail')}</span>}
                    </td>
                    <td className="col-start-1 flex flex-wrap gap-1.5 md:table-cell md:py-2.5 md:pe-3">
                      <RoleBadge role={user.role} />
                      <span className="md:hidden">
                        <StatusBadge status={user.status} />
                      </span>
                    </td>
                    <td className="hidden md:table-cell md:py-2.5 md:pe-3">
                      <StatusBadge status={user.status} />
                    </td>
                    <td className="col-start-2 row-start-1 text-end font-bold tabular-nums md:py-2.5 md:pe-3" data-testid="staff-user-points">
                      <span className="sr-only md:hidden">{t('users.columns.points')}: </span>
                      {formatNumber(user.points, locale)}
                    </td>
                    <td className="col-start-2 row-span-2 row-start-2 self-end text-end text-xs whitespace-nowrap text-muted md:py-2.5 md:text-sm">
                      {formatDate(user.created_at, { dateStyle: 'medium' })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        {data ? <Pagination label={t('users.pagination')} page={page} pages={pages} href={(n) => listSearch({ q, page: n })} /> : null}
      </StaffCard>
    </StaffFrame>
  );
}

/** A GET form: the search lives in the URL (?q=), so it can be shared, reloaded and gone back to. */
function SearchForm({ q }: { q: string }) {
  const { t } = useTranslation('staff');
  const [value, setValue] = useState(q);
  return (
    <Form method="get" role="search" className="flex gap-2" data-testid="staff-search">
      <label htmlFor="staff-search-q" className="sr-only">
        {t('users.search.label')}
      </label>
      <input
        id="staff-search-q"
        type="search"
        name="q"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={t('users.search.placeholder')}
        maxLength={100}
        autoComplete="off"
        enterKeyHint="search"
        className={inputClass}
      />
      <button type="submit" className={primaryButtonClass}>
        {t('users.search.submit')}
      </button>
      {q !== '' ? (
        <Link to="?" className={`${secondaryButtonClass} hidden sm:inline-flex`}>
          {t('users.search.clear')}
        </Link>
      ) : null}
    </Form>
  );
}
