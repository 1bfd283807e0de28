import type { z } from 'zod';
import type {
  StaffLedgerDataSchema,
  StaffLedgerRecordSchema,
  StaffPointsBody,
  StaffPointsDataSchema,
  StaffStatusData,
  StaffUsersDataSchema,
} from '../../../core/contracts/staff';
import { apiFetch } from '../../lib/api-client';

/**
 * The staff API of docs/api/accounts.md ("Staff"), typed with the contract's schemas, for the
 * browser. Answers are `{ code: 0, msg, data }`; these return `data`. Failures reject with the
 * client's ApiError (read it with `apiErrorDetails`); a 401 also sends the reader to /login.
 */

export type StaffUsersData = z.infer<typeof StaffUsersDataSchema>;
export type StaffLedgerData = z.infer<typeof StaffLedgerDataSchema>;
export type StaffLedgerRecord = z.infer<typeof StaffLedgerRecordSchema>;
export type StaffPointsData = z.infer<typeof StaffPointsDataSchema>;

async function dataOf<T>(path: string, options: Parameters<typeof apiFetch>[1]): Promise<T> {
  const envelope = await apiFetch<{ code: number; msg: string; data: T }>(path, options);
  return envelope.data;
}

export const staffApi = {
  listUsers: (query: { q: string; page: number; size: number }) => dataOf<StaffUsersData>('/api/staff/users', { query }),
  userLedger: (userId: number, query: { page: number; size: number }) =>
    dataOf<StaffLedgerData>(`/api/staff/users/${userId}/ledger`, { query }),
  status: () => dataOf<StaffStatusData>('/api/staff/status', {}),
  adjustPoints: (userId: number, body: StaffPointsBody) =>
    dataOf<StaffPointsData>(`/api/staff/users/${userId}/points`, { method: 'POST', body }),
};
