import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from '../../../lib/use-clock';

/** Rows the server renders (and the browser hydrates) before the virtualiser takes over. */
export const SSR_ROW_COUNT = 40;

/**
 * A long list rendered through the window's scroll: only the rows near the viewport exist in
 * the DOM. Rows stay in normal flow between two spacers (no absolute positioning), so their
 * real heights count even before they are measured. The server renders the first rows in full,
 * which makes the page useful without JavaScript.
 */
export function VirtualRows<R extends { key: string }>({
  rows,
  estimateSize,
  renderRow,
  ssrCount = SSR_ROW_COUNT,
}: {
  rows: readonly R[];
  estimateSize: (row: R) => number;
  renderRow: (row: R) => ReactNode;
  ssrCount?: number;
}) {
  const hydrated = useHydrated();
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (list === null) return;
    // The list's distance from the top of the page; whatever sits above it can change height.
    const measure = () => setScrollMargin(list.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (index) => estimateSize(rows[index]!),
    getItemKey: (index) => rows[index]!.key,
    overscan: 8,
    scrollMargin,
  });

  if (!hydrated) {
    return <div ref={listRef}>{rows.slice(0, ssrCount).map((row) => <div key={row.key}>{renderRow(row)}</div>)}</div>;
  }

  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const paddingTop = first ? first.start - scrollMargin : 0;
  const paddingBottom = last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0;
  return (
    <div ref={listRef} style={{ paddingTop, paddingBottom }}>
      {items.map((item) => {
        const row = rows[item.index]!;
        return (
          <div key={row.key} data-index={item.index} ref={virtualizer.measureElement}>
            {renderRow(row)}
          </div>
        );
      })}
    </div>
  );
}
