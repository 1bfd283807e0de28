import type { ContactStatus, StaffContactListData, StaffContactMessage } from '../../../core/contracts/contact';
import { CONTACT_STATUSES } from '../../../core/contracts/contact';
import { apiFetch } from '../../lib/api-client';

/**
 * The contact inbox's staff endpoints (docs/api/contact.md), for the browser. Answers are
 * `{ code: 0, msg, data }`; these return `data`. Failures reject with the client's ApiError.
 */

export const STAFF_MESSAGES = '/staff/messages';
export const MESSAGES_PAGE_SIZE = 20;

export function staffMessagePath(id: number): string {
  return `${STAFF_MESSAGES}/${id}`;
}

/** The inbox's `?status=`: open unless it names another status. */
export function parseStatusParam(raw: string | null): ContactStatus {
  return (CONTACT_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as ContactStatus) : 'open';
}

async function dataOf<T>(path: string, options: Parameters<typeof apiFetch>[1]): Promise<T> {
  const envelope = await apiFetch<{ code: number; msg: string; data: T }>(path, options);
  return envelope.data;
}

export const staffContactApi = {
  list: (query: { status: ContactStatus; page: number; size: number }) => dataOf<StaffContactListData>('/api/staff/contact', { query }),
  get: (id: number) => dataOf<StaffContactMessage>(`/api/staff/contact/${id}`, {}),
  answer: (id: number, answer: string) => dataOf<StaffContactMessage>(`/api/staff/contact/${id}/answer`, { method: 'POST', body: { answer } }),
  close: (id: number) => dataOf<StaffContactMessage>(`/api/staff/contact/${id}/close`, { method: 'POST' }),
};
