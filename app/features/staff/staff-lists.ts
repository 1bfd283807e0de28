import { POINTS_REASONS } from '../../../core/contracts/points';

/** The page number of a `?page=` value: a whole number from 1, anything else is page 1. */
export function parsePageParam(raw: string | null): number {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

/** How many pages `total` rows fill, at least one. */
export function pageCount(total: number, size: number): number {
  if (size <= 0) return 1;
  return Math.max(1, Math.ceil(total / size));
}

/** The `?…` of a list page: the search kept, page 1 left out. */
export function listSearch(options: { q?: string; page: number }): string {
  const params = new URLSearchParams();
  if (options.q) params.set('q', options.q);
  if (options.page > 1) params.set('page', String(options.page));
  const search = params.toString();
  return search === '' ? '?' : `?${search}`;
}

/** The translation key (staff namespace) of a ledger reason; reasons of later features read "Other". */
export function reasonKey(reason: string): string {
  return (POINTS_REASONS as readonly string[]).includes(reason) ? `ledger.reasons.${reason}` : 'ledger.reasons.other';
}

const KNOWN_ROLES = ['user', 'staff', 'admin'];
const KNOWN_STATUSES = ['active', 'pending_cancellation', 'closed'];

/** Translation keys of a role and a status; anything unknown is shown as it came. */
export function roleKey(role: string): string | null {
  return KNOWN_ROLES.includes(role) ? `roles.${role}` : null;
}

export function statusKey(status: string): string | null {
  return KNOWN_STATUSES.includes(status) ? `statuses.${status}` : null;
}

/**
 * What a ledger row's reference says. The server writes staff adjustments as
 * `staff #<id> (<nickname>): <note>` (staff.service.ts) and check-ins as `streak:<days>`; those
 * are shown in the reader's language, anything else as it is.
 */
export type LedgerReference =
  | { kind: 'staff'; staffId: number; nickname: string; note: string }
  | { kind: 'streak'; days: number }
  | { kind: 'text'; text: string };

export function readReference(reference: string): LedgerReference {
  // Nicknames hold no parentheses or colons (NicknameSchema), so the first "): " ends the name.
  const staff = /^staff #(\d+) \((.+?)\): ([\s\S]*)$/.exec(reference);
  if (staff) return { kind: 'staff', staffId: Number(staff[1]), nickname: staff[2] ?? '', note: staff[3] ?? '' };
  const streak = /^streak:(\d+)$/.exec(reference);
  if (streak) return { kind: 'streak', days: Number(streak[1]) };
  return { kind: 'text', text: reference };
}
