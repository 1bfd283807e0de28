import * as Switch from '@radix-ui/react-switch';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlertSettings } from '../../../../core/alerts';
import { notificationsEndpoints, type NotificationSwitches } from '../../../../core/contracts/notifications';
import { FormAlert } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { callEndpoint } from '../../../lib/endpoint-client';
import { findNotificationView } from '../../../lib/notification-registry';
import { GOAL_ALERT_SCOPES, goalAlertScopeOf, useAlertSettings, withGoalAlertScope } from '../../../live/alert-settings';
import { centerMeta } from '../center-meta';
import { CenterPage } from '../components/center-page';

export const meta = centerMeta('notificationsSettings');

const RESULT_KEYS = ['guess_result', 'pre_result', 'activity_result'] as const satisfies readonly (keyof AlertSettings)[];

function SettingRow({ label, description, checked, onChange, name }: { label: string; description: string; checked: boolean; onChange: (value: boolean) => void; name: string }) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p className="text-xs text-muted">{description}</p>
      </div>
      <Switch.Root
        id={id}
        name={name}
        data-testid={`setting-${name}`}
        checked={checked}
        onCheckedChange={onChange}
        className="relative h-6 w-11 shrink-0 rounded-full bg-line transition-colors data-[state=checked]:bg-live"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </div>
  );
}

/**
 * notificationsSettings: the event_msg_status switches, saved to the account
 * (POST /api/user/settings). Live goal pop-ups, the goal sound and the result pop-ups follow
 * them at once, in every open tab of this account.
 */
export default function NotificationsSettingsRoute() {
  const { t } = useTranslation('personalCenter');
  const [settings, save] = useAlertSettings();
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const scope = goalAlertScopeOf(settings);

  function update(patch: Partial<AlertSettings>) {
    setStatus(null);
    save(patch).then(
      () => setStatus({ tone: 'success', text: t('notifications.saved') }),
      (error: unknown) => setStatus({ tone: 'error', text: apiErrorDetails(error).message ?? t('form.saveFailed') }),
    );
  }

  return (
    <CenterPage title={t('views.notificationsSettings')} lead={t('notifications.lead')}>
      <div className="grid max-w-2xl gap-6">
        {status ? <FormAlert tone={status.tone}>{status.text}</FormAlert> : null}
        <fieldset>
          <legend className="text-base font-semibold">{t('notifications.goals.title')}</legend>
          <p className="mt-0.5 mb-3 text-sm text-muted">{t('notifications.goals.lead')}</p>
          <div className="grid gap-2 sm:grid-cols-3">
            {GOAL_ALERT_SCOPES.map((value) => (
              <label
                key={value}
                className="flex cursor-pointer items-start gap-2 rounded-md border border-line px-3 py-2.5 has-checked:border-accent has-checked:bg-accent-soft/60"
              >
                <input
                  type="radio"
                  name="goalScope"
                  value={value}
                  data-testid={`goal-scope-${value}`}
                  checked={scope === value}
                  onChange={() => update(withGoalAlertScope(settings, value))}
                  className="mt-1 accent-[var(--accent)]"
                />
                <span>
                  <span className="block font-medium">{t(`notifications.goals.scope.${value}`)}</span>
                  <span className="block text-xs text-muted">{t(`notifications.goals.scopeHint.${value}`)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="divide-y divide-line border-y border-line">
          <SettingRow
            name="voice_stauts"
            label={t('notifications.sound.label')}
            description={t('notifications.sound.hint')}
            checked={settings.voice_stauts}
            onChange={(value) => update({ voice_stauts: value })}
          />
          {RESULT_KEYS.map((key) => (
            <SettingRow
              key={key}
              name={key}
              label={t(`notifications.results.${key}.label`)}
              description={t(`notifications.results.${key}.hint`)}
              checked={settings[key]}
              onChange={(value) => update({ [key]: value })}
            />
          ))}
        </div>
        <InboxSwitches onStatus={setStatus} />
      </div>
    </CenterPage>
  );
}

/**
 * The kinds kept on the Notifications page (decision 133), every one on until switched off,
 * saved to the account (PUT /api/notifications/settings). Separate from the pop-up switches
 * above: a reader may want the record without the pop-up, or the other way round.
 */
function InboxSwitches({ onStatus }: { onStatus: (status: { tone: 'success' | 'error'; text: string } | null) => void }) {
  const { t } = useTranslation('personalCenter');
  const { t: tn } = useTranslation('notifications');
  const [switches, setSwitches] = useState<NotificationSwitches | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    callEndpoint(notificationsEndpoints.switches).then(
      (answer) => {
        if (current) setSwitches(answer);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, []);

  function update(kind: string, value: boolean) {
    onStatus(null);
    setSwitches((shown) => (shown === null ? shown : { ...shown, [kind]: value }));
    callEndpoint(notificationsEndpoints.updateSwitches, { body: { [kind]: value } }).then(
      (answer) => {
        setSwitches(answer);
        onStatus({ tone: 'success', text: t('notifications.saved') });
      },
      (error: unknown) => {
        setSwitches((shown) => (shown === null ? shown : { ...shown, [kind]: !value }));
        onStatus({ tone: 'error', text: apiErrorDetails(error).message ?? t('form.saveFailed') });
      },
    );
  }

  return (
    <section aria-labelledby="inbox-switches-title" data-testid="inbox-switches">
      <h2 id="inbox-switches-title" className="text-base font-semibold">
        {tn('settings.title')}
      </h2>
      <p className="mt-0.5 text-sm text-muted">{tn('settings.lead')}</p>
      {failed ? (
        <p className="mt-3 text-sm text-muted">{tn('settings.loadFailed')}</p>
      ) : switches === null ? null : (
        <div className="mt-2 divide-y divide-line border-y border-line">
          {Object.entries(switches).map(([kind, on]) => {
            // One switch per kind the server sends, worded by the kind's feature.
            const view = findNotificationView(kind);
            if (!view) return null;
            return (
              <SettingRow
                key={kind}
                name={`inbox-${kind}`}
                label={tn(view.switchTexts.label)}
                description={tn(view.switchTexts.hint)}
                checked={on}
                onChange={(value) => update(kind, value)}
              />
            );
          })}
        </div>
      )}
    </section>
  );
}
