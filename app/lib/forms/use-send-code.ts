import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodePurpose } from '../../../core/contracts/account';
import { accountApi, apiErrorDetails } from '../account-api';
import { useCountdown } from './countdown';

export interface SendCodeResult {
  ok: boolean;
  /** a message for the email field (unknown or taken address), if any */
  emailError: string | null;
  /** a message about the request itself, if any */
  error: string | null;
}

/**
 * Asks the server to email a verification code and runs the 60 s countdown of the button
 * (the server's resendAfterSec, or its Retry-After when asked too soon).
 */
export function useSendCode(purpose: CodePurpose) {
  const { t } = useTranslation('account');
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const send = useCallback(
    async (email?: string): Promise<SendCodeResult> => {
      setSending(true);
      setNotice(null);
      try {
        const answer = await accountApi.sendCode(email === undefined ? { purpose } : { email, purpose });
        start(answer.resendAfterSec);
        const minutes = Math.max(1, Math.round(answer.expiresInSec / 60));
        setNotice(email ? t('form.codeSent', { email, minutes }) : null);
        return { ok: true, emailError: null, error: null };
      } catch (error) {
        const details = apiErrorDetails(error);
        if (details.status === 429) {
          start(details.retryAfterSec);
          return { ok: false, emailError: null, error: details.message ?? t('form.rateLimited', { seconds: details.retryAfterSec ?? 60 }) };
        }
        if (details.status === 0) return { ok: false, emailError: null, error: t('form.network') };
        const emailError = details.fields.email ?? (details.error === 'EMAIL_TAKEN' ? details.message : null);
        return { ok: false, emailError, error: emailError ? null : (details.message ?? t('form.codeFailed')) };
      } finally {
        setSending(false);
      }
    },
    [purpose, start, t],
  );

  return { send, sending, secondsLeft: left, notice };
}
