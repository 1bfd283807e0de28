import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, redirect, useActionData, useSearchParams, type ActionFunctionArgs, type MetaFunction } from 'react-router';
import { LoginBodySchema } from '../../../../core/contracts/account';
import { endpointHref } from '../../../../core/contracts/endpoints';
import { apiLinks } from '../../../../core/contracts/links';
import { FormAlert, linkClass, primaryButtonClass, secondaryButtonClass, TextField } from '../../../components/ui/field';
import { accountApi } from '../../../lib/account-api';
import { useLocale } from '../../../lib/locale';
import { accountPagePath, afterLoginPath } from '../../../lib/login-redirect';
import { pageMeta } from '../../../lib/page-meta';
import { useRootData } from '../../../lib/root-data';
import { redirectSignedIn } from '../account-meta';
import { AuthCard } from '../components/auth-card';
import { PasswordField } from '../../../components/ui/password-field';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { useFormValues } from '../../../lib/forms/use-form-values';
import { useSignedIn } from '../use-sign-in';
import { formFailure, formHeaders, formServices, pageLocale, readFormFields } from '../../../lib/forms/form-action.server';
import { signedInHeaders } from '../sign-in-headers.server';

export const loader = redirectSignedIn;
export const headers = formHeaders;

/**
 * The form posted before the page's scripts ran (docs/decisions/100): the API's sign-in,
 * then 303 to where the fan was going with the session cookie; a failure shows the page again
 * with its message and the account typed (never the password).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const body = await readFormFields(request);
  const locale = pageLocale(request);
  const account = (body.account ?? '').trim();
  const result = await formServices(context).logIn({ body: { account, password: body.password ?? '' }, locale });
  if (!result.ok) return formFailure(result, { intent: 'login', formFields: FIELDS, values: { account } });
  const { headers, target } = signedInHeaders(request, result.data, locale);
  return redirect(target, { status: 303, headers });
}

export const meta: MetaFunction = (args) =>
  pageMeta(args, { namespace: 'account', title: 'login.page.title', description: 'login.page.description', noIndex: true });

const FIELDS = ['account', 'password'] as const;

const PROVIDER_NAMES: Record<string, string> = { google: 'Google', apple: 'Apple', facebook: 'Facebook' };

/** Buttons of the sign-in providers the server has switched on (public config); none by default. */
function OAuthButtons({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation('account');
  const { config } = useRootData();
  const providers = (config.oauthProviders ?? []).filter((id) => id in PROVIDER_NAMES);
  if (providers.length === 0) return null;
  return (
    <div className="mt-5">
      <p className="relative mb-4 text-center text-xs text-muted before:absolute before:inset-x-0 before:top-1/2 before:h-px before:bg-line">
        <span className="relative bg-surface px-2">{t('login.oauth.divider')}</span>
      </p>
      <div className="grid gap-2">
        {providers.map((id) => (
          // A full page load: the server sends the reader on to the provider.
          <a
            key={id}
            href={endpointHref(apiLinks.oauthStart, { provider: id }, { redirect: redirectTo })}
            className={`${secondaryButtonClass} w-full`}
          >
            {t('login.oauth.continue', { provider: PROVIDER_NAMES[id] })}
          </a>
        ))}
      </div>
    </div>
  );
}

/** /login: email or nickname and password (section 2); 401 answers send readers here (section 8). */
export default function LoginRoute() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const [params] = useSearchParams();
  const redirectParam = params.get('redirect');
  const failed = useActionData<typeof action>();
  const errors = useFormErrors(failed);
  const signedIn = useSignedIn();
  const { values, field } = useFormValues<(typeof FIELDS)[number]>({ account: failed?.values.account ?? '', password: '' }, errors);
  const [pending, setPending] = useState(false);

  const oauthFailed = params.get('oauth') === 'failed' ? (PROVIDER_NAMES[params.get('provider') ?? ''] ?? null) : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || !errors.check(LoginBodySchema, values)) return;
    setPending(true);
    try {
      const { user } = await accountApi.login({ account: values.account.trim(), password: values.password });
      signedIn(user);
    } catch (error) {
      errors.showApiError(error, { formFields: FIELDS, fallback: t('messages:account.loginFailed') });
      setPending(false);
    }
  }


  return (
    <AuthCard
      title={t('login.page.title')}
      lead={t('login.page.lead')}
      footer={
        <p>
          {t('login.noAccount')}{' '}
          <Link to={accountPagePath('/register', locale, redirectParam)} className={linkClass}>
            {t('login.register')}
          </Link>
        </p>
      }
    >
      <form method="post" onSubmit={submit} noValidate className="grid gap-4" aria-busy={pending}>
        {oauthFailed ? <FormAlert>{t('login.oauth.failed', { provider: oauthFailed })}</FormAlert> : null}
        {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
        <TextField label={t('login.form.account')} autoComplete="username" autoCapitalize="off" spellCheck={false} {...field('account')} />
        <PasswordField label={t('login.form.password')} autoComplete="current-password" {...field('password')} />
        <div className="-mt-1 text-end text-sm">
          <Link to={accountPagePath('/forgot-password', locale, redirectParam)} className={linkClass}>
            {t('login.forgot')}
          </Link>
        </div>
        <button type="submit" disabled={pending} className={`${primaryButtonClass} w-full`}>
          {pending ? t('login.form.submitting') : t('login.form.submit')}
        </button>
      </form>
      <OAuthButtons redirectTo={afterLoginPath(redirectParam, locale)} />
    </AuthCard>
  );
}
