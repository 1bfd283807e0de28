import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionData, type ActionFunctionArgs } from 'react-router';
import { UpdatePasswordBodySchema } from '../../../../core/contracts/account';
import { LocalLink } from '../../../components/local-link';
import { FormAlert, linkClass, primaryButtonClass } from '../../../components/ui/field';
import { PasswordField } from '../../../components/ui/password-field';
import { accountApi } from '../../../lib/account-api';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { useFormValues } from '../../../lib/forms/use-form-values';
import { formFailure, formHeaders, formServices, pageLocale, pick, readFormFields } from '../../../lib/forms/form-action.server';
import { centerMeta } from '../center-meta';
import { CenterPage } from '../components/center-page';

export const meta = centerMeta('updatePassword');
export const headers = formHeaders;

const FIELDS = ['oldPassword', 'password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The form posted before the page's scripts ran (docs/decisions/100): the API's password
 * change (old password limited per user, every other session ends). No password is ever
 * shown again.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const posted = await readFormFields(request);
  const result = await formServices(context).updatePassword({ body: pick(posted, FIELDS), locale: pageLocale(request) });
  if (!result.ok) return formFailure(result, { intent: 'updatePassword', formFields: FIELDS, values: {} });
  return { ok: true as const };
}

/** updatePassword: the current password and the new one twice; a code by email for those who forgot it. */
export default function UpdatePasswordRoute() {
  const { t } = useTranslation(['personalCenter', 'account']);
  const answered = useActionData<typeof action>();
  const errors = useFormErrors(answered?.ok === false ? answered : undefined);
  const empty: Record<Field, string> = { oldPassword: '', password: '', confirmPassword: '' };
  const { values, setValues, field } = useFormValues<Field>(empty, errors, () => setSaved(false));
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(answered?.ok === true);


  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    if (pending || !errors.check(UpdatePasswordBodySchema, values)) return;
    setPending(true);
    try {
      await accountApi.updatePassword(values);
      setValues(empty);
      setSaved(true);
    } catch (error) {
      errors.showApiError(error, { formFields: FIELDS, fallback: t('form.saveFailed') });
    } finally {
      setPending(false);
    }
  }

  return (
    <CenterPage title={t('views.updatePassword')} lead={t('password.lead')}>
      <form method="post" onSubmit={submit} noValidate className="grid max-w-md gap-4" aria-busy={pending}>
        {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
        {saved ? <FormAlert tone="success">{t('password.saved')}</FormAlert> : null}
        <PasswordField label={t('password.old')} autoComplete="current-password" {...field('oldPassword')} />
        <PasswordField label={t('password.new')} autoComplete="new-password" hint={t('account:form.passwordHint')} {...field('password')} />
        <PasswordField label={t('password.confirm')} autoComplete="new-password" {...field('confirmPassword')} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <button type="submit" disabled={pending} className={primaryButtonClass}>
            {pending ? t('form.saving') : t('password.submit')}
          </button>
          <LocalLink to="/forgot-password" className={`${linkClass} text-sm`}>
            {t('password.byCode')}
          </LocalLink>
        </div>
      </form>
    </CenterPage>
  );
}
