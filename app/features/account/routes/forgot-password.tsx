import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams, type MetaFunction } from 'react-router';
import { ChangePasswordBodySchema, RegBeforeBodySchema } from '../../../../core/contracts/account';
import { FormAlert, linkClass, primaryButtonClass, TextField } from '../../../components/ui/field';
import { accountApi } from '../../../lib/account-api';
import { dispatchAppState, useCurrentUser } from '../../../lib/app-state';
import { useLocale, useLocalizedPath } from '../../../lib/locale';
import { accountPagePath } from '../../../lib/login-redirect';
import { pageMeta } from '../../../lib/page-meta';
import { AuthCard } from '../components/auth-card';
import { PasswordField } from '../../../components/ui/password-field';
import { SendCodeButton } from '../../../components/ui/send-code-button';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { useFormValues } from '../../../lib/forms/use-form-values';
import { useSendCode } from '../../../lib/forms/use-send-code';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { namespace: 'account', title: 'forgot.page.title', description: 'forgot.page.description', noIndex: true });

const FIELDS = ['email', 'code', 'password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];

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
  const errors = useFormErrors();
  const code = useSendCode(signedIn ? 'changePassword' : 'reset');
  const { values, field } = useFormValues<Field>({ email: '', code: '', password: '', confirmPassword: '' }, errors);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);


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
      <form onSubmit={submit} noValidate className="grid gap-4" aria-busy={pending}>
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
            hint={code.notice}
          />
        )}
        {signedIn && code.secondsLeft > 0 ? <p className="-mt-2 text-xs text-muted">{t('form.codeSentShort', { email: user.email ?? '' })}</p> : null}
        <TextField label={t('form.code')} autoComplete="one-time-code" inputMode="numeric" maxLength={6} pattern="[0-9]*" {...field('code')} />
        <PasswordField label={t('forgot.form.password')} autoComplete="new-password" hint={t('form.passwordHint')} {...field('password')} />
        <PasswordField label={t('forgot.form.confirmPassword')} autoComplete="new-password" {...field('confirmPassword')} />
        <button type="submit" disabled={pending} className={`${primaryButtonClass} w-full`}>
          {pending ? t('forgot.form.submitting') : t('forgot.form.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
