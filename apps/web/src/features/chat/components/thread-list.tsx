import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useLayoutEffect, useRef } from 'react';

/** A turn is about this tall before it is measured. */
const ESTIMATED_TURN_PX = 560;

/**
 * The turns of a thread in the page's own scroll, virtualised: only the turns near the viewport are
 * in the DOM, so a 500-turn chat opens at once. `scrollKey` changing scrolls to the last turn.
 */
export function ThreadList({
  count,
  scrollKey,
  renderTurn,
}: {
  count: number;
  scrollKey: string;
  renderTurn: (index: number) => ReactNode;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => ESTIMATED_TURN_PX,
    overscan: 2,
    scrollMargin: listRef.current?.offsetTop ?? 0,
  });
  const lastKey = useRef<string | null>(null);

  useLayoutEffect(() => {
    if (count === 0 || lastKey.current === scrollKey) return;
    lastKey.current = scrollKey;
    virtualizer.scrollToIndex(count - 1, { align: 'start' });
  }, [count, scrollKey, virtualizer]);

  const items = virtualizer.getVirtualItems();
  return (
    <div ref={listRef} data-testid="thread" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
      {items.map((item) => (
        <div
          key={item.key}
          data-index={item.index}
          ref={virtualizer.measureElement}
          className="absolute inset-x-0 top-0 pt-6"
          style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
        >
          {renderTurn(item.index)}
        </div>
      ))}
    </div>
  );
}
