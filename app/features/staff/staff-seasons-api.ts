import type {
  ImportResult,
  OpenfootballImportBody,
  StaffDeduction,
  StaffDeductionBody,
  StaffSeasonDeductionsData,
  StaffSeasonsData,
} from '../../../core/contracts/imports';
import { apiFetch } from '../../lib/api-client';

/**
 * The staff API of season imports and deductions (core/contracts/imports.ts), for the browser.
 * Answers are `{ code: 0, msg, data }`; these return `data`. Failures reject with the client's
 * ApiError (read it with `apiErrorDetails`).
 */

async function dataOf<T>(path: string, options: Parameters<typeof apiFetch>[1]): Promise<T> {
  const envelope = await apiFetch<{ code: number; msg: string; data: T }>(path, options);
  return envelope.data;
}

export const seasonsApi = {
  importOpenfootball: (body: OpenfootballImportBody) => dataOf<ImportResult>('/api/staff/imports/openfootball', { method: 'POST', body }),
  listSeasons: () => dataOf<StaffSeasonsData>('/api/staff/seasons', {}),
  seasonDeductions: (seasonId: number) => dataOf<StaffSeasonDeductionsData>(`/api/staff/seasons/${seasonId}/deductions`, {}),
  addDeduction: (seasonId: number, body: StaffDeductionBody) =>
    dataOf<StaffDeduction>(`/api/staff/seasons/${seasonId}/deductions`, { method: 'POST', body }),
  deleteDeduction: (deductionId: number) => dataOf<{ id: number }>(`/api/staff/deductions/${deductionId}`, { method: 'DELETE' }),
};
