import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FormAlert, secondaryButtonClass } from '../../../components/ui/field';
import { accountApi, apiErrorDetails } from '../../../lib/account-api';
import { useCurrentUser } from '../../../lib/app-state';
import { formatNumber, useDateFormat } from '../../../lib/format';
import { useLocale } from '../../../lib/locale';
import { useApiData } from '../../../lib/use-api-data';
import { centerMeta } from '../center-meta';
import { CenterPage } from '../components/center-page';
import { pageCount, parsePageParam, POINTS_PAGE_SIZE, reasonKey } from '../points-ledger';
import { LoadingText } from '../../../components/ui/loading-text';
import { formatRelativeTime } from '../../../lib/relative-time';
import { RELATIVE_TIME_MAX_DAYS } from '../../../../core/constants';

export const meta = centerMeta('pointsRecord');

/** Within section 9's thirty days a record's time reads relative; older ones keep their date. */
function isRecent(iso: string, nowSec: number): boolean {
  return nowSec - Date.parse(iso) / 1000 < RELATIVE_TIME_MAX_DAYS * 86_400;
}

/** pointsRecord: every change of the balance, newest first, 20 a page (GET /api/points/records). */
export default function PointsRecordRoute() {
  const { t } = useTranslation('personalCenter');
  const locale = useLocale();
  const formatDate = useDateFormat();
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const page = parsePageParam(params.get('page'));
  // The balance changes with every check-in: the key makes the page ask again then.
  const records = useApiData(`points:${page}:${user?.points ?? ''}`, () => accountApi.pointsRecords({ page, size: POINTS_PAGE_SIZE }));
  const { data } = records;
  const pages = data ? pageCount(data.total, data.size) : 1;
  const pageLink = (n: number) => (n <= 1 ? '?' : `?page=${n}`);
  const nowSec = Math.floor(Date.now() / 1000);

  return (
    <CenterPage
      title={t('views.pointsRecord')}
      lead={t('points.lead')}
      actions={
        <div className="rounded-md bg-surface-muted px-4 py-2 text-end">
          <p className="text-xs text-muted">{t('points.balance')}</p>
          <p className="text-xl font-bold tabular-nums" data-testid="points-balance">
            {formatNumber(data?.balance ?? user?.points ?? 0, locale)}
          </p>
        </div>
      }
    >
      {records.error ? (
        <div className="grid justify-items-start gap-3">
          <FormAlert>{apiErrorDetails(records.error).message ?? t('form.loadFailed')}</FormAlert>
          <button type="button" onClick={records.reload} className={secondaryButtonClass}>
            {t('form.retry')}
          </button>
        </div>
      ) : data === null ? (
        <LoadingText>{t('form.loading')}</LoadingText>
      ) : data.list.length === 0 ? (
        <p className="rounded-md bg-surface-muted px-4 py-4 text-sm">{page > 1 ? t('points.pageEmpty') : t('points.empty')}</p>
      ) : (
        <>
          <table className="w-full text-sm" aria-busy={records.loading}>
            <caption className="sr-only">{t('views.pointsRecord')}</caption>
            <thead className="hidden text-xs text-muted sm:table-header-group">
              <tr className="border-b border-line text-start">
                <th scope="col" className="py-2 text-start font-medium">
                  {t('points.columns.reason')}
                </th>
                <th scope="col" className="py-2 text-start font-medium">
                  {t('points.columns.time')}
                </th>
                <th scope="col" className="py-2 text-end font-medium">
                  {t('points.columns.amount')}
                </th>
                <th scope="col" className="py-2 text-end font-medium">
                  {t('points.columns.balance')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {data.list.map((row) => (
                <tr key={row.id} data-testid="points-row" data-reason={row.reason} className="grid grid-cols-[1fr_auto] gap-x-3 py-2.5 sm:table-row">
                  <td className="font-medium sm:py-2.5">{t(reasonKey(row.reason))}</td>
                  <td className="col-start-1 row-start-2 text-xs text-muted sm:py-2.5 sm:text-sm">
                    {/* The records come after hydration: the reader's clock is known, so recent ones read "5 minutes ago" (section 9). */}
                    <time dateTime={row.created_at} title={formatDate(row.created_at)}>
                      {isRecent(row.created_at, nowSec)
                        ? formatRelativeTime({ fromSec: Date.parse(row.created_at) / 1000, nowSec, locale, justNow: t('points.justNow') })
                        : formatDate(row.created_at)}
                    </time>
                  </td>
                  <td
                    className={`text-end font-bold tabular-nums sm:py-2.5 ${row.amount >= 0 ? 'text-green-700 dark:text-live' : 'text-accent'}`}
                  >
                    {row.amount > 0 ? '+' : row.amount < 0 ? '−' : ''}
                    {formatNumber(Math.abs(row.amount), locale)}
                  </td>
                  <td className="text-end text-xs text-muted tabular-nums sm:py-2.5 sm:text-sm">
                    <span className="sm:hidden">{t('points.columns.balance')}: </span>
                    {formatNumber(row.balance_after, locale)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {pages > 1 ? (
            <nav aria-label={t('points.pagination')} className="mt-4 flex items-center justify-between gap-2">
              {page > 1 ? (
                <Link to={pageLink(page - 1)} className={secondaryButtonClass} preventScrollReset>
                  {t('points.previous')}
                </Link>
              ) : (
                <span />
              )}
              <span className="text-sm text-muted tabular-nums">{t('points.page', { page, pages })}</span>
              {page < pages ? (
                <Link to={pageLink(page + 1)} className={secondaryButtonClass} preventScrollReset>
                  {t('points.next')}
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      )}
    </CenterPage>
  );
}
