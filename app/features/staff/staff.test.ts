import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { StaffPointsBodySchema } from '../../../core/contracts/staff';
import { MESSAGES } from '../../../core/messages/messages';
import enStaff from '../../locales/en/staff.json';
import trStaff from '../../locales/tr/staff.json';
import zhStaff from '../../locales/zh/staff.json';
import { makeUserInfo } from '../../test-support/user-info';
import { adjustMessageKey, AttemptKey, checkAdjust, withAdjustment } from './adjust-points';
import { canUseStaffConsole, loadStaffAccess, parseUserIdParam } from '../../components/staff/staff-access';
import type { StaffLedgerData, StaffLedgerRecord } from './staff-api';
import { listSearch, readReference, reasonKey } from './staff-lists';

function accessOf(path: string, currentUser: ReturnType<typeof makeUserInfo> | null) {
  const context = { currentUser } as unknown as AppLoadContext;
  return loadStaffAccess({ context, request: new Request(`http://tribun.test${path}`) });
}

/** What a thrown loader answer is: a redirect Response, or data with a status. */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

describe('who may open the staff console', () => {
  it('admits staff and admins only', () => {
    expect(canUseStaffConsole(null)).toBe(false);
    expect(canUseStaffConsole({ role: 'user' })).toBe(false);
    expect(canUseStaffConsole({ role: 'staff' })).toBe(true);
    expect(canUseStaffConsole({ role: 'admin' })).toBe(true);
  });

  it('sends signed-out visitors to the login page of their language, which brings them back', () => {
    const tr = thrown(() => accessOf('/staff?q=ali', null)) as Response;
    expect(tr.status).toBe(302);
    expect(tr.headers.get('Location')).toBe(`/login?redirect=${encodeURIComponent('/staff?q=ali')}`);
    const en = thrown(() => accessOf('/en/staff/users/4', null)) as Response;
    expect(en.headers.get('Location')).toBe(`/en/login?redirect=${encodeURIComponent('/staff/users/4')}`);
  });

  it('answers 403 to signed-in readers without a staff role, and lets staff in', () => {
    const user = accessOf('/zh/staff', makeUserInfo({ role: 'user' }));
    expect(user.init?.status).toBe(403);
    expect(user.data).toEqual({ allowed: false });
    const staff = accessOf('/zh/staff', makeUserInfo({ role: 'staff' }));
    expect(staff.init?.status ?? 200).toBe(200);
    expect(staff.data).toEqual({ allowed: true });
  });

  it('reads a user id of the URL, 404 for anything else', () => {
    expect(parseUserIdParam('42', '/staff/users/42')).toBe(42);
    for (const bad of [undefined, '0', '-1', '07', '1.5', 'abc', '99999999999']) {
      const error = thrown(() => parseUserIdParam(bad, '/staff/users/x')) as { init: { status: number } };
      expect(error.init.status).toBe(404);
    }
  });
});

