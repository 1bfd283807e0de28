import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, redirect, useLocation, useSearchParams, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { splitLocalePath } from '../../../../core/locale';
import type { Notification, NotificationGroup } from '../../../../core/contracts/notifications';
import { FormAlert, primaryButtonClass, secondaryButtonClass } from '../../../components/ui/field';
import { LoadingText } from '../../../components/ui/loading-text';
import { useCurrentUser } from '../../../lib/app-state';
import { useLocale, useLocalizedPath } from '../../../lib/locale';
import { accountPagePath } from '../../../lib/login-redirect';
import { pageMeta } from '../../../lib/page-meta';
import { useUnreadCounts } from '../../../live/notification-bell';
import { NotificationItem } from '../components/notification-item';
import { appendOlder, markShownRead, mergeNewer } from '../inbox-list';
import { notificationsApi } from '../notifications-api';

export const meta: MetaFunction = (args) => pageMeta(args, { namespace: 'notifications', title: 'page.title', description: 'page.description', noIndex: true });

/** The inbox is the reader's own: anyone signed out logs in first and comes back. */
export function loader({ context, request }: LoaderFunctionArgs) {
  if (context.currentUser === null) {
    const url = new URL(request.url);
    throw redirect(accountPagePath('/login', splitLocalePath(url.pathname).locale, `${url.pathname}${url.search}`));
  }
  return null;
}

const GROUPS: readonly NotificationGroup[] = ['interaction', 'system'];
const PAGE_SIZE = 20;

/**
 * /notifications: the reader's interaction and system notifications (specification section 1,
 * decision 133) in two tabs, each with its own address (?tab=system), newest first, twenty at a
 * time; mark all read, delete, and each row leads to what it is about.
 */
