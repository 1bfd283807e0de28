import { POINTS_REASONS } from '../../../core/contracts/points';

/** Rows of the points history per page. */
export const POINTS_PAGE_SIZE = 20;

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

/** The translation key of a ledger reason; reasons of later features fall back to a neutral word. */
export function reasonKey(reason: string): string {
  return (POINTS_REASONS as readonly string[]).includes(reason) ? `points.reasons.${reason}` : 'points.reasons.other';
}
