import type { z } from 'zod';
import type {
  StaffLedgerDataSchema,
  StaffLedgerRecordSchema,
  StaffPointsBody,
  StaffPointsDataSchema,
  StaffUsersDataSchema,
} from '../../../core/contracts/staff';
import { endpointCalls } from '../../lib/endpoint-calls';

/**
 * The staff API of docs/api/accounts.md ("Staff"), over the endpoints of core/contracts/staff.ts
 * (decision 137), for the browser: each returns the answer's `data`, checked against the contract.
 * Failures reject with the client's ApiError (read it with `apiErrorDetails`); a 401 also sends
 * the reader to /login.
 */

export type StaffUsersData = z.infer<typeof StaffUsersDataSchema>;
export type StaffLedgerData = z.infer<typeof StaffLedgerDataSchema>;
export type StaffLedgerRecord = z.infer<typeof StaffLedgerRecordSchema>;
export type StaffPointsData = z.infer<typeof StaffPointsDataSchema>;

const staff = endpointCalls(async () => (await import('../../../core/contracts/staff')).staffEndpoints);

export const staffApi = {
  listUsers: (query: { q: string; page: number; size: number }) => staff('users', { query }),
  userLedger: (userId: number, query: { page: number; size: number }) => staff('ledger', { params: { id: userId }, query }),
  adjustPoints: (userId: number, body: StaffPointsBody) => staff('adjustPoints', { params: { id: userId }, body }),
};
