import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { CONTACT_STATUSES, type ContactStatus } from '../../../../core/contracts/contact';
import { formatNumber, useDateFormat } from '../../../lib/format';
import { useLocale, useLocalizedPath } from '../../../lib/locale';
import { useApiData } from '../../../lib/use-api-data';
import { Pagination } from '../components/pagination';
import { LoadState, StaffCard, StaffFrame } from '../../../components/staff/staff-frame';
import { StaffGate } from '../../../components/staff/staff-gate';
import { loadStaffAccess } from '../../../components/staff/staff-access';
import { MESSAGES_PAGE_SIZE, parseStatusParam, staffContactApi, staffMessagePath, STAFF_MESSAGES } from '../staff-contact-api';
import { pageCount, parsePageParam } from '../staff-lists';
import { staffMeta } from '../../../components/staff/staff-meta';

export function loader(args: LoaderFunctionArgs) {
  return loadStaffAccess(args);
}

export const meta = staffMeta('page.title');

/** /staff/messages: the contact inbox (GET /api/staff/contact), open messages first, newest first, 20 a page. */
export default function StaffMessagesRoute() {
  const access = useLoaderData<typeof loader>();
  return (
    <StaffGate access={access}>
      <Inbox />
    </StaffGate>
  );
}

function inboxSearch(status: ContactStatus, page: number): string {
  const params = new URLSearchParams();
  if (status !== 'open') params.set('status', status);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search === '' ? '?' : `?${search}`;
}

function Inbox() {
  const { t } = useTranslation('contact');
  const { t: tm } = useTranslation('messages');
  const locale = useLocale();
  const localize = useLocalizedPath();
  const formatDate = useDateFormat();
  const [params] = useSearchParams();
  const status = parseStatusParam(params.get('status'));
  const page = parsePageParam(params.get('page'));
  const messages = useApiData(`staff-contact:${status}:${page}`, () => staffContactApi.list({ status, page, size: MESSAGES_PAGE_SIZE }));
  const { data } = messages;
  const pages = data ? pageCount(data.total, data.size) : 1;

  return (
    <StaffFrame title={t('contact.inbox.title')} lead={t('contact.inbox.lead')}>
      <StaffCard aria-labelledby="staff-messages-count">
        <nav aria-label={t('contact.inbox.status.label')} className="flex flex-wrap gap-1 text-sm" data-testid="staff-messages-status">
          {CONTACT_STATUSES.map((option) => (
            <Link
              key={option}
              to={`${localize(STAFF_MESSAGES)}${inboxSearch(option, 1)}`}
              aria-current={option === status ? 'page' : undefined}
              className={`rounded-md border px-3 py-1.5 font-medium ${option === status ? 'border-accent bg-accent-soft text-accent-strong dark:text-accent' : 'border-line text-muted hover:bg-surface-muted'}`}
            >
              {t(`contact.inbox.status.${option}`)}
            </Link>
          ))}
        </nav>
        <h2 id="staff-messages-count" className="mt-4 text-sm font-medium text-muted" aria-live="polite">
          {data === null ? '\u00a0' : t('contact.inbox.count', { count: data.total, formatted: formatNumber(data.total, locale) })}
        </h2>
        <div className="mt-2">
          {data === null || messages.error ? (
            <LoadState error={messages.error} onRetry={messages.reload} />
          ) : data.list.length === 0 ? (
            <p className="rounded-md bg-surface-muted px-4 py-4 text-sm">{page > 1 ? t('contact.inbox.pageEmpty') : t('contact.inbox.empty')}</p>
          ) : (
            <ul className="divide-y divide-line" aria-busy={messages.loading} data-testid="staff-messages">
              {data.list.map((message) => (
                <li key={message.id} data-testid="staff-message-row" data-message-id={message.id} className="relative grid gap-1 py-3 hover:bg-surface-muted/60">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                    <Link
                      to={localize(staffMessagePath(message.id))}
                      className="min-w-0 font-semibold break-words after:absolute after:inset-0 hover:text-accent focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-accent/40"
                    >
                      {message.name}
                    </Link>
                    <span className="text-xs whitespace-nowrap text-muted">{formatDate(message.created_at)}</span>
                  </div>
                  <p className="flex flex-wrap gap-x-2 text-xs text-muted">
                    <span className="tabular-nums">{t('contact.inbox.number', { id: message.id })}</span>
                    <span className="rounded bg-surface-muted px-1.5 font-medium text-text">{tm(`contact.topic.${message.topic}`)}</span>
                    <span className="min-w-0 truncate">{message.email}</span>
                  </p>
                  <p className="line-clamp-2 text-sm break-words whitespace-pre-line">{message.body}</p>
                </li>
              ))}
            </ul>
          )}
        </div>
        {data ? <Pagination label={t('contact.inbox.pagination')} page={page} pages={pages} href={(n) => inboxSearch(status, n)} /> : null}
      </StaffCard>
    </StaffFrame>
  );
}