export default function NotificationsRoute() {
  const { t } = useTranslation('notifications');
  const user = useCurrentUser();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const group: NotificationGroup = params.get('tab') === 'system' ? 'system' : 'interaction';
  const counts = useUnreadCounts();

  if (user === null) {
    return (
      <div className="mx-auto w-full max-w-md bg-surface px-4 py-6 text-center sm:my-6 sm:rounded-lg sm:border sm:border-line">
        <p className="font-medium">{t('signedOut')}</p>
        <Link to={accountPagePath('/login', locale, `${pathname}${search}`)} className={`${primaryButtonClass} mt-4`}>
          {t('logIn')}
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl sm:py-3">
      <article className="bg-surface sm:rounded-lg sm:border sm:border-line">
        <header className="px-4 pt-5 sm:px-6">
          <h1 className="text-xl font-bold tracking-tight sm:text-2xl">{t('page.title')}</h1>
          <p className="mt-1 text-sm text-muted">{t('page.lead')}</p>
        </header>
        <nav aria-label={t('tabs.label')} className="mt-3 border-b border-line">
          <ul className="flex px-2 sm:px-4">
            {GROUPS.map((item) => {
              const active = item === group;
              const unread = counts?.[item] ?? 0;
              return (
                <li key={item}>
                  <Link
                    to={localize(item === 'interaction' ? '/notifications' : '/notifications?tab=system')}
                    preventScrollReset
                    aria-current={active ? 'page' : undefined}
                    className={`flex items-center gap-1.5 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap ${active ? 'border-accent text-accent' : 'border-transparent text-muted hover:text-text'}`}
                  >
                    {t(`tabs.${item}`)}
                    {unread > 0 ? (
                      <span className="rounded-full bg-accent px-1.5 text-xs leading-5 font-semibold text-white tabular-nums" data-testid={`tab-unread-${item}`}>
                        {unread > 99 ? '99+' : unread}
                      </span>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <NotificationList key={`${user.id}:${group}`} group={group} unread={counts?.[group] ?? null} />
      </article>
    </div>
  );
}

function NotificationList({ group, unread }: { group: NotificationGroup; unread: number | null }) {
  const { t } = useTranslation('notifications');
  const [items, setItems] = useState<Notification[] | null>(null);
  const [cursor, setCursor] = useState<number | null>(null);
  const [state, setState] = useState<'loading' | 'idle' | 'more' | 'failed'>('loading');
  const [actionFailed, setActionFailed] = useState(false);
  const [busy, setBusy] = useState<number | 'all' | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setState('loading');
    notificationsApi.list({ group, size: PAGE_SIZE }).then(
      (page) => {
        if (!current) return;
        setItems(page.list);
        setCursor(page.next_cursor);
        setState('idle');
      },
      () => {
        if (current) setState('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [group, attempt]);

  // A notification arriving live (the bell's count for this group grows): its row comes on top.
  const lastUnread = useRef(unread);
  useEffect(() => {
    const before = lastUnread.current;
    lastUnread.current = unread;
    if (unread === null || before === null || unread <= before || items === null) return;
    let current = true;
    notificationsApi.list({ group, size: PAGE_SIZE }).then(
      (page) => {
        if (current) setItems((shown) => mergeNewer(shown ?? [], page.list));
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [unread, group, items]);

  const act = useCallback(async (key: number | 'all', action: () => Promise<unknown>, change: (shown: Notification[]) => Notification[]) => {
    setActionFailed(false);
    setBusy(key);
    try {
      await action();
      setItems((shown) => (shown === null ? shown : change(shown)));
    } catch {
      setActionFailed(true);
    } finally {
      setBusy(null);
    }
  }, []);

  function loadMore() {
    if (cursor === null) return;
    setState('more');
    notificationsApi.list({ group, cursor, size: PAGE_SIZE }).then(
      (page) => {
        setItems((shown) => appendOlder(shown ?? [], page.list));
        setCursor(page.next_cursor);
        setState('idle');
      },
      () => {
        setActionFailed(true);
        setState('idle');
      },
    );
  }

  if (state === 'loading' && items === null) {
    return <LoadingText className="block px-4 py-8 text-center text-muted sm:px-6">{t('list.loading')}</LoadingText>;
  }
  if (state === 'failed') {
    return (
      <div className="grid justify-items-center gap-3 px-4 py-8 text-center sm:px-6">
        <p>{t('list.loadFailed')}</p>
        <button type="button" className={secondaryButtonClass} onClick={() => setAttempt((n) => n + 1)}>
          {t('list.retry')}
        </button>
      </div>
    );
  }
  const shown = items ?? [];
  const hasUnread = shown.some((item) => !item.read) || (unread ?? 0) > 0;
  return (
    <div className="px-2 pb-4 sm:px-4">
      {actionFailed ? (
        <div className="px-2 pt-3">
          <FormAlert>{t('list.actionFailed')}</FormAlert>
        </div>
      ) : null}
      {shown.length > 0 ? (
        <div className="flex justify-end px-2 pt-3">
          <button
            type="button"
            className="text-sm font-medium text-accent hover:text-accent-strong disabled:text-muted"
            disabled={!hasUnread || busy !== null}
            onClick={() => void act('all', () => notificationsApi.markAllRead(group), (rows) => markShownRead(rows, 'all'))}
          >
            {t('actions.markAllRead')}
          </button>
        </div>
      ) : null}
      {shown.length === 0 ? (
        <p className="px-2 py-8 text-center text-muted">{t(`list.empty.${group}`)}</p>
      ) : (
        <ul className="divide-y divide-line" data-testid="notification-list">
          {shown.map((item) => (
            <NotificationItem
              key={item.id}
              item={item}
              busy={busy === item.id}
              onOpen={() => {
                if (!item.read) void act(item.id, () => notificationsApi.markRead([item.id]), (rows) => markShownRead(rows, [item.id]));
              }}
              onDelete={() => void act(item.id, () => notificationsApi.remove(item.id), (rows) => rows.filter((row) => row.id !== item.id))}
            />
          ))}
        </ul>
      )}
      {cursor !== null ? (
        <div className="flex justify-center pt-3">
          <button type="button" className={secondaryButtonClass} disabled={state === 'more'} onClick={loadMore}>
            {state === 'more' ? t('list.loadingMore') : t('list.loadMore')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
