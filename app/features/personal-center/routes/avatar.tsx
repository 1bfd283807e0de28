import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_IDS, type AvatarId } from '../../../../core/contracts/account';
import { Avatar, isAvatarId } from '../../../components/avatar';
import { FormAlert, primaryButtonClass } from '../../../components/ui/field';
import { accountApi, apiErrorDetails } from '../../../lib/account-api';
import { dispatchAppState, useCurrentUser } from '../../../lib/app-state';
import { centerMeta } from '../center-meta';
import { CenterPage } from '../components/center-page';

export const meta = centerMeta('avatar');

/** Avatar selection: the twelve pictures as a radio group (arrow keys move), saved with one button. */
export default function AvatarRoute() {
  const { t } = useTranslation('personalCenter');
  const user = useCurrentUser();
  const current = isAvatarId(user?.avatar) ? user.avatar : 'a01';
  const [chosen, setChosen] = useState<AvatarId>(current);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function save() {
    setPending(true);
    setMessage(null);
    try {
      const updated = await accountApi.changeAvatar({ avatar: chosen });
      dispatchAppState({ type: 'userInfo', userInfo: updated });
      setMessage({ tone: 'success', text: t('avatar.saved') });
    } catch (error) {
      setMessage({ tone: 'error', text: apiErrorDetails(error).message ?? t('form.saveFailed') });
    } finally {
      setPending(false);
    }
  }

  function move(from: number, step: number) {
    const next = AVATAR_IDS[(from + step + AVATAR_IDS.length) % AVATAR_IDS.length] ?? 'a01';
    setChosen(next);
    document.getElementById(`avatar-${next}`)?.focus();
  }

  return (
    <CenterPage title={t('views.avatar')} lead={t('avatar.lead')}>
      {message ? (
        <div className="mb-4">
          <FormAlert tone={message.tone}>{message.text}</FormAlert>
        </div>
      ) : null}
      <div role="radiogroup" aria-label={t('views.avatar')} className="grid grid-cols-4 gap-3 sm:grid-cols-6">
        {AVATAR_IDS.map((id, index) => {
          const selected = id === chosen;
          return (
            <button
              key={id}
              id={`avatar-${id}`}
              type="button"
              role="radio"
              aria-checked={selected}
              aria-label={t('avatar.option', { number: index + 1 })}
              tabIndex={selected ? 0 : -1}
              onClick={() => setChosen(id)}
              onKeyDown={(event) => {
                if (event.key === 'ArrowRight' || event.key === 'ArrowDown') {
                  event.preventDefault();
                  move(index, 1);
                } else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') {
                  event.preventDefault();
                  move(index, -1);
                }
              }}
              className={`relative grid place-items-center rounded-xl border-2 p-2 transition-colors ${selected ? 'border-accent bg-accent-soft/60' : 'border-transparent hover:bg-surface-muted'}`}
            >
              <Avatar id={id} size={64} className="h-auto w-full max-w-16" />
              {id === current ? (
                <span className="absolute top-1 end-1 rounded-full bg-surface px-1.5 text-xs font-semibold text-muted shadow">{t('avatar.current')}</span>
              ) : null}
            </button>
          );
        })}
      </div>
      <div className="mt-5 flex items-center gap-4">
        <Avatar id={chosen} size={48} />
        <button type="button" onClick={() => void save()} disabled={pending || chosen === current} className={primaryButtonClass}>
          {pending ? t('form.saving') : t('avatar.save')}
        </button>
      </div>
    </CenterPage>
  );
}
