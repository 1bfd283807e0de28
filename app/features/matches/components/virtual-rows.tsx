import { lazy, Suspense, type ReactNode } from 'react';
import { useHydrated } from '../../../lib/use-clock';

/** Rows the server renders (and the browser hydrates) before the virtualiser takes over. */
export const SSR_ROW_COUNT = 40;

export interface VirtualRowsProps<R extends { key: string }> {
  rows: readonly R[];
  estimateSize: (row: R) => number;
  renderRow: (row: R) => ReactNode;
  ssrCount?: number;
}

// The virtualiser only runs once the page is hydrated, so it loads then, not with the page
// (docs/decisions/084-first-load-javascript.md).
const WindowRows = lazy(() => import('./window-rows')) as unknown as <R extends { key: string }>(props: VirtualRowsProps<R>) => ReactNode;

/**
 * A long list rendered through the window's scroll: only the rows near the viewport exist in
 * the DOM (window-rows.tsx). The server renders the first rows in full, which makes the page
 * useful without JavaScript, and the browser shows them until the virtualiser has loaded.
 */
export function VirtualRows<R extends { key: string }>(props: VirtualRowsProps<R>) {
  const hydrated = useHydrated();
  const { rows, renderRow, ssrCount = SSR_ROW_COUNT } = props;
  const firstRows = <div>{rows.slice(0, ssrCount).map((row) => <div key={row.key}>{renderRow(row)}</div>)}</div>;
  if (!hydrated) return firstRows;
  return (
    <Suspense fallback={firstRows}>
      <WindowRows {...props} />
    </Suspense>
  );
}