describe('the adjust-points form', () => {
  const base = { direction: 'grant' as const, amount: '25', reason: 'Weekly quiz prize' };

  it('signs the amount by the direction and trims the reason', () => {
    expect(checkAdjust(base, 'k1')).toEqual({ ok: true, body: { amount: 25, reason: 'Weekly quiz prize', idempotencyKey: 'k1' } });
    expect(checkAdjust({ ...base, direction: 'deduct', reason: '  late fee  ' }, 'k2')).toEqual({
      ok: true,
      body: { amount: -25, reason: 'late fee', idempotencyKey: 'k2' },
    });
  });

  it('names the field and the contract message of each problem', () => {
    expect(checkAdjust({ ...base, amount: '' }, 'k')).toEqual({ ok: false, errors: { amount: 'staff.points.amountRequired' } });
    expect(checkAdjust({ ...base, amount: '0' }, 'k')).toEqual({ ok: false, errors: { amount: 'staff.points.amountInvalid' } });
    expect(checkAdjust({ ...base, direction: 'deduct', amount: '0' }, 'k')).toEqual({ ok: false, errors: { amount: 'staff.points.amountInvalid' } });
    expect(checkAdjust({ ...base, amount: '2.5' }, 'k')).toEqual({ ok: false, errors: { amount: 'staff.points.amountInvalid' } });
    expect(checkAdjust({ ...base, amount: '-3' }, 'k')).toEqual({ ok: false, errors: { amount: 'staff.points.amountInvalid' } });
    expect(checkAdjust({ ...base, amount: '99999999999999999' }, 'k')).toEqual({ ok: false, errors: { amount: 'staff.points.amountInvalid' } });
    expect(checkAdjust({ ...base, reason: '   ' }, 'k')).toEqual({ ok: false, errors: { reason: 'staff.points.reasonRequired' } });
    expect(checkAdjust({ ...base, reason: 'ok' }, 'k')).toEqual({ ok: false, errors: { reason: 'staff.points.reasonLength' } });
    expect(checkAdjust({ ...base, reason: 'x'.repeat(201) }, 'k')).toEqual({ ok: false, errors: { reason: 'staff.points.reasonLength' } });
    expect(checkAdjust({ ...base, amount: '', reason: '' }, 'k')).toEqual({
      ok: false,
      errors: { amount: 'staff.points.amountRequired', reason: 'staff.points.reasonRequired' },
    });
  });

  it('has a sentence in every language for every message of the contract', () => {
    const keys = new Set<string>();
    for (const values of [{ amount: undefined }, { amount: 0 }, { reason: '' }, { reason: 'ab' }, { reason: undefined }, { idempotencyKey: '' }]) {
      const result = StaffPointsBodySchema.safeParse({ amount: 1, reason: 'valid reason', idempotencyKey: 'k', ...values });
      for (const issue of result.error?.issues ?? []) keys.add(issue.message);
    }
    expect(keys.size).toBeGreaterThanOrEqual(5);
    for (const [locale, messages] of [['en', enStaff], ['tr', trStaff], ['zh', zhStaff]] as const) {
      for (const key of keys) {
        const [first] = adjustMessageKey(key);
        const name = first?.replace('adjust.errors.', '') ?? '';
        // the console's own wording, or the shared message the server answers with (core/messages)
        const sentence = (messages.adjust.errors as Record<string, string | undefined>)[name] ?? (MESSAGES[locale] as Record<string, string | undefined>)[key];
        expect(sentence, `${locale} ${key}`).toEqual(expect.any(String));
      }
    }
  });

  it('keeps one idempotency key per attempt', () => {
    let made = 0;
    const attempt = new AttemptKey(() => `key-${++made}`);
    // A double click: both submissions carry the same key.
    expect(attempt.current()).toBe('key-1');
    expect(attempt.current()).toBe('key-1');
    attempt.reset();
    expect(attempt.current()).toBe('key-2');
    expect(new AttemptKey().current()).toMatch(/^[\x21-\x7e]{1,100}$/);
  });
});

describe('after an adjustment', () => {
  const row = (id: number, amount: number, balance: number): StaffLedgerRecord => ({
    id,
    amount,
    balance_after: balance,
    reason: amount > 0 ? 'staff_grant' : 'staff_deduct',
    reference: 'staff #1 (Admin): test',
    created_at: '2025-05-10T12:00:00.000Z',
    idempotency_key: `staff:1:${id}`,
  });
  const ledger: StaffLedgerData = {
    user: { id: 9, nickname: 'Fan', email: 'fan@example.com', role: 'user', status: 'active', points: 100, created_at: '2025-05-01T10:00:00.000Z' },
    list: [row(2, 50, 100), row(1, 50, 50)],
    page: 1,
    size: 2,
    total: 2,
  };

  it('shows the new balance and puts the new row on top of the first page', () => {
    const next = withAdjustment(ledger, { balance: 125, entry: row(3, 25, 125) }, 1);
    expect(next.user.points).toBe(125);
    expect(next.list.map((r) => r.id)).toEqual([3, 2]);
    expect(next.total).toBe(3);
  });

  it('does not add a replayed row twice, nor rows to later pages', () => {
    expect(withAdjustment(ledger, { balance: 100, entry: row(2, 50, 100) }, 1).list.map((r) => r.id)).toEqual([2, 1]);
    const later = withAdjustment(ledger, { balance: 125, entry: row(3, 25, 125) }, 2);
    expect(later.list.map((r) => r.id)).toEqual([2, 1]);
    expect(later.user.points).toBe(125);
  });
});

describe('lists', () => {
  it('keeps the search in page links and leaves page 1 out', () => {
    expect(listSearch({ q: '', page: 1 })).toBe('?');
    expect(listSearch({ q: 'ali veli', page: 1 })).toBe('?q=ali+veli');
    expect(listSearch({ q: 'ali', page: 3 })).toBe('?q=ali&page=3');
  });

  it('translates the known ledger reasons', () => {
    for (const reason of ['welcome', 'checkin', 'staff_grant', 'staff_deduct']) {
      expect(reasonKey(reason)).toBe(`ledger.reasons.${reason}`);
      expect(enStaff.ledger.reasons).toHaveProperty(reason);
    }
    expect(reasonKey('mall_order')).toBe('ledger.reasons.other');
  });
});

describe('ledger references', () => {
  it('reads staff notes and check-in streaks, and keeps anything else as it is', () => {
    expect(readReference('staff #1 (Boss Man): Prize: round 2 (final)')).toEqual({ kind: 'staff', staffId: 1, nickname: 'Boss Man', note: 'Prize: round 2 (final)' });
    expect(readReference('streak:3')).toEqual({ kind: 'streak', days: 3 });
    expect(readReference('order 12')).toEqual({ kind: 'text', text: 'order 12' });
  });
});
