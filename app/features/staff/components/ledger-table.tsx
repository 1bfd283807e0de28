import { useTranslation } from 'react-i18next';
import { formatNumber, useDateFormat } from '../../../lib/format';
import { useLocale } from '../../../lib/locale';
import type { StaffLedgerRecord } from '../staff-api';
import { readReference, reasonKey } from '../staff-lists';

/** A user's ledger rows: time, reason (with its reference), change and balance after; cards on phones. */
export function LedgerTable({ rows, busy }: { rows: StaffLedgerRecord[]; busy: boolean }) {
  const { t } = useTranslation('staff');
  const locale = useLocale();
  const formatDate = useDateFormat();
  return (
    <table className="w-full text-sm" aria-busy={busy}>
      <caption className="sr-only">{t('ledger.title')}</caption>
      <thead className="hidden text-xs text-muted sm:table-header-group">
        <tr className="border-b border-line">
          <th scope="col" className="py-2 pe-3 text-start font-medium">
            {t('ledger.columns.reason')}
          </th>
          <th scope="col" className="py-2 pe-3 text-start font-medium">
            {t('ledger.columns.time')}
          </th>
          <th scope="col" className="py-2 pe-3 text-end font-medium">
            {t('ledger.columns.amount')}
          </th>
          <th scope="col" className="py-2 text-end font-medium">
            {t('ledger.columns.balance')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {rows.map((row) => (
          <tr key={row.id} data-testid="staff-ledger-row" data-reason={row.reason} className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-0.5 py-2.5 sm:table-row">
            <td className="min-w-0 sm:py-2.5 sm:pe-3">
              <span className="font-medium">{t(reasonKey(row.reason))}</span>
              {row.reference ? <Reference reference={row.reference} /> : null}
            </td>
            <td className="col-start-1 row-start-2 text-xs whitespace-nowrap text-muted sm:py-2.5 sm:pe-3 sm:text-sm">{formatDate(row.created_at)}</td>
            <td
              className={`col-start-2 row-start-1 text-end font-bold whitespace-nowrap tabular-nums sm:py-2.5 sm:pe-3 ${row.amount >= 0 ? 'text-green-700 dark:text-live' : 'text-accent'}`}
              data-testid="staff-ledger-amount"
            >
              {row.amount > 0 ? '+' : row.amount < 0 ? '−' : ''}
              {formatNumber(Math.abs(row.amount), locale)}
            </td>
            <td className="col-start-2 row-start-2 text-end text-xs whitespace-nowrap text-muted tabular-nums sm:py-2.5 sm:text-sm">
              <span className="sm:hidden">{t('ledger.balanceAfter', { balance: formatNumber(row.balance_after, locale) })}</span>
              <span className="hidden sm:inline">{formatNumber(row.balance_after, locale)}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A row's reference in the reader's language: the staff member's note and name, a check-in's streak. */
function Reference({ reference }: { reference: string }) {
  const { t } = useTranslation('staff');
  const read = readReference(reference);
  return (
    <span className="block text-xs break-words text-muted" data-testid="staff-ledger-reference">
      {read.kind === 'staff' ? (
        <>
          <q className="text-text">{read.note}</q> <span className="whitespace-nowrap">{t('ledger.by', { nickname: read.nickname, id: read.staffId })}</span>
        </>
      ) : read.kind === 'streak' ? (
        t('ledger.streak', { count: read.days })
      ) : (
        read.text
      )}
    </span>
  );
}
