import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionData, type ActionFunctionArgs } from 'react-router';
import { GENDERS, type Gender, type UserInfo } from '../../../../core/contracts/account';
import { ChangeEmailBodySchema, UpdateInfoBodySchema } from '../../../../core/contracts/profile';
import { FormAlert, inputClass, primaryButtonClass, secondaryButtonClass, TextField } from '../../../components/ui/field';
import { DefaultSubmit, SendCodeButton } from '../../../components/ui/send-code-button';
import { accountApi, CONTACT_FIELDS, type ContactField } from '../../../lib/account-api';
import { dispatchAppState, useCurrentUser } from '../../../lib/app-state';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { useFormValues } from '../../../lib/forms/use-form-values';
import { useSendCode } from '../../../lib/forms/use-send-code';
import { formFailure, formHeaders, formServices, pageLocale, pick, readFormFields } from '../../../lib/forms/form-action.server';
import { centerMeta } from '../center-meta';
import { CenterPage } from '../components/center-page';

export const meta = centerMeta('changeInformationEntry');
export const headers = formHeaders;

const INPUT_TYPES: Record<ContactField, { type: string; autoComplete: string; inputMode?: 'tel' | 'text' }> = {
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  address: { type: 'text', autoComplete: 'street-address' },
  telegram: { type: 'text', autoComplete: 'off' },
  whatsapp: { type: 'tel', autoComplete: 'off', inputMode: 'tel' },
  instagram: { type: 'text', autoComplete: 'off' },
  facebook: { type: 'text', autoComplete: 'off' },
};

const PROFILE_FIELDS = ['gender', ...CONTACT_FIELDS] as const;

/**
 * The forms posted before the page's scripts ran (docs/decisions/100), with the API's services:
 * `info` saves gender and contacts; `sendCode` and `email` are the address change (its form
 * opens with the scripts, so it rarely comes here). What was typed is kept, never the code.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const forms = formServices(context);
  const posted = await readFormFields(request);
  const locale = pageLocale(request);
  if (posted.intent === 'sendCode' || posted.intent === 'email') {
    const email = (posted.email ?? '').trim();
    const result =
      posted.intent === 'sendCode'
        ? await forms.requestCode({ body: { email, purpose: 'changeEmail' }, locale })
        : await forms.changeEmail({ body: { email, code: (posted.code ?? '').trim() }, locale });
    if (!result.ok) return formFailure(result, { intent: 'email', formFields: ['email', 'code'], values: { email } });
    return { ok: true as const, intent: posted.intent, values: { email } };
  }
  const values = pick(posted, PROFILE_FIELDS);
  const body = Object.fromEntries(Object.entries(values).map(([field, value]) => [field, value.trim()]));
  const result = await forms.updateInfo({ body, locale });
  if (!result.ok) return formFailure(result, { intent: 'info', formFields: PROFILE_FIELDS, values });
  return { ok: true as const, intent: 'info', values: {} };
}

/** Gender and contacts (POST /api/user/updateInfo); each field shows the server's message for it. */
function ProfileForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation('personalCenter');
  const answered = useActionData<typeof action>();
  const mine = answered?.intent === 'info' ? answered : undefined;
  const kept: Partial<Record<(typeof PROFILE_FIELDS)[number], string>> = mine?.ok === false ? (mine.values as Record<string, string>) : {};
  const errors = useFormErrors(mine?.ok === false ? mine : undefined);
  const [gender, setGender] = useState<Gender | null>(() => (GENDERS as readonly string[]).includes(kept.gender ?? '') ? (kept.gender as Gender) : user.gender);
  const [contacts, setContacts] = useState<Record<ContactField, string>>(
    () => Object.fromEntries(CONTACT_FIELDS.map((field) => [field, kept[field] ?? user[field] ?? ''])) as Record<ContactField, string>,
  );
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(mine?.ok === true);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setSaved(false);
    const body = { ...Object.fromEntries(CONTACT_FIELDS.map((field) => [field, contacts[field].trim()])), ...(gender ? { gender } : {}) };
    if (!errors.check(UpdateInfoBodySchema, body)) return;
    setPending(true);
    try {
      const updated = await accountApi.updateInfo(body);
      dispatchAppState({ type: 'userInfo', userInfo: updated });
      setSaved(true);
    } catch (error) {
      errors.showApiError(error, { formFields: PROFILE_FIELDS, fallback: t('form.saveFailed') });
    } finally {
      setPending(false);
    }
  }

  return (
    <form method="post" onSubmit={submit} noValidate className="grid gap-4" aria-busy={pending}>
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      {saved ? <FormAlert tone="success">{t('info.saved')}</FormAlert> : null}
      <fieldset className="grid gap-1">
        <legend className="mb-1 text-sm font-medium">{t('info.gender')}</legend>
        <div className="flex flex-wrap gap-2">
          {GENDERS.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-line px-3 py-2 has-checked:border-accent has-checked:bg-accent-soft/60"
            >
              <input
                type="radio"
                name="gender"
                value={value}
                checked={gender === value}
                onChange={() => {
                  setGender(value);
                  setSaved(false);
                }}
                className="accent-[var(--accent)]"
              />
              {t(`info.genders.${value}`)}
            </label>
          ))}
        </div>
        {errors.fields.gender ? <p className="text-xs font-medium text-accent">{errors.fields.gender}</p> : null}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {CONTACT_FIELDS.map((field) => (
          <TextField
            key={field}
            name={field}
            label={t(`info.fields.${field}`)}
            placeholder={t(`info.placeholders.${field}`)}
            type={INPUT_TYPES[field].type}
            autoComplete={INPUT_TYPES[field].autoComplete}
            inputMode={INPUT_TYPES[field].inputMode}
            maxLength={200}
            value={contacts[field]}
            error={errors.fields[field]}
            onChange={(event) => {
              const value = event.target.value;
              setContacts((c) => ({ ...c, [field]: value }));
              setSaved(false);
              errors.setFieldError(field, null);
            }}
          />
        ))}
      </div>
      <p className="text-xs text-muted">{t('info.clearHint')}</p>
      <div>
        <button type="submit" name="intent" value="info" disabled={pending} className={primaryButtonClass}>
          {pending ? t('form.saving') : t('form.save')}
        </button>
      </div>
    </form>
  );
}

