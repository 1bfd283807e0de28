import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, redirect, useActionData, useSearchParams, type ActionFunctionArgs, type MetaFunction } from 'react-router';
import { RegBeforeBodySchema, RegisterBodySchema } from '../../../../core/contracts/account';
import { showNotice } from '../../../components/notice/notice-store';
import { FormAlert, linkClass, primaryButtonClass, TextField } from '../../../components/ui/field';
import { accountApi, apiErrorDetails } from '../../../lib/account-api';
import { useLocale, useLocalizedPath } from '../../../lib/locale';
import { accountPagePath } from '../../../lib/login-redirect';
import { pageMeta } from '../../../lib/page-meta';
import { redirectSignedIn } from '../account-meta';
import { AuthCard } from '../components/auth-card';
import { PasswordField } from '../../../components/ui/password-field';
import { DefaultSubmit, SendCodeButton } from '../../../components/ui/send-code-button';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { useFormValues } from '../../../lib/forms/use-form-values';
import { useSendCode } from '../../../lib/forms/use-send-code';
import { useSignedIn } from '../use-sign-in';
import { formFailure, formHeaders, formServices, pageLocale, pick, readFormFields } from '../../../lib/forms/form-action.server';
import { signedInHeaders } from '../sign-in-headers.server';

export const loader = redirectSignedIn;
export const headers = formHeaders;

/**
 * The two steps posted before the page's scripts ran (docs/decisions/100), with the API's
 * services: `sendCode` mails the code, `next` checks address and code and shows step two (which
 * carries them on), `register` creates the account and answers 303 with the session cookie. A
 * problem with the address or the code found at the end goes back to step one. Passwords are
 * never shown again.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const forms = formServices(context);
  const posted = await readFormFields(request);
  const locale = pageLocale(request);
  const email = (posted.email ?? '').trim();
  const code = (posted.code ?? '').trim();
  const intent = posted.intent === 'sendCode' || posted.intent === 'back' || posted.intent === 'register' ? posted.intent : 'next';

  if (intent === 'back') return { ok: true as const, intent, step: 1 as const, values: { email, code }, codeSent: null };
  if (intent === 'sendCode') {
    const result = await forms.requestCode({ body: { email, purpose: 'register' }, locale });
    if (!result.ok) return formFailure(result, { intent, formFields: STEP_ONE_FIELDS, values: { email, code } });
    return { ok: true as const, intent, step: 1 as const, values: { email, code }, codeSent: { email, minutes: Math.max(1, Math.round(result.data.expiresInSec / 60)) } };
  }
  if (intent === 'next') {
    const result = await forms.checkRegistration({ body: { email, code }, locale });
    if (!result.ok) return formFailure(result, { intent, formFields: STEP_ONE_FIELDS, values: { email, code } });
    return { ok: true as const, intent, step: 2 as const, values: { email, code }, codeSent: null };
  }
  const kept = { email, code, nickname: (posted.nickname ?? '').trim(), inviteCode: (posted.inviteCode ?? '').trim() };
  const result = await forms.register({ body: { ...pick(posted, ['password', 'confirmPassword']), ...kept }, locale });
  if (!result.ok) {
    // The code expired or the address was taken meanwhile: that is fixed in step one.
    const backToStepOne = 'email' in result.fields || 'code' in result.fields;
    return formFailure(result, { intent: backToStepOne ? 'next' : 'register', formFields: backToStepOne ? STEP_ONE_FIELDS : [...STEP_ONE_FIELDS, ...STEP_TWO_FIELDS], values: kept });
  }
  const { headers, target } = signedInHeaders(request, result.data, locale);
  return redirect(target, { status: 303, headers });
}

export const meta: MetaFunction = (args) =>
  pageMeta(args, { namespace: 'account', title: 'register.page.title', description: 'register.page.description', noIndex: true });

const STEP_ONE_FIELDS = ['email', 'code'] as const;
const STEP_TWO_FIELDS = ['password', 'confirmPassword', 'nickname', 'inviteCode'] as const;
type Field = (typeof STEP_ONE_FIELDS)[number] | (typeof STEP_TWO_FIELDS)[number];

/**
 * /register (with ?invite=CODE from a friend's link): step one proves the email with a code
 * (/api/user/code, /api/user/regBefore), step two chooses password and nickname
 * (/api/user/reg). The server's field messages show beside their fields; a problem with the
 * email or code found in step two takes the reader back to step one.
 */
