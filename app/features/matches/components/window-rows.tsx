import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import type { VirtualRowsProps } from './virtual-rows';

/**
 * The virtualised half of VirtualRows, loaded once the page is hydrated (docs/decisions/084):
 * only the rows near the viewport exist in the DOM. Rows stay in normal flow between two spacers
 * (no absolute positioning), so their real heights count even before they are measured.
 */
export default function WindowRows<R extends { key: string }>({ rows, estimateSize, renderRow }: VirtualRowsProps<R>) {
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