/** The email address, changed with a code sent to the new address (POST /api/user/changeEmail). */
function EmailForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation(['personalCenter', 'account']);
  const answered = useActionData<typeof action>();
  const mine = answered?.intent === 'email' || answered?.intent === 'sendCode' ? answered : undefined;
  const errors = useFormErrors(mine?.ok === false ? mine : undefined);
  const code = useSendCode('changeEmail');
  // Posted without scripts: the form stays open until the address has changed.
  const [open, setOpen] = useState(mine !== undefined && !(mine.ok && mine.intent === 'email'));
  const keptEmail = mine?.ok === true && mine.intent === 'email' ? '' : ((mine?.values as { email?: string } | undefined)?.email ?? '');
  const { values, setValues, field } = useFormValues<'email' | 'code'>({ email: keptEmail, code: '' }, errors);
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(mine?.ok === true && mine.intent === 'email');


  async function sendCode() {
    if (!errors.check(ChangeEmailBodySchema.pick({ email: true }), { email: values.email })) return;
    const result = await code.send(values.email.trim());
    errors.setFieldError('email', result.emailError);
    errors.setForm(result.error);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { email: values.email.trim(), code: values.code.trim() };
    if (pending || !errors.check(ChangeEmailBodySchema, body)) return;
    setPending(true);
    try {
      const updated = await accountApi.changeEmail(body);
      dispatchAppState({ type: 'userInfo', userInfo: updated });
      setSaved(true);
      setOpen(false);
      setValues({ email: '', code: '' });
    } catch (error) {
      errors.showApiError(error, { formFields: ['email', 'code'], fallback: t('form.saveFailed') });
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-labelledby="email-title" className="grid gap-3">
      <h2 id="email-title" className="text-base font-semibold">
        {t('info.email.title')}
      </h2>
      {saved ? <FormAlert tone="success">{t('info.email.saved')}</FormAlert> : null}
      <div className="flex flex-wrap items-center gap-3">
        <input aria-label={t('info.email.current')} readOnly value={user.email ?? ''} className={`${inputClass} max-w-sm bg-surface-muted`} />
        {open ? null : (
          <button type="button" onClick={() => setOpen(true)} className={secondaryButtonClass}>
            {t('info.email.change')}
          </button>
        )}
      </div>
      {open ? (
        <form method="post" onSubmit={submit} noValidate className="grid max-w-md gap-4 rounded-md border border-line p-4" aria-busy={pending}>
          <DefaultSubmit intent="email" />
          <p className="text-sm text-muted">{t('info.email.lead')}</p>
          {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
          <TextField
            label={t('info.email.new')}
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="off"
            spellCheck={false}
            {...field('email')}
            addon={<SendCodeButton secondsLeft={code.secondsLeft} sending={code.sending} onClick={() => void sendCode()} />}
            hint={code.notice}
          />
          <TextField label={t('account:form.code')} autoComplete="one-time-code" inputMode="numeric" maxLength={6} {...field('code')} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" name="intent" value="email" disabled={pending} className={primaryButtonClass}>
              {pending ? t('form.saving') : t('info.email.submit')}
            </button>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                errors.clear();
              }}
              className={secondaryButtonClass}
            >
              {t('form.cancel')}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}

/** changeInformationEntry: the profile's personal data. */
export default function ChangeInformationRoute() {
  const { t } = useTranslation('personalCenter');
  const user = useCurrentUser();
  if (user === null) return null;
  return (
    <CenterPage title={t('views.changeInformationEntry')} lead={t('info.lead')}>
      <div className="grid gap-8">
        <EmailForm user={user} />
        <section aria-labelledby="profile-form-title" className="grid gap-3">
          <h2 id="profile-form-title" className="text-base font-semibold">
            {t('info.title')}
          </h2>
          <ProfileForm user={user} />
        </section>
      </div>
    </CenterPage>
  );
}
