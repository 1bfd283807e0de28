import type { ContactStatus } from '../../../core/contracts/contact';
import { CONTACT_STATUSES } from '../../../core/contracts/contact';
import { endpointCalls } from '../../lib/endpoint-calls';

/**
 * The contact inbox's staff endpoints (core/contracts/contact.ts, docs/api/contact.md), for the
 * browser: each returns the answer's `data`, checked against the contract (decision 137).
 * Failures reject with the client's ApiError.
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

const contact = endpointCalls(async () => (await import('../../../core/contracts/contact')).contactEndpoints);

export const staffContactApi = {
  list: (query: { status: ContactStatus; page: number; size: number }) => contact('staffList', { query }),
  get: (id: number) => contact('staffMessage', { params: { id } }),
  answer: (id: number, answer: string) => contact('staffAnswer', { params: { id }, body: { answer } }),
  close: (id: number) => contact('staffClose', { params: { id } }),
};
