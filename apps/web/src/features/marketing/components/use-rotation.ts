import { useEffect, useState } from 'react';
import { usePrefersReducedMotion } from '@/components/text/use-prefers-reduced-motion';

/** Index that advances every `intervalMs` through `length` items; still under reduced motion. */
export function useRotation(length: number, intervalMs = 4000, isPaused = false) {
  const reduced = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (reduced || isPaused || length < 2) return;
    const id = window.setInterval(() => setIndex((i) => (i + 1) % length), intervalMs);
    return () => window.clearInterval(id);
  }, [reduced, isPaused, length, intervalMs]);
  return [index, setIndex] as const;
}
