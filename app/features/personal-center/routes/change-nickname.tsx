import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeNicknameBodySchema } from '../../../../core/contracts/profile';
import { FormAlert, primaryButtonClass, TextField } from '../../../components/ui/field';
import { accountApi } from '../../../lib/account-api';
import { dispatchAppState, useCurrentUser } from '../../../lib/app-state';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { centerMeta } from '../center-meta';
import { CenterPage } from '../components/center-page';

export const meta = centerMeta('changeNickname');

/** changeNickname: a new nickname (also a login name); 409 when someone has it. */
export default function ChangeNicknameRoute() {
  const { t } = useTranslation('personalCenter');
  const user = useCurrentUser();
  const errors = useFormErrors();
  const [nickname, setNickname] = useState(user?.nickname ?? '');
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);

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
      <form onSubmit={submit} noValidate className="grid max-w-md gap-4" aria-busy={pending}>
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
