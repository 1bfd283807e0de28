import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_NOTE_MAX, REPORT_REASONS, type ReportBody } from '../../../../core/contracts/community-reports';
import { FormAlert, inputClass, primaryButtonClass, secondaryButtonClass } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { communityApi } from '../community-api';

/**
 * Reporting a post, comment or fan: a modal dialog with the six reasons and a note (needed for
 * "other"). A repeat report of the same target is thanked the same way (the server counts it once).
 */
export function ReportDialog({ target, onClose }: { target: Pick<ReportBody, 'target_type' | 'target_id'>; onClose: () => void }) {
  const { t } = useTranslation('community');
  const ref = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState<ReportBody['reason'] | null>(null);
  const [note, setNote] = useState('');
  const [state, setState] = useState<{ sending: boolean; error: string | null; done: boolean }>({ sending: false, error: null, done: false });

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reason === null) return setState({ sending: false, error: t('report.reasonRequired'), done: false });
    if (reason === 'other' && note.trim() === '') return setState({ sending: false, error: t('report.noteRequired'), done: false });
    setState({ sending: true, error: null, done: false });
    try {
      await communityApi.report({ ...target, reason, note: note.trim() === '' ? undefined : note.trim() });
      setState({ sending: false, error: null, done: true });
    } catch (error) {
      setState({ sending: false, error: apiErrorDetails(error).message ?? t('report.failed'), done: false });
    }
  }

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      onCancel={onClose}
      aria-labelledby="report-title"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-line bg-surface p-0 text-text backdrop:bg-black/50"
      data-testid="report-dialog"
    >
      <form onSubmit={(event) => void submit(event)} className="grid gap-3 p-4">
        <h2 id="report-title" className="text-lg font-bold">
          {t(`report.title.${target.target_type}`)}
        </h2>
        {state.done ? (
          <>
            <FormAlert tone="success">{t('report.thanks')}</FormAlert>
            <div className="flex justify-end">
              <button type="button" className={primaryButtonClass} onClick={() => ref.current?.close()}>
                {t('report.close')}
              </button>
            </div>
          </>
        ) : (
          <>
            <fieldset className="grid gap-1.5">
              <legend className="mb-1 text-sm font-semibold">{t('report.reasonLabel')}</legend>
              {REPORT_REASONS.map((value) => (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => setReason(value)} />
                  {t(`report.reasons.${value}`)}
                </label>
              ))}
            </fieldset>
            <label className="grid gap-1 text-sm">
              <span className="font-semibold">{reason === 'other' ? t('report.noteLabelRequired') : t('report.noteLabel')}</span>
              <textarea value={note} onChange={(event) => setNote(event.target.value)} maxLength={REPORT_NOTE_MAX} rows={3} className={inputClass} name="note" />
            </label>
            {state.error ? <FormAlert>{state.error}</FormAlert> : null}
            <div className="flex justify-end gap-2">
              <button type="button" className={secondaryButtonClass} onClick={() => ref.current?.close()}>
                {t('report.cancel')}
              </button>
              <button type="submit" className={primaryButtonClass} disabled={state.sending} data-testid="report-send">
                {t('report.send')}
              </button>
            </div>
          </>
        )}
      </form>
    </dialog>
  );
}
