import { MAX_POINTS } from '../../../core/contracts/points';
import { StaffPointsBodySchema, type StaffPointsBody } from '../../../core/contracts/staff';
import { fieldErrorKeys } from '../../lib/forms/form-validation';
import type { StaffLedgerData, StaffPointsData } from './staff-api';

/**
 * The staff "adjust points" form: a direction (grant or deduct), a whole number of points and
 * a reason. Checked in the browser with the contract's own schema before anything is sent, so
 * the reader sees the same sentence the server would answer with.
 */

export type AdjustDirection = 'grant' | 'deduct';

export interface AdjustValues {
  direction: AdjustDirection;
  /** what was typed: digits only, no sign (the direction gives it) */
  amount: string;
  reason: string;
}

export const ADJUST_FIELDS = ['amount', 'reason'] as const;
export type AdjustField = (typeof ADJUST_FIELDS)[number];

/** Longest amount input: MAX_POINTS has 16 digits. */
export const AMOUNT_MAX_LENGTH = String(MAX_POINTS).length;
export const REASON_MAX_LENGTH = 200;

/** The signed amount of the form, undefined when empty, NaN when it is not a whole number. */
export function signedAmount(values: Pick<AdjustValues, 'direction' | 'amount'>): number | undefined {
  const text = values.amount.trim();
  if (text === '') return undefined;
  if (!/^\d+$/.test(text)) return Number.NaN;
  const amount = Number(text);
  return values.direction === 'deduct' ? -amount : amount;
}

function toBody(values: AdjustValues, idempotencyKey: string) {
  return { amount: signedAmount(values), reason: values.reason, idempotencyKey };
}

export type AdjustCheck =
  | { ok: true; body: StaffPointsBody }
  | { ok: false; errors: Partial<Record<AdjustField | 'form', string>> };

/**
 * The request body of the form's values with the attempt's idempotency key, or the contract's
 * message key (`staff.points.amountInvalid`) per field. A typed amount that is not digits reads
 * as invalid, not as missing.
 */
export function checkAdjust(values: AdjustValues, idempotencyKey: string): AdjustCheck {
  const parsed = StaffPointsBodySchema.safeParse(toBody(values, idempotencyKey));
  if (parsed.success) return { ok: true, body: parsed.data };
  const keys = fieldErrorKeys(StaffPointsBodySchema, toBody(values, idempotencyKey));
  const errors: Partial<Record<AdjustField | 'form', string>> = {};
  if (Number.isNaN(signedAmount(values))) errors.amount = 'staff.points.amountInvalid';
  else if (keys.amount) errors.amount = keys.amount;
  if (keys.reason) errors.reason = keys.reason;
  // Only the key is left: the form cannot fix it, so it is shown above the form.
  if (Object.keys(errors).length === 0) return { ok: false, errors: { form: keys.idempotencyKey ?? 'staff.points.keyInvalid' } };
  return { ok: false, errors };
}

/**
 * The i18next keys of a contract message key, first found wins: the console's own wording
 * (`staff.points.amountInvalid` → `adjust.errors.amountInvalid`), else the shared message the
 * server answers with (`messages:staff.points.reasonLength`, core/messages), else a generic one.
 */
export function adjustMessageKey(messageKey: string): string[] {
  const name = messageKey.startsWith('staff.points.') ? messageKey.slice('staff.points.'.length) : '';
  return name === '' ? ['adjust.errors.invalid'] : [`adjust.errors.${name}`, `messages:${messageKey}`, 'adjust.errors.invalid'];
}

/**
 * One key per attempt: a double click, or a retry after a lost answer, sends the same values
 * with the same key, and the server counts them once. Changing a value, or a success, starts a
 * new attempt with a new key.
 */
export class AttemptKey {
  private key: string | null = null;
  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  /** The key of the current attempt, made on first use. */
  current(): string {
    this.key ??= this.newKey();
    return this.key;
  }

  /** The next submission is a new attempt. */
  reset(): void {
    this.key = null;
  }
}

/**
 * The user's page after an adjustment: the new balance, and on the first page the new ledger row
 * on top. A replayed request answers with the row it already wrote, which is not added twice.
 */
export function withAdjustment(ledger: StaffLedgerData, result: StaffPointsData, page: number): StaffLedgerData {
  const user = { ...ledger.user, points: result.balance };
  if (ledger.list.some((row) => row.id === result.entry.id)) return { ...ledger, user };
  const list = page === 1 ? [result.entry, ...ledger.list].slice(0, ledger.size) : ledger.list;
  return { ...ledger, user, list, total: ledger.total + 1 };
}
