import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

interface VirtualListProps<T> {
  items: readonly T[];
  /** Every row has this height (px); cards clamp their text to keep it. */
  rowHeight: number;
  renderRow: (item: T, index: number) => ReactNode;
  /** Index to bring into view whenever it changes. */
  scrollToIndex?: number;
  /** Rows rendered beyond the viewport on each side. @default 4 */
  overscan?: number;
  className?: string;
  label?: string;
  testId?: string;
}

/**
 * Renders only the rows in (and just around) the viewport, so ten thousand chunks cost as
 * much as twenty: the DOM holds a few dozen absolutely positioned rows in a tall spacer.
 */
export function VirtualList<T>({ items, rowHeight, renderRow, scrollToIndex, overscan = 4, className, label, testId }: VirtualListProps<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(600);
  const frame = useRef(0);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setViewport(el.clientHeight || 600);
    const ro = new ResizeObserver(() => setViewport(el.clientHeight || 600));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el || scrollToIndex === undefined || scrollToIndex < 0) return;
    const top = scrollToIndex * rowHeight;
    if (top < el.scrollTop || top + rowHeight > el.scrollTop + el.clientHeight) el.scrollTop = Math.max(0, top - rowHeight);
  }, [scrollToIndex, rowHeight]);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const onScroll = () => {
    // One state update per frame at most, however fast the wheel turns.
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setScrollTop(ref.current?.scrollTop ?? 0));
  };

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(items.length, Math.ceil((scrollTop + viewport) / rowHeight) + overscan);
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) {
    rows.push(
      <div key={i} className="vrow" role="listitem" style={{ top: i * rowHeight, height: rowHeight }}>
        {renderRow(items[i]!, i)}
      </div>,
    );
  }
  return (
    <div ref={ref} className={`vlist ${className ?? ''}`} onScroll={onScroll} role="list" aria-label={label} data-testid={testId} data-count={items.length}>
      <div className="vlist-spacer" style={{ height: items.length * rowHeight }}>
        {rows}
      </div>
    </div>
  );
}
