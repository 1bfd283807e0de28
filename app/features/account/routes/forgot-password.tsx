import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Link, useActionData, useSearchParams, type ActionFunctionArgs, type MetaFunction } from 'react-router';
import { ChangePasswordBodySchema, RegBeforeBodySchema } from '../../../../core/contracts/account';
import { FormAlert, linkClass, primaryButtonClass, TextField } from '../../../components/ui/field';
import { accountApi } from '../../../lib/account-api';
import { dispatchAppState, useCurrentUser } from '../../../lib/app-state';
import { useLocale, useLocalizedPath } from '../../../lib/locale';
import { accountPagePath } from '../../../lib/login-redirect';
import { pageMeta } from '../../../lib/page-meta';
import { AuthCard } from '../components/auth-card';
import { PasswordField } from '../../../components/ui/password-field';
import { DefaultSubmit, SendCodeButton } from '../../../components/ui/send-code-button';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { useFormValues } from '../../../lib/forms/use-form-values';
import { useSendCode } from '../../../lib/forms/use-send-code';
import { formFailure, formHeaders, formServices, pageLocale, pick, readFormFields } from '../../../lib/forms/form-action.server';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { namespace: 'account', title: 'forgot.page.title', description: 'forgot.page.description', noIndex: true });

const FIELDS = ['email', 'code', 'password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];
export const headers = formHeaders;

/**
 * The form posted before the page's scripts ran (docs/decisions/100), with the API's services:
 * `sendCode` mails the code (to the address typed, or signed in to the account's own), anything
 * else sets the new password. A reset signed out ends every session, this browser's cookie too.
 * The address typed is kept; code and passwords are never shown again.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const forms = formServices(context);
  const posted = await readFormFields(request);
  const locale = pageLocale(request);
  const signedIn = context.currentUser !== null;
  const email = (posted.email ?? '').trim();
  const values: Record<string, string> = signedIn ? {} : { email };
  const purpose = signedIn ? 'changePassword' : 'reset';

  if (posted.intent === 'sendCode') {
    const result = await forms.requestCode({ body: { ...values, purpose }, locale });
    if (!result.ok) return formFailure(result, { intent: 'sendCode', formFields: FIELDS, values });
    const minutes = Math.max(1, Math.round(result.data.expiresInSec / 60));
    return { ok: true as const, intent: 'sendCode', done: false, values, codeSent: { email, minutes } };
  }
  const body = { ...values, code: (posted.code ?? '').trim(), ...pick(posted, ['password', 'confirmPassword']) };
  const result = await forms.changePasswordByCode({ body, locale });
  if (!result.ok) return formFailure(result, { intent: 'reset', formFields: FIELDS, values });
  const headers = result.data.clearCookie ? { 'Set-Cookie': result.data.clearCookie } : undefined;
  return data({ ok: true as const, intent: 'reset', done: true, values, codeSent: null }, { headers });
}

/**
 * /forgot-password: a new password by emailed code (/api/user/code, /api/user/changePassword).
 * Signed out it resets the password of the address entered (and ends every session); signed
 * in (from "change password") the code goes to the account's own address and the other
 * sessions end.
 */
export default function ForgotPasswordRoute() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const localize = useLocalizedPath();
  const [params] = useSearchParams();
  const user = useCurrentUser();
  const signedIn = user !== null;
  // Before the scripts run, the form is posted to the action: its answer is what the page shows.
  const answered = useActionData<typeof action>();
  const errors = useFormErrors(answered?.ok === false ? answered : undefined);
  const code = useSendCode(signedIn ? 'changePassword' : 'reset');
  const keptEmail = (answered?.values as { email?: string } | undefined)?.email ?? '';
  const { values, field } = useFormValues<Field>({ email: keptEmail, code: '', password: '', confirmPassword: '' }, errors);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(answered?.ok === true && answered.done);
  const codeSent = answered?.ok === true ? answered.codeSent : null;


  async function sendCode() {
    if (signedIn) {
      const result = await code.send();
      errors.setForm(result.error);
      return;
    }
    if (!errors.check(RegBeforeBodySchema.pick({ email: true }), { email: values.email })) return;
    const result = await code.send(values.email.trim());
    errors.setFieldError('email', result.emailError);
    errors.setForm(result.error);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = {
      ...(signedIn ? {} : { email: values.email.trim() }),
      code: values.code.trim(),
      password: values.password,
      confirmPassword: values.confirmPassword,
    };
    if (pending || !errors.check(ChangePasswordBodySchema, body)) return;
    setPending(true);
    try {
      await accountApi.changePassword(body);
      errors.clear();
      // Signed out, every session of the account ended: nothing of it may stay in this browser.
      if (!signedIn) dispatchAppState({ type: 'logout' });
      setDone(true);
    } catch (error) {
      errors.showApiError(error, { formFields: FIELDS, fallback: t('forgot.failed') });
    } finally {
      setPending(false);
    }
  }

  if (done) {
    return (
      <AuthCard title={t('forgot.page.title')}>
        <FormAlert tone="success">{signedIn ? t('forgot.doneSignedIn') : t('forgot.done')}</FormAlert>
        <Link
          to={signedIn ? localize('/personal-center/personal-center') : accountPagePath('/login', locale, params.get('redirect'))}
          className={`${primaryButtonClass} mt-5 w-full`}
        >
          {signedIn ? t('forgot.backToAccount') : t('forgot.backToLogin')}
        </Link>
      </AuthCard>
    );
  }

  const sendButton = <SendCodeButton secondsLeft={code.secondsLeft} sending={code.sending} onClick={() => void sendCode()} />;
  return (
    <AuthCard
      title={t('forgot.page.title')}
      lead={signedIn ? t('forgot.page.leadSignedIn', { email: user.email ?? '' }) : t('forgot.page.lead')}
      footer={
        <Link
          to={signedIn ? localize('/personal-center/personal-center/updatePassword') : accountPagePath('/login', locale, params.get('redirect'))}
          className={linkClass}
        >
          {signedIn ? t('forgot.backToAccount') : t('forgot.backToLogin')}
        </Link>
      }
    >
      <form method="post" onSubmit={submit} noValidate className="grid gap-4" aria-busy={pending}>
        <DefaultSubmit intent="reset" />
        {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
        {signedIn ? (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 text-sm break-all">{user.email}</span>
            {sendButton}
          </div>
        ) : (
          <TextField
            label={t('form.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="off"
            spellCheck={false}
            {...field('email')}
            addon={sendButton}
            hint={code.notice ?? (codeSent ? t('form.codeSent', codeSent) : null)}
          />
        )}
        {signedIn && (code.secondsLeft > 0 || codeSent) ? <p className="-mt-2 text-xs text-muted">{t('form.codeSentShort', { email: user.email ?? '' })}</p> : null}
        <TextField label={t('form.code')} autoComplete="one-time-code" inputMode="numeric" maxLength={6} pattern="[0-9]*" {...field('code')} />
        <PasswordField label={t('forgot.form.password')} autoComplete="new-password" hint={t('form.passwordHint')} {...field('password')} />
        <PasswordField label={t('forgot.form.confirmPassword')} autoComplete="new-password" {...field('confirmPassword')} />
        <button type="submit" name="intent" value="reset" disabled={pending} className={`${primaryButtonClass} w-full`}>
          {pending ? t('forgot.form.submitting') : t('forgot.form.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
