import { useTranslation } from 'react-i18next';
import { useLoaderData, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { FormAlert } from '../../../components/ui/field';
import { useCurrentUser } from '../../../lib/app-state';
import { formatNumber, useDateFormat } from '../../../lib/format';
import { useLocale } from '../../../lib/locale';
import { apiErrorDetails } from '../../../lib/account-api';
import { useApiData } from '../../../lib/use-api-data';
import { withAdjustment } from '../adjust-points';
import { AdjustPointsForm } from '../components/adjust-points-form';
import { RoleBadge, StatusBadge } from '../components/badges';
import { LedgerTable } from '../components/ledger-table';
import { Pagination } from '../components/pagination';
import { LoadState, StaffCard, StaffFrame } from '../../../components/staff/staff-frame';
import { StaffGate } from '../../../components/staff/staff-gate';
import { loadStaffAccess, parseUserIdParam } from '../../../components/staff/staff-access';
import { staffApi } from '../staff-api';
import { listSearch, pageCount, parsePageParam } from '../staff-lists';
import { staffMeta } from '../../../components/staff/staff-meta';
import { LEDGER_PAGE_SIZE, STAFF_HOME } from '../staff-paths';

export function loader(args: LoaderFunctionArgs) {
  const access = loadStaffAccess(args);
  // Only staff learn whether an address is malformed: everyone else gets the same 403.
  if (access.data.allowed) parseUserIdParam(args.params.id, new URL(args.request.url).pathname);
  return access;
}

export const meta = staffMeta('page.userTitle');

/** /staff/users/:id: the account, its balance and ledger (GET …/ledger), and the points form. */
export default function StaffUserRoute() {
  const access = useLoaderData<typeof loader>();
  return (
    <StaffGate access={access}>
      <UserAccount />
    </StaffGate>
  );
}

function UserAccount() {
  const { t } = useTranslation('staff');
  const locale = useLocale();
  const formatDate = useDateFormat();
  const me = useCurrentUser();
  const userId = Number(useParams().id);
  const [params] = useSearchParams();
  const page = parsePageParam(params.get('page'));
  const ledger = useApiData(`staff-ledger:${userId}:${page}`, () => staffApi.userLedger(userId, { page, size: LEDGER_PAGE_SIZE }));
  const { data } = ledger;
  const back = { to: STAFF_HOME, label: t('user.back') };

  if (data === null || ledger.error) {
    const notFound = apiErrorDetails(ledger.error).status === 404;
    return (
      <StaffFrame title={t('user.id', { id: userId })} back={back}>
        <StaffCard>{notFound ? <FormAlert>{t('user.notFound')}</FormAlert> : <LoadState error={ledger.error} onRetry={ledger.reload} />}</StaffCard>
      </StaffFrame>
    );
  }

  const { user } = data;
  const pages = pageCount(data.total, data.size);
  const isSelf = me?.id === user.id;

  return (
    <StaffFrame
      title={<span data-testid="staff-user-nickname">{user.nickname}</span>}
      back={back}
      lead={
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1.5">
          <span className="tabular-nums">{t('user.id', { id: user.id })}</span>
          {user.email ? <span className="break-all">{user.email}</span> : <span className="italic">{t('users.noEmail')}</span>}
          <RoleBadge role={user.role} />
          <StatusBadge status={user.status} />
          <span>{t('user.joined', { date: formatDate(user.created_at, { dateStyle: 'medium' }) })}</span>
        </div>
      }
      aside={
        <div className="rounded-md bg-surface-muted px-4 py-2 text-end">
          <p className="text-xs text-muted">{t('user.balance')}</p>
          <p className="text-2xl font-bold tabular-nums" data-testid="staff-balance">
            {formatNumber(user.points, locale)}
          </p>
        </div>
      }
    >
      <div className="grid items-start gap-3 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="lg:col-start-2 lg:row-start-1">
          <AdjustPointsForm
            key={user.id}
            userId={user.id}
            balance={user.points}
            disabledReason={isSelf ? t('adjust.self') : null}
            onAdjusted={(result) => ledger.update((current) => withAdjustment(current, result, page))}
          />
        </div>
        <StaffCard aria-labelledby="staff-ledger-title" className="lg:col-start-1 lg:row-start-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <h2 id="staff-ledger-title" className="text-lg font-bold">
              {t('ledger.title')}
            </h2>
            {data.total > 0 ? (
              <p className="text-sm text-muted">{t('ledger.count', { count: data.total, formatted: formatNumber(data.total, locale) })}</p>
            ) : null}
          </div>
          <div className="mt-2">
            {data.list.length === 0 ? (
              <p className="rounded-md bg-surface-muted px-4 py-4 text-sm">{page > 1 ? t('ledger.pageEmpty') : t('ledger.empty')}</p>
            ) : (
              <LedgerTable rows={data.list} busy={ledger.loading} />
            )}
          </div>
          <Pagination
            label={t('ledger.pagination')}
            page={page}
            pages={pages}
            href={(n) => listSearch({ page: n })}
            previousLabel={t('pagination.newer')}
            nextLabel={t('pagination.older')}
          />
        </StaffCard>
      </div>
    </StaffFrame>
  );
}
