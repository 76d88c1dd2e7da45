import { useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { type ReactNode, useEffect, useRef, useState, type WheelEvent } from 'react';
import { usePrefersReducedMotion } from '@/components/text/use-prefers-reduced-motion';
import { RingControls } from '@/components/ui/ring-controls';

export const AUTO_SPIN_MS = 600;
/** Ring radius by card count: 400 px for 3 or fewer, 500 for 4 or 5, 600 for more. */
export const ringRadius = (count: number) => (count <= 3 ? 400 : count <= 5 ? 500 : 600);

/** A rotating 3D ring: each card an equal slice of 360 degrees; spins every 600 ms while loading. */
export function BookRing<T extends { id: string }>({
  items,
  isLoading,
  render,
}: {
  items: T[];
  isLoading: boolean;
  render: (item: T) => ReactNode;
}) {
  const { t } = useLingui();
  const [active, setActive] = useState(0);
  const reduced = usePrefersReducedMotion();
  const locked = useRef(0);
  const n = Math.max(items.length, 1);
  const step = 360 / n;
  const radius = ringRadius(items.length);

  useEffect(() => {
    if (!isLoading || reduced) return;
    const id = window.setInterval(() => setActive((a) => (a + 1) % n), AUTO_SPIN_MS);
    return () => window.clearInterval(id);
  }, [isLoading, reduced, n]);

  // When the answers arrive the ring returns to the first card.
  useEffect(() => {
    if (!isLoading) setActive(0);
  }, [isLoading]);

  const move = (d: number) => !isLoading && setActive((a) => (a + d + n) % n);
  const onWheel = (e: WheelEvent) => {
    const dx = Math.abs(e.deltaX) > Math.abs(e.deltaY) ? e.deltaX : 0;
    if (Math.abs(dx) < 10 || Date.now() < locked.current) return;
    locked.current = Date.now() + 480;
    move(dx > 0 ? 1 : -1);
  };

  return (
    <section aria-roledescription="carousel" aria-label={t`Answers by book`} onWheel={onWheel}>
      <div className="relative h-[32rem] overflow-hidden [perspective:1800px]">
        <div
          data-testid="book-ring"
          data-radius={radius}
          data-active={active}
          className="absolute top-4 left-1/2 h-[28rem] w-[min(21rem,80vw)] -translate-x-1/2 transition-transform duration-500 [transform-style:preserve-3d]"
          style={{ transform: `translateZ(-${radius}px) rotateY(${-active * step}deg)` }}
        >
          {items.map((item, i) => (
            <div
              key={item.id}
              className={clsx('absolute inset-0', !isLoading && i !== active && 'cursor-pointer')}
              style={{ transform: `rotateY(${i * step}deg) translateZ(${radius}px)`, backfaceVisibility: 'hidden' }}
              onClickCapture={(e) => {
                if (i === active) return;
                e.preventDefault();
                e.stopPropagation();
                if (!isLoading) setActive(i);
              }}
            >
              {render(item)}
            </div>
          ))}
        </div>
      </div>
      <RingControls noun="book" active={active} count={items.length} isLoading={isLoading} move={move} />
    </section>
  );
}
