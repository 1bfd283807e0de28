import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_CANCELLATION_DAYS } from '../../../../core/contracts/account';
import { dangerButtonClass, FormAlert, primaryButtonClass, secondaryButtonClass } from '../../../components/ui/field';
import { accountApi, apiErrorDetails } from '../../../lib/account-api';
import { dispatchAppState, useCurrentUser } from '../../../lib/app-state';
import { centerMeta } from '../center-meta';
import { CenterPage } from '../components/center-page';

export const meta = centerMeta('cancelAccount');

/**
 * Account cancellation (section 4): the request waits 15 days, during which the account works
 * and the request can be revoked (the banner above every centre page); then the account closes
 * for good. The request needs a confirmation that says so.
 */
export default function CancelAccountRoute() {
  const { t } = useTranslation('personalCenter');
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (user === null) return null;
  const days = ACCOUNT_CANCELLATION_DAYS;

  async function confirm() {
    setPending(true);
    setError(null);
    try {
      const updated = await accountApi.requestCancellation();
      dispatchAppState({ type: 'userInfo', userInfo: updated });
      setOpen(false);
    } catch (failure) {
      setError(apiErrorDetails(failure).message ?? t('form.saveFailed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <CenterPage title={t('views.cancelAccount')} lead={t('cancel.lead', { days })}>
      <div className="grid max-w-2xl gap-4">
        <ul className="list-disc space-y-1.5 ps-5 text-sm leading-relaxed">
          <li>{t('cancel.points.wait', { days })}</li>
          <li>{t('cancel.points.revoke')}</li>
          <li>{t('cancel.points.erase')}</li>
          <li>{t('cancel.points.pointsLost')}</li>
        </ul>
        {user.cancellation ? (
          <FormAlert tone="success">{t('cancel.pending')}</FormAlert>
        ) : (
          <Dialog.Root open={open} onOpenChange={setOpen}>
            <Dialog.Trigger asChild>
              <button type="button" data-testid="cancel-account" className={`${dangerButtonClass} justify-self-start`}>
                {t('cancel.request')}
              </button>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-[var(--z-index-layer)] bg-black/50" />
              <Dialog.Content
                role="alertdialog"
                className="fixed top-1/2 left-1/2 z-[var(--z-index-layer)] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg border border-line bg-surface p-5 text-text shadow-xl"
              >
                <Dialog.Title className="text-lg font-bold">{t('cancel.dialog.title')}</Dialog.Title>
                <Dialog.Description className="mt-2 text-sm leading-relaxed">{t('cancel.dialog.text', { days })}</Dialog.Description>
                {error ? (
                  <div className="mt-3">
                    <FormAlert>{error}</FormAlert>
                  </div>
                ) : null}
                <div className="mt-5 flex flex-wrap justify-end gap-2">
                  <Dialog.Close asChild>
                    <button type="button" className={secondaryButtonClass}>
                      {t('cancel.dialog.keep')}
                    </button>
                  </Dialog.Close>
                  <button type="button" onClick={() => void confirm()} disabled={pending} className={primaryButtonClass}>
                    {pending ? t('form.saving') : t('cancel.dialog.confirm', { days })}
                  </button>
                </div>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        )}
      </div>
    </CenterPage>
  );
}
