import { lazy, Suspense, type CSSProperties, type ReactNode } from 'react';
import { useHydrated } from '../../../lib/use-clock';

/** Rows the server renders (and the browser hydrates) before the virtualiser takes over. */
export const SSR_ROW_COUNT = 40;

/** Rows that can be on a phone's or a desktop's first screen: laid out and painted at once. */
const ON_FIRST_SCREEN = 16;

/**
 * The rest of the server's rows skip layout and paint until they near the viewport
 * (`content-visibility: auto`, docs/decisions/092): a phone lays out one screen of rows before
 * its first paint instead of forty. They stay in the document — found by the browser's
 * find-in-page and read by screen readers — and hold their estimated height meanwhile.
 */
function deferredRowStyle(estimatePx: number): CSSProperties {
  return { contentVisibility: 'auto', containIntrinsicSize: `auto ${estimatePx}px` };
}

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
  const { rows, renderRow, estimateSize, ssrCount = SSR_ROW_COUNT } = props;
  const firstRows = (
    <div>
      {rows.slice(0, ssrCount).map((row, index) => (
        <div key={row.key} style={index < ON_FIRST_SCREEN ? undefined : deferredRowStyle(estimateSize(row))}>
          {renderRow(row)}
        </div>
      ))}
    </div>
  );
  if (!hydrated) return firstRows;
  return (
    <Suspense fallback={firstRows}>
      <WindowRows {...props} />
    </Suspense>
  );
}
