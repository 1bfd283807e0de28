import { useTranslation } from 'react-i18next';
import type { Notification } from '../../../../core/contracts/notifications';
import { LocalLink } from '../../../components/local-link';
import { useDateFormat } from '../../../lib/format';
import { wordNotification } from '../../../lib/notification-registry';

/**
 * One row of the inbox: unread mark, title, text and time, a link to what it is about (opening
 * it marks it read), and a delete button.
 */
export function NotificationItem({ item, onOpen, onDelete, busy }: { item: Notification; onOpen: () => void; onDelete: () => void; busy: boolean }) {
  const { t } = useTranslation(['notifications', 'live', 'messages']);
  const format = useDateFormat();
  const { title, body, path } = wordNotification(item, t);
  const content = (
    <>
      <span className="flex items-start gap-2">
        <span
          aria-hidden="true"
          className={`mt-1.5 size-2 shrink-0 rounded-full ${item.read ? 'bg-transparent' : 'bg-accent'}`}
        />
        <span className="min-w-0">
          <span className={`block leading-snug ${item.read ? 'font-medium text-muted' : 'font-semibold'}`}>
            {title}
            {item.read ? null : <span className="sr-only"> ({t('list.unread')})</span>}
          </span>
          <span className="mt-0.5 line-clamp-2 block text-sm break-words text-muted">{body}</span>
          <time dateTime={item.created_at} className="mt-1 block text-xs text-muted tabular-nums">
            {format(item.created_at)}
          </time>
        </span>
      </span>
    </>
  );
  return (
    <li className="flex items-start gap-1 py-1" data-testid="notification" data-read={item.read ? 'true' : 'false'}>
      {path ? (
        <LocalLink to={path} onClick={onOpen} className="block min-w-0 flex-1 rounded-md px-2 py-2 hover:bg-surface-muted">
          {content}
        </LocalLink>
      ) : (
        <button type="button" onClick={onOpen} className="block min-w-0 flex-1 rounded-md px-2 py-2 text-left hover:bg-surface-muted">
          {content}
        </button>
      )}
      <button
        type="button"
        onClick={onDelete}
        disabled={busy}
        aria-label={t('actions.deleteLabel', { title })}
        title={t('actions.delete')}
        className="mt-1 flex size-9 shrink-0 items-center justify-center rounded-md text-muted hover:bg-surface-muted hover:text-text disabled:opacity-50"
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" className="size-4">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </li>
  );
}
