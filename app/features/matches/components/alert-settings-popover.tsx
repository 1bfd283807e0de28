import * as Popover from '@radix-ui/react-popover';
import * as Switch from '@radix-ui/react-switch';
import * as ToggleGroup from '@radix-ui/react-toggle-group';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlertSettings } from '../../../../core/alerts';
import type { LazyMenuProps } from '../../../components/lazy-menu';
import { showNotice } from '../../../components/notice/notice-store';
import { useCurrentUser } from '../../../lib/app-state';
import { GOAL_ALERT_SCOPES, goalAlertScopeOf, useAlertSettings, withGoalAlertScope } from '../../../live/alert-settings';
import { AlertSettingsTrigger } from './alert-settings-trigger';

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

const RESULT_KEYS = ['guess_result', 'pre_result', 'activity_result'] as const satisfies readonly (keyof AlertSettings)[];

/** Alert settings (spec event_msg_status): goal pop-up scope, goal sound and the other pop-ups. Loaded after the first paint. */
export default function AlertSettingsPopover({ defaultOpen, autoFocus }: LazyMenuProps) {
  const { t } = useTranslation('scores');
  const [settings, save] = useAlertSettings();
  const isLoggedIn = useCurrentUser() !== null;
  const update = (patch: Partial<AlertSettings>) => {
    save(patch).catch(() => showNotice({ message: t('alerts.saveFailed') }));
  };
  const scope = goalAlertScopeOf(settings);
  const scopeLabelId = useId();
  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger asChild>
        <AlertSettingsTrigger autoFocus={autoFocus} />
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
              if (value === 'all' || value === 'followed' || value === 'none') update(withGoalAlertScope(settings, value));
            }}
            aria-labelledby={scopeLabelId}
            className="grid grid-cols-3 overflow-hidden rounded-md border border-line text-xs"
          >
            {GOAL_ALERT_SCOPES.map((value) => (
              <ToggleGroup.Item
                key={value}
                value={value}
                className="px-2 py-1.5 font-medium not-last:border-e not-last:border-line hover:bg-surface-muted focus-visible:-outline-offset-2 data-[state=on]:bg-accent data-[state=on]:text-accent-contrast data-[state=on]:[--focus:var(--accent-contrast)]"
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