export default function RegisterRoute() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const localize = useLocalizedPath();
  const [params] = useSearchParams();
  const redirectParam = params.get('redirect');
  // Before the scripts run, the steps are posted to the action: its answer is where the page is.
  const answered = useActionData<typeof action>();
  const posted: Partial<Record<Field, string>> = answered?.values ?? {};
  const errors = useFormErrors(answered?.ok === false ? answered : undefined);
  const signedIn = useSignedIn();
  const code = useSendCode('register');
  const [step, setStep] = useState<1 | 2>(answered?.ok === true ? answered.step : answered?.intent === 'register' ? 2 : 1);
  const [pending, setPending] = useState(false);
  const { values, field } = useFormValues<Field>(
    {
    email: posted.email ?? '',
    code: posted.code ?? '',
    password: '',
    confirmPassword: '',
    nickname: posted.nickname ?? '',
    inviteCode: posted.inviteCode ?? (params.get('invite') ?? '').trim().slice(0, 32),
    },
    errors,
  );
  const codeSent = answered?.ok === true ? answered.codeSent : null;


  async function sendCode() {
    if (!errors.check(RegBeforeBodySchema.pick({ email: true }), { email: values.email })) return;
    const result = await code.send(values.email.trim());
    errors.setFieldError('email', result.emailError);
    errors.setForm(result.error);
  }

  async function submitStepOne(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { email: values.email.trim(), code: values.code.trim() };
    if (pending || !errors.check(RegBeforeBodySchema, body)) return;
    setPending(true);
    try {
      await accountApi.regBefore(body);
      errors.clear();
      setStep(2);
    } catch (error) {
      errors.showApiError(error, { formFields: STEP_ONE_FIELDS, fallback: t('register.failed') });
    } finally {
      setPending(false);
    }
  }

  async function submitStepTwo(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const inviteCode = values.inviteCode.trim();
    const body = {
      email: values.email.trim(),
      code: values.code.trim(),
      password: values.password,
      confirmPassword: values.confirmPassword,
      nickname: values.nickname.trim(),
      ...(inviteCode === '' ? {} : { inviteCode }),
    };
    if (pending || !errors.check(RegisterBodySchema, body)) return;
    setPending(true);
    try {
      const { user } = await accountApi.register(body);
      showNotice({ message: t('register.welcome', { nickname: user.nickname }) });
      signedIn(user);
    } catch (error) {
      errors.showApiError(error, { formFields: [...STEP_ONE_FIELDS, ...STEP_TWO_FIELDS], fallback: t('register.failed') });
      // The code expired or the address was taken meanwhile: that is fixed in step one.
      const problems = Object.keys(apiErrorDetails(error).fields);
      if (problems.some((f) => f === 'email' || f === 'code')) setStep(1);
      setPending(false);
    }
  }

  return (
    <AuthCard
      title={t('register.page.title')}
      lead={t('register.page.lead')}
      footer={
        <p>
          {t('register.hasAccount')}{' '}
          <Link to={accountPagePath('/login', locale, redirectParam)} className={linkClass}>
            {t('register.login')}
          </Link>
        </p>
      }
    >
      <p className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">{t('register.steps.label', { step })}</p>
      <h2 className="mb-4 text-base font-semibold">{step === 1 ? t('register.steps.email') : t('register.steps.account')}</h2>

      {step === 1 ? (
        <form method="post" onSubmit={submitStepOne} noValidate className="grid gap-4" aria-busy={pending}>
          <DefaultSubmit intent="next" />
          {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
          <TextField
            label={t('form.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="off"
            spellCheck={false}
            {...field('email')}
            addon={<SendCodeButton secondsLeft={code.secondsLeft} sending={code.sending} onClick={() => void sendCode()} />}
            hint={code.notice ?? (codeSent ? t('form.codeSent', codeSent) : null)}
          />
          <TextField
            label={t('form.code')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            pattern="[0-9]*"
            {...field('code')}
          />
          <button type="submit" name="intent" value="next" disabled={pending} className={`${primaryButtonClass} w-full`}>
            {t('register.form.next')}
          </button>
        </form>
      ) : (
        <form method="post" onSubmit={submitStepTwo} noValidate className="grid gap-4" aria-busy={pending}>
          {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
          <DefaultSubmit intent="register" />
          {/* Step one's answers, carried to the server with step two. */}
          <input type="hidden" name="email" value={values.email.trim()} />
          <input type="hidden" name="code" value={values.code.trim()} />
          <p className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-surface-muted px-3 py-2 text-sm">
            <span className="min-w-0 break-all">{t('register.form.emailConfirmed', { email: values.email.trim() })}</span>
            <button
              type="submit"
              name="intent"
              value="back"
              formNoValidate
              onClick={(event) => {
                event.preventDefault();
                setStep(1);
              }}
              className={`${linkClass} text-sm`}
            >
              {t('register.form.back')}
            </button>
          </p>
          <TextField
            label={t('register.form.nickname')}
            autoComplete="nickname"
            maxLength={40}
            hint={t('register.form.nicknameHint')}
            {...field('nickname')}
          />
          <PasswordField label={t('form.password')} autoComplete="new-password" hint={t('form.passwordHint')} {...field('password')} />
          <PasswordField label={t('form.confirmPassword')} autoComplete="new-password" {...field('confirmPassword')} />
          <TextField
            label={t('register.form.inviteCode')}
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            hint={t('register.form.inviteHint')}
            {...field('inviteCode')}
          />
          <p className="text-xs text-muted">
            <Trans
              t={t}
              i18nKey="register.agreement"
              components={{
                agreement: <Link to={localize('/agreement')} className={linkClass} target="_blank" />,
                privacy: <Link to={localize('/privacy')} className={linkClass} target="_blank" />,
              }}
            />
          </p>
          <button type="submit" name="intent" value="register" disabled={pending} className={`${primaryButtonClass} w-full`}>
            {pending ? t('register.form.submitting') : t('register.form.submit')}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
