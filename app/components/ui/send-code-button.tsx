import { useTranslation } from 'react-i18next';
import { secondaryButtonClass } from './field';

/**
 * "Send code", then "Resend in 59 s" counting down; disabled while sending or counting. It is a
 * submit button of its form with `intent=sendCode`, so that before the page's scripts run it
 * posts the form to the page's action (docs/decisions/100); once they run, `onClick` does the
 * work and the form is not sent.
 */
export function SendCodeButton({ secondsLeft, sending, onClick }: { secondsLeft: number; sending: boolean; onClick: () => void }) {
  const { t } = useTranslation('account');
  const waiting = secondsLeft > 0;
  return (
    <button
      type="submit"
      name="intent"
      value="sendCode"
      formNoValidate
      onClick={(event) => {
        event.preventDefault();
        onClick();
      }}
      disabled={sending || waiting}
      data-testid="send-code"
      className={`${secondaryButtonClass} shrink-0 whitespace-nowrap tabular-nums`}
    >
      {sending ? t('form.sending') : waiting ? t('form.resendIn', { seconds: secondsLeft }) : t('form.sendCode')}
    </button>
  );
}

/**
 * The form's first submit button, out of sight: pressing Enter in a field "clicks" the first
 * submit button of the form, which must be the form's own, not "Send code" or "Back".
 */
export function DefaultSubmit({ intent }: { intent: string }) {
  return <button type="submit" name="intent" value={intent} hidden tabIndex={-1} aria-hidden="true" />;
}
