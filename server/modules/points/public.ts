/**
 * What other modules may use of the points: the ledger, the house's books and the record reads.
 * Other modules import only this file of points (docs/decisions/138-server-module-boundaries.md).
 */
export { recordHouseEntries, recordHouseEntry } from './house';
export { type BatchCredit, creditPointsBatch, grantPoints, type LedgerEntry, spendPoints } from './ledger';
export { listLedger, toPointsRecord } from './points.service';
