import type { OpenfootballImportBody, StaffDeductionBody } from '../../../core/contracts/imports';
import { endpointCalls } from '../../lib/endpoint-calls';

/**
 * The staff API of season imports and deductions (core/contracts/imports.ts), for the browser.
 * Each returns the answer's `data`, checked against the contract (decision 137). Failures reject
 * with the client's ApiError (read it with `apiErrorDetails`).
 */
const imports = endpointCalls(async () => (await import('../../../core/contracts/imports')).importsEndpoints);

export const seasonsApi = {
  importOpenfootball: (body: OpenfootballImportBody) => imports('importOpenfootball', { body }),
  listSeasons: () => imports('seasons'),
  seasonDeductions: (seasonId: number) => imports('seasonDeductions', { params: { id: seasonId } }),
  addDeduction: (seasonId: number, body: StaffDeductionBody) => imports('addDeduction', { params: { id: seasonId }, body }),
  deleteDeduction: (deductionId: number) => imports('deleteDeduction', { params: { id: deductionId } }),
};
