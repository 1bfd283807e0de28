import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../../core/contracts/account';
import { showNotice } from '../../../components/notice/notice-store';
import { secondaryButtonClass } from '../../../components/ui/field';
import { accountApi, apiErrorDetails } from '../../../lib/account-api';
import { dispatchAppState } from '../../../lib/app-state';
import { useDateFormat } from '../../../lib/format';

/** While the account waits to close: the closing date and a way to keep the account. */
export function CancellationBanner({ user }: { user: UserInfo }) {
  const { t } = useTranslation('personalCenter');
  const formatDate = useDateFormat();
  const [pending, setPending] = useState(false);
  if (user.cancellation === null) return null;

  async function revoke() {
    setPending(true);
    try {
      const updated = await accountApi.revokeCancellation();
      dispatchAppState({ type: 'userInfo', userInfo: updated });
      showNotice({ message: t('cancel.revoked') });
    } catch (error) {
      showNotice({ message: apiErrorDetails(error).message ?? t('cancel.revokeFailed') });
    } finally {
      setPending(false);
    }
  }

  return (
    <section
      role="status"
      data-testid="cancellation-banner"
      className="flex flex-wrap items-center justify-between gap-3 border-accent/40 bg-accent-soft px-4 py-3 text-sm sm:rounded-lg sm:border"
    >
      <div className="min-w-0">
        <p className="font-semibold text-accent-strong dark:text-accent">{t('cancel.banner.title')}</p>
        <p className="mt-0.5">
          {t('cancel.banner.text', { date: formatDate(user.cancellation.closes_at, { dateStyle: 'long', timeStyle: 'short' }) })}
        </p>
      </div>
      <button type="button" onClick={() => void revoke()} disabled={pending} className={secondaryButtonClass}>
        {t('cancel.banner.revoke')}
      </button>
    </section>
  );
}
