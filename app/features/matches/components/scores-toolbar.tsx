import { lazy, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LAZY_TRIGGER_ATTRIBUTE, LazyMenu } from '../../../components/lazy-menu';
import { LiveIndicator } from '../../../components/live-indicator';
import { StarIcon } from '../../../components/ui/star-icon';
import { useLocale } from '../../../lib/locale';
import { dayParam, formatPickerDay, pickerDays, relativeListDay } from '../day';
import { useTimeZone } from '../../../lib/time-zone';
import { useNowSec } from '../../../lib/use-clock';
import { AlertSettingsTrigger } from './alert-settings-trigger';
import { useListDayTitle } from './list-day';

const AlertSettingsPopover = lazy(() => import('./alert-settings-popover'));

/** The alert settings (alert-settings-popover.tsx), loaded after the first paint (decision 084). */
function AlertSettings() {
  return (
    <LazyMenu
      menu={AlertSettingsPopover}
      props={{}}
      placeholder={(open) => <AlertSettingsTrigger aria-haspopup="dialog" aria-expanded={false} {...{ [LAZY_TRIGGER_ATTRIBUTE]: '' }} onClick={open} />}
    />
  );
}

/** The day a list shows, named under its title (every list title names its date). */
function ListDayLine({ daySec }: { daySec: number }) {
  const title = useListDayTitle(daySec);
  const timeZone = useTimeZone();
  return (
    <time dateTime={dayParam(daySec, timeZone)} className="block text-xs font-medium text-muted" data-testid="list-day">
      {title}
    </time>
  );
}

/** Page heading with the day it shows, the live status, an optional control (e.g. All/Hot) and the alert settings. */
export function ScoresToolbar({ title, daySec, children }: { title: string; daySec: number; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-line bg-surface px-3 py-2.5">
      {/* The day sits under the heading, not in it: the heading stays the page's name. */}
      <div className="leading-tight">
        <h1 className="text-base font-bold">{title}</h1>
        <ListDayLine daySec={daySec} />
      </div>
      {/* Takes what room is left and never wraps the bar: "Connecting…" turning into "Live" moves nothing. */}
      <span className="flex min-w-0 flex-1">
        <LiveIndicator />
      </span>
      <div className="flex shrink-0 items-center gap-2">
        {children}
        <AlertSettings />
      </div>
    </div>
  );
}

/** The views of a list page: everything, the hot competitions (football), the reader's favourites. */
export type ListView = 'all' | 'hot' | 'favourites';

/**
 * The view the URL asks for: `?list=hot`, `?list=favourites` (also read as `?view=favourites`);
 * anything else is the whole list.
 */
export function readListView(params: URLSearchParams): ListView {
  const list = params.get('list');
  if (list === 'hot' || list === 'favourites') return list;
  if (params.get('view') === 'favourites') return 'favourites';
  return 'all';
}

/**
 * The view switch (All / Hot / Favourites) as links: it works before (and without) JavaScript
 * and can be shared; the day is kept.
 */
export function ListViewSwitch({ label, current, items }: { label: string; current: ListView; items: readonly { view: ListView; text: string }[] }) {
  const searchFor = useViewSearch();
  return (
    <nav aria-label={label} className="flex overflow-hidden rounded-md border border-line text-xs" data-testid="list-view-switch">
      {items.map(({ view, text }, index) => (
        <Link
          key={view}
          to={{ search: searchFor(view) }}
          replace
          preventScrollReset
          aria-current={current === view ? 'page' : undefined}
          data-view={view}
          className={`${index > 0 ? 'border-s border-line ' : ''}${viewItemClass(current === view)}`}
        >
          {text}
        </Link>
      ))}
    </nav>
  );
}

/** The query of a view of the list page, keeping the day and the rest of the query. */
export function useViewSearch(): (view: ListView) => string {
  const [params] = useSearchParams();
  return (view: ListView) => {
    const next = new URLSearchParams(params);
    next.delete('view');
    if (view === 'all') next.delete('list');
    else next.set('list', view);
    const search = next.toString();
    return search === '' ? '' : `?${search}`;
  };
}

const viewItemClass = (active: boolean) =>
  `px-2.5 py-1.5 font-medium tabular-nums focus-visible:-outline-offset-2 ${active ? 'bg-accent text-accent-contrast [--focus:var(--accent-contrast)]' : 'hover:bg-surface-muted'}`;

/**
 * The favourites view as its own link beside a page's All / Hot switch (whose "which
 * competitions" question it does not answer); the link of an open favourites view leads back
 * to the whole list.
 */
export function FavouritesViewLink({ current, text }: { current: ListView; text: string }) {
  const searchFor = useViewSearch();
  const active = current === 'favourites';
  return (
    <Link
      to={{ search: searchFor(active ? 'all' : 'favourites') }}
      replace
      preventScrollReset
      aria-current={active ? 'page' : undefined}
      data-testid="favourites-view"
      className={`flex items-center gap-1 overflow-hidden rounded-md border border-line text-xs ${viewItemClass(active)}`}
    >
      <StarIcon filled={active} size={14} strokeWidth={1.8} />
      {text}
    </Link>
  );
}

/**
 * The list pages' date picker: the previous 7 days, today and the next 7, as links (`?day=`,
 * none for today) so a day can be opened without JavaScript, shared and rendered by the server.
 * Other query values (All/Hot/Favourites) are kept.
 */
export function DayPicker({ todaySec, daySec }: { todaySec: number; daySec: number }) {
  const { t } = useTranslation('scores');
  const locale = useLocale();
  const [params] = useSearchParams();
  const timeZone = useTimeZone();
  // The loader's clock on the server and while hydrating, the ticking one after (decision 115).
  const nowSec = useNowSec();
  const scroller = useRef<HTMLUListElement>(null);
  useEffect(() => {
    // Bring the chosen day into view in the scrolling strip, without moving the page.
    const list = scroller.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current) return;
    list.scrollLeft = current.offsetLeft - list.clientWidth / 2 + current.offsetWidth / 2;
  }, [daySec]);
  const searchFor = (param: string | null) => {
    const next = new URLSearchParams(params);
    if (param === null) next.delete('day');
    else next.set('day', param);
    const search = next.toString();
    return search === '' ? '' : `?${search}`;
  };
  return (
    <nav aria-label={t('day.label')} className="border-b border-line bg-surface">
      <ul ref={scroller} className="scrollbar-none relative flex gap-1 overflow-x-auto px-2 py-1.5" data-testid="day-picker">
        {pickerDays(todaySec, timeZone).map((day) => {
          const active = day.daySec === daySec;
          const { weekday, date } = formatPickerDay(day.daySec, locale, timeZone);
          // Today / yesterday / tomorrow where true in the page's zone, from the server's first byte on.
          const relative = nowSec > 0 ? relativeListDay(day.daySec, nowSec * 1000, timeZone) : null;
          const name = relative === null ? weekday : t(`day.${relative}`);
          return (
            <li key={day.daySec} className="shrink-0">
              <Link
                to={{ search: searchFor(day.param) }}
                preventScrollReset
                aria-current={active ? 'page' : undefined}
                className={`flex min-w-14 flex-col items-center rounded-md px-2 py-1 text-xs leading-tight ${active ? 'bg-accent text-accent-contrast' : 'hover:bg-surface-muted'}`}
              >
                <span className="font-semibold">{name}</span>
                <span className={`tabular-nums ${active ? '' : 'text-muted'}`}>{date}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
