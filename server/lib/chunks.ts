/**
 * `items` in slices of `size`, for the batched statements of settlement: ids travel as one array
 * or JSON parameter, and a slice keeps each statement's work bounded.
 */
export function chunks<T>(items: readonly T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}
