import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert, primaryButtonClass, TextField } from '../../../components/ui/field';
import { apiErrorDetails } from '../../../lib/account-api';
import { formatNumber } from '../../../lib/format';
import { useLocale } from '../../../lib/locale';
import {
  adjustMessageKey,
  AMOUNT_MAX_LENGTH,
  AttemptKey,
  checkAdjust,
  REASON_MAX_LENGTH,
  type AdjustDirection,
  type AdjustField,
  type AdjustValues,
} from '../adjust-points';
import { staffApi, type StaffPointsData } from '../staff-api';
import { StaffCard } from '../../../components/staff/staff-frame';

const DIRECTIONS: readonly AdjustDirection[] = ['grant', 'deduct'];
const EMPTY: AdjustValues = { direction: 'grant', amount: '', reason: '' };

/**
 * Grant or deduct points with a reason (POST /api/staff/users/:id/points). One idempotency key
 * per attempt (adjust-points.ts): a double click, or a retry after a lost answer, is counted
 * once by the server; the button is also disabled while a request is out.
 */
export function AdjustPointsForm({
  userId,
  balance,
  disabledReason,
  onAdjusted,
}: {
  userId: number;
  /** the balance shown, for the message when a deduction is larger */
  balance: number;
  disabledReason?: string | null;
  onAdjusted: (result: StaffPointsData) => void;
}) {
  const { t } = useTranslation('staff');
  const locale = useLocale();
  const [values, setValues] = useState<AdjustValues>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<AdjustField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // Refs, not state: two clicks in one frame both run before React re-renders.
  const inFlight = useRef(false);
  const [attempt] = useState(() => new AttemptKey());
  const disabled = Boolean(disabledReason);

  function change(patch: Partial<AdjustValues>) {
    setValues((current) => ({ ...current, ...patch }));
    // Other values are another request: it gets its own key.
    attempt.reset();
    setDone(null);
    setFormError(null);
    setFieldErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(patch)) delete next[field as AdjustField];
      return next;
    });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current || disabled) return;
    setDone(null);
    const check = checkAdjust(values, attempt.current());
    if (!check.ok) {
      const { form, ...fields } = check.errors;
      setFieldErrors(Object.fromEntries(Object.entries(fields).map(([field, key]) => [field, t(adjustMessageKey(key))])));
      setFormError(form ? t(adjustMessageKey(form)) : null);
      return;
    }
    inFlight.current = true;
    setPending(true);
    setFieldErrors({});
    setFormError(null);
    try {
      const result = await staffApi.adjustPoints(userId, check.body);
      attempt.reset();
      onAdjusted(result);
      const amount = Math.abs(check.body.amount);
      const message = check.body.amount > 0 ? 'adjust.granted' : 'adjust.deducted';
      setDone(t(message, { count: amount, formatted: formatNumber(amount, locale), balance: formatNumber(result.balance, locale) }));
      setValues((current) => ({ ...current, amount: '', reason: '' }));
    } catch (error) {
      const details = apiErrorDetails(error);
      const fields: Partial<Record<AdjustField, string>> = {};
      if (details.fields.amount) fields.amount = details.fields.amount;
      if (details.fields.reason) fields.reason = details.fields.reason;
      // Not enough points to deduct: the amount is what to change.
      if (details.error === 'POINTS_INSUFFICIENT') fields.amount = t('adjust.insufficient', { balance: formatNumber(balance, locale) });
      setFieldErrors(fields);
      if (details.status === 0) setFormError(t('adjust.network'));
      else if (Object.keys(fields).length === 0) setFormError(details.fields.idempotencyKey ?? details.message ?? t('adjust.failed'));
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }

  return (
    <StaffCard aria-labelledby="staff-adjust-title" className="lg:sticky lg:top-16">
      <h2 id="staff-adjust-title" className="text-lg font-bold">
        {t('adjust.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('adjust.lead')}</p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4" aria-busy={pending} data-testid="staff-adjust-form">
        {disabledReason ? (
          <p className="rounded-md bg-surface-muted px-3 py-2 text-sm" data-testid="staff-adjust-disabled">
            {disabledReason}
          </p>
        ) : null}
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        {done ? <FormAlert tone="success">{done}</FormAlert> : null}
        <fieldset disabled={disabled} className="grid min-w-0 gap-4">
          <div role="radiogroup" aria-labelledby="staff-adjust-direction" className="grid gap-1">
            <span id="staff-adjust-direction" className="text-sm font-medium">
              {t('adjust.direction.label')}
            </span>
            <div className="grid grid-cols-2 gap-1 rounded-md border border-line bg-surface-muted p-1">
              {DIRECTIONS.map((direction) => (
                <label
                  key={direction}
                  className="flex cursor-pointer items-center justify-center rounded px-3 py-1.5 text-sm font-semibold text-muted has-checked:bg-surface has-checked:text-text has-checked:shadow-sm has-focus-visible:ring-2 has-focus-visible:ring-accent/40"
                >
                  <input
                    type="radio"
                    name="direction"
                    value={direction}
                    checked={values.direction === direction}
                    onChange={() => change({ direction })}
                    className="sr-only"
                    data-testid={`staff-adjust-${direction}`}
                  />
                  <span aria-hidden="true" className={`me-1.5 ${direction === 'grant' ? 'text-green-700 dark:text-live' : 'text-accent'}`}>
                    {direction === 'grant' ? '+' : '−'}
                  </span>
                  {t(`adjust.direction.${direction}`)}
                </label>
              ))}
            </div>
          </div>
          <TextField
            label={t('adjust.amount.label')}
            name="amount"
            inputMode="numeric"
            autoComplete="off"
            maxLength={AMOUNT_MAX_LENGTH}
            value={values.amount}
            error={fieldErrors.amount}
            hint={t('adjust.amount.hint')}
            onChange={(event) => change({ amount: event.target.value })}
          />
          <TextField
            label={t('adjust.reason.label')}
            name="reason"
            autoComplete="off"
            maxLength={REASON_MAX_LENGTH}
            placeholder={t('adjust.reason.placeholder')}
            value={values.reason}
            error={fieldErrors.reason}
            hint={t('adjust.reason.hint')}
            onChange={(event) => change({ reason: event.target.value })}
          />
          <div>
            <button type="submit" disabled={pending} className={`${primaryButtonClass} w-full sm:w-auto`} data-testid="staff-adjust-submit">
              {pending ? t('adjust.saving') : t(`adjust.submit.${values.direction}`)}
            </button>
          </div>
        </fieldset>
      </form>
    </StaffCard>
  );
}
