import type { Locale } from '../../../core/locale';
import { isMessageKey, type MessageKey } from '../../../core/messages/messages';
import type { ReceiptRecord } from '../../db/schema/forecast';
import { translate } from '../../i18n/translate';

const GRADE_RECEIPT = 'odds.receipt.';
const PLAN_RECEIPT = 'forecast.receipt.plan.';

/**
 * The message a plan's receipt is read in. Plans and bets are graded by one grader, whose
 * receipts speak to the one who picked ("your pick did not come in"); a plan's reader did not
 * pick — the tipster did — so where the grader's words address the reader, a plan reads them in
 * the plan's voice ("the plan's pick did not come in → the plan did not win", decision 120). The
 * stored receipt (its key and values) stays as the grader wrote it.
 */
export function planReceiptKey(key: string): MessageKey | null {
  if (key.startsWith(GRADE_RECEIPT)) {
    const planKey = `${PLAN_RECEIPT}${key.slice(GRADE_RECEIPT.length)}`;
    if (isMessageKey(planKey)) return planKey;
  }
  return isMessageKey(key) ? key : null;
}

/** A plan's receipt as its reader reads it, in `locale`; an unknown key as it was stored. */
export function planReceiptText(locale: Locale, receipt: ReceiptRecord): string {
  const key = planReceiptKey(receipt.key);
  return key ? translate(locale, key, receipt.params) : receipt.key;
}
