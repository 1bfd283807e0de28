import * as Popover from '@radix-ui/react-popover';
import * as Switch from '@radix-ui/react-switch';
import * as ToggleGroup from '@radix-ui/react-toggle-group';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { AlertSettings } from '../../../../core/alerts';
import { LiveIndicator } from '../../../components/live-indicator';
import { showNotice } from '../../../components/notice/notice-store';
import { useCurrentUser } from '../../../lib/app-state';
import { useLocale } from '../../../lib/locale';
import { goalAlertScopeOf, useAlertSettings, withGoalAlertScope, type GoalAlertScope } from '../../../live/alert-settings';
import { formatPickerDay, pickerDays } from '../day';

function SettingSwitch({ label, checked, onChange }: { label: string; checked: boolean; onChange: (value: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-1.5">
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        className="relative h-5 w-9 shrink-0 rounded-full bg-line transition-colors data-[state=checked]:bg-live"
      >
        <Switch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.125rem]" />
      </Switch.Root>
    </div>
  );
}

const SCOPES: readonly GoalAlertScope[] = ['all', 'collected', 'none'];
const RESULT_KEYS = ['guess_result', 'pre_result', 'activity_result'] as const satisfies readonly (keyof AlertSettings)[];

/** Alert settings (spec event_msg_status): goal pop-up scope, goal sound and the other pop-ups. */
export function AlertSettingsPopover() {
  const { t } = useTranslation('scores');
  const [settings, save] = useAlertSettings();
  const isLoggedIn = useCurrentUser() !== null;
  const update = (patch: Partial<AlertSettings>) => {
    save(patch).catch(() => showNotice({ message: t('alerts.saveFailed') }));
  };
  const scope = goalAlertScopeOf(settings);
  const scopeLabelId = useId();
  return (
    <Popover.Root>
      <Popover.Trigger
        className="inline-flex items-center gap-1.5 rounded-md border border-line bg-surface px-2.5 py-1.5 text-xs font-medium hover:bg-surface-muted"
        aria-label={t('alerts.open')}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8">
          <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15z" strokeLinejoin="round" />
          <path d="M10 20a2 2 0 0 0 4 0" />
        </svg>
        <span className="hidden sm:inline">{t('alerts.button')}</span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-[2000] w-[min(20rem,calc(100vw-1rem))] rounded-lg border border-line bg-surface p-4 text-text shadow-xl"
        >
          <h2 className="mb-2 text-sm font-bold">{t('alerts.title')}</h2>
          <p id={scopeLabelId} className="mb-1.5 text-xs font-semibold text-muted">
            {t('alerts.goalScope')}
          </p>
          <ToggleGroup.Root
            type="single"
            value={scope}
            onValueChange={(value) => {
              // Radix sends '' when the pressed item is clicked again; the choice must stay made.
              if (value === 'all' || value === 'collected' || value === 'none') update(withGoalAlertScope(settings, value));
            }}
            aria-labelledby={scopeLabelId}
            className="grid grid-cols-3 overflow-hidden rounded-md border border-line text-xs"
          >
            {SCOPES.map((value) => (
              <ToggleGroup.Item
                key={value}
                value={value}
                className="px-2 py-1.5 font-medium not-last:border-e not-last:border-line hover:bg-surface-muted data-[state=on]:bg-accent data-[state=on]:text-accent-contrast"
              >
                {t(`alerts.scope.${value}`)}
              </ToggleGroup.Item>
            ))}
          </ToggleGroup.Root>
          <div className="mt-3 divide-y divide-line">
            <SettingSwitch label={t('alerts.sound')} checked={settings.voice_stauts} onChange={(v) => update({ voice_stauts: v })} />
            {RESULT_KEYS.map((key) => (
              <SettingSwitch key={key} label={t(`alerts.${key}`)} checked={settings[key]} onChange={(v) => update({ [key]: v })} />
            ))}
          </div>
          <p className="mt-2 text-xs text-muted">{isLoggedIn ? t('alerts.noteAccount') : t('alerts.note')}</p>
          <Popover.Arrow className="fill-surface" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** Page heading with the live status, an optional control (e.g. All/Hot) and the alert settings. */
export function ScoresToolbar({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-line bg-surface px-3 py-2.5">
      <h1 className="text-base font-bold">{title}</h1>
      <LiveIndicator />
      <div className="ms-auto flex items-center gap-2">
        {children}
        <AlertSettingsPopover />
      </div>
    </div>
  );
}

/**
 * The list pages' date picker: the previous 7 days, today and the next 7, as links (`?day=`,
 * none for today) so a day can be opened without JavaScript, shared and rendered by the server.
 * Other query values (All/Hot) are kept.
 */
export function DayPicker({ todaySec, daySec }: { todaySec: number; daySec: number }) {
  const { t } = useTranslation('scores');
  const locale = useLocale();
  const [params] = useSearchParams();
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
        {pickerDays(todaySec).map((day) => {
          const active = day.daySec === daySec;
          const { weekday, date } = formatPickerDay(day.daySec, locale);
          const name = day.offset === 0 ? t('day.today') : day.offset === -1 ? t('day.yesterday') : day.offset === 1 ? t('day.tomorrow') : weekday;
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
