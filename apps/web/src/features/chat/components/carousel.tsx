import { clsx } from 'clsx';
import { type ReactNode, useEffect, useRef, useState, type WheelEvent } from 'react';
import { usePrefersReducedMotion } from '@/components/text/use-prefers-reduced-motion';
import { RingControls } from '@/components/ui/ring-controls';

export const CAROUSEL_RADIUS_PX = 500;
export const VISIBLE_DISTANCE = 2;
export const SPIN_DEG_PER_TICK = 3;
export const SPIN_TICK_MS = 10;
export const WHEEL_LOCK_MS = 480;

/** Circular distance between two positions on a ring of n. */
export const ringDistance = (a: number, b: number, n: number) => {
  const d = Math.abs(a - b) % n;
  return Math.min(d, n - d);
};

/**
 * A 3D ring of cards (radius 500 px): cards within two positions of the front are shown; it spins
 * 3 degrees per 10 ms while loading; arrows, a click, or a horizontal wheel swipe (480 ms lock) move it.
 * Only transform and opacity change. With `activeId` and `onActiveChange` the card in front is kept by
 * the caller (it then survives the carousel unmounting, and a caller can bring a card to the front).
 */
export function Carousel<T extends { id: string }>({
  items,
  isLoading,
  renderItem,
  label,
  activeId,
  onActiveChange,
}: {
  items: T[];
  isLoading: boolean;
  renderItem: (item: T, isFront: boolean) => ReactNode;
  label: string;
  activeId?: string | null;
  onActiveChange?: (id: string) => void;
}) {
  const [own, setOwn] = useState(0);
  const chosen = activeId ? items.findIndex((item) => item.id === activeId) : -1;
  const active = onActiveChange ? Math.max(chosen, 0) : own;
  const setActive = (i: number) => {
    const id = items[i]?.id;
    if (onActiveChange) {
      if (id) onActiveChange(id);
    } else setOwn(i);
  };
  const [spin, setSpin] = useState(0);
  const reduced = usePrefersReducedMotion();
  const lockedUntil = useRef(0);
  const n = Math.max(items.length, 1);
  const step = 360 / n;

  useEffect(() => {
    if (!isLoading || reduced) {
      setSpin(0);
      return;
    }
    const id = window.setInterval(() => setSpin((s) => (s + SPIN_DEG_PER_TICK) % 360), SPIN_TICK_MS);
    return () => window.clearInterval(id);
  }, [isLoading, reduced]);

  useEffect(() => {
    if (own >= items.length) setOwn(0);
  }, [own, items.length]);

  const move = (delta: number) => setActive((active + delta + n) % n);
  const onWheel = (e: WheelEvent) => {
    const dx = Math.abs(e.deltaX) > Math.abs(e.deltaY) ? e.deltaX : e.shiftKey ? e.deltaY : 0;
    if (Math.abs(dx) < 10 || isLoading) return;
    const now = Date.now();
    if (now < lockedUntil.current) return;
    lockedUntil.current = now + WHEEL_LOCK_MS;
    move(dx > 0 ? 1 : -1);
  };

  return (
    <section aria-roledescription="carousel" aria-label={label} className="relative" onWheel={onWheel}>
      <div className="relative mx-auto h-[34rem] w-full overflow-hidden [perspective:1600px]">
        <div
          data-testid="carousel-ring"
          className={clsx(
            'absolute top-6 left-1/2 h-[30rem] w-[min(22rem,80vw)] -translate-x-1/2 [transform-style:preserve-3d]',
            !isLoading && 'transition-transform duration-500',
          )}
          style={{ transform: `translateZ(-${CAROUSEL_RADIUS_PX}px) rotateY(${-active * step + spin}deg)` }}
        >
          {items.map((item, i) => {
            const isShown = ringDistance(i, active, n) <= VISIBLE_DISTANCE;
            const isFront = i === active;
            return (
              <div
                key={item.id}
                data-testid="carousel-item"
                data-front={isFront}
                aria-hidden={!isShown}
                onClickCapture={(e) => {
                  if (!isFront && !isLoading) {
                    e.preventDefault();
                    e.stopPropagation();
                    setActive(i);
                  }
                }}
                className={clsx(
                  'absolute inset-0 transition-opacity duration-300',
                  isShown ? 'opacity-100' : 'pointer-events-none opacity-0',
                  !isFront && 'cursor-pointer',
                )}
                style={{ transform: `rotateY(${i * step}deg) translateZ(${CAROUSEL_RADIUS_PX}px)`, backfaceVisibility: 'hidden' }}
              >
                {renderItem(item, isFront)}
              </div>
            );
          })}
        </div>
      </div>
      {items.length > 1 && <RingControls noun="answer" active={active} count={items.length} isLoading={isLoading} move={move} announce />}
    </section>
  );
}
