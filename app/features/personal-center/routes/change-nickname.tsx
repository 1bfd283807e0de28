import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionData, type ActionFunctionArgs } from 'react-router';
import { ChangeNicknameBodySchema } from '../../../../core/contracts/profile';
import { FormAlert, primaryButtonClass, TextField } from '../../../components/ui/field';
import { accountApi } from '../../../lib/account-api';
import { dispatchAppState, useCurrentUser } from '../../../lib/app-state';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { formFailure, formHeaders, formServices, pageLocale, readFormFields } from '../../../lib/forms/form-action.server';
import { centerMeta } from '../center-meta';
import { CenterPage } from '../components/center-page';

export const meta = centerMeta('changeNickname');
export const headers = formHeaders;

/** The form posted before the page's scripts ran (docs/decisions/100): the API's nickname change. */
export async function action({ request, context }: ActionFunctionArgs) {
  const nickname = ((await readFormFields(request)).nickname ?? '').trim();
  const result = await formServices(context).changeNickname({ body: { nickname }, locale: pageLocale(request) });
  if (!result.ok) return formFailure(result, { intent: 'changeNickname', formFields: ['nickname'], values: { nickname } });
  return { ok: true as const, values: { nickname: result.data.nickname } };
}

/** changeNickname: a new nickname (also a login name); 409 when someone has it. */
export default function ChangeNicknameRoute() {
  const { t } = useTranslation('personalCenter');
  const user = useCurrentUser();
  const answered = useActionData<typeof action>();
  const errors = useFormErrors(answered?.ok === false ? answered : undefined);
  const [nickname, setNickname] = useState(answered?.values.nickname ?? user?.nickname ?? '');
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(answered?.ok === true);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const body = { nickname: nickname.trim() };
    if (pending || !errors.check(ChangeNicknameBodySchema, body)) return;
    setPending(true);
    try {
      const updated = await accountApi.changeNickname(body);
      dispatchAppState({ type: 'userInfo', userInfo: updated });
      setNickname(updated.nickname);
      setSaved(true);
    } catch (error) {
      errors.showApiError(error, { formFields: ['nickname'], fallback: t('form.saveFailed') });
    } finally {
      setPending(false);
    }
  }

  return (
    <CenterPage title={t('views.changeNickname')} lead={t('nickname.lead')}>
      <form method="post" onSubmit={submit} noValidate className="grid max-w-md gap-4" aria-busy={pending}>
        {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
        {saved ? <FormAlert tone="success">{t('nickname.saved')}</FormAlert> : null}
        <TextField
          label={t('nickname.label')}
          name="nickname"
          autoComplete="nickname"
          maxLength={40}
          value={nickname}
          error={errors.fields.nickname}
          hint={t('nickname.hint')}
          onChange={(event) => {
            setNickname(event.target.value);
            setSaved(false);
            errors.setFieldError('nickname', null);
          }}
        />
        <div>
          <button type="submit" disabled={pending || nickname.trim() === user?.nickname} className={primaryButtonClass}>
            {pending ? t('form.saving') : t('form.save')}
          </button>
        </div>
      </form>
    </CenterPage>
  );
}
