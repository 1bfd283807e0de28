import { useTranslation } from 'react-i18next';
import { secondaryButtonClass } from './field';

/** "Send code", then "Resend in 59 s" counting down; disabled while sending or counting. */
export function SendCodeButton({ secondsLeft, sending, onClick }: { secondsLeft: number; sending: boolean; onClick: () => void }) {
  const { t } = useTranslation('account');
  const waiting = secondsLeft > 0;
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={sending || waiting}
      data-testid="send-code"
      className={`${secondaryButtonClass} shrink-0 whitespace-nowrap tabular-nums`}
    >
      {sending ? t('form.sending') : waiting ? t('form.resendIn', { seconds: secondsLeft }) : t('form.sendCode')}
    </button>
  );
}
