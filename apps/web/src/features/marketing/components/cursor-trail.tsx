import { useEffect, useRef } from 'react';
import { usePrefersReducedMotion } from '@/components/text/use-prefers-reduced-motion';

/** The trail keeps 21 points for 1200 ms (docs/spec-rules.md §9). */
export const TRAIL_POINTS = 21;
export const TRAIL_LIFETIME_MS = 1200;

type Point = { x: number; y: number; t: number };

/** Keeps the newest points younger than the lifetime, at most TRAIL_POINTS. */
export function trimTrail(points: Point[], now: number): Point[] {
  return points.filter((p) => now - p.t < TRAIL_LIFETIME_MS).slice(-TRAIL_POINTS);
}

/** A fading neon trail behind a mouse pointer; off for touch and reduced motion. */
export function CursorTrail() {
  const ref = useRef<HTMLCanvasElement>(null);
  const reduced = usePrefersReducedMotion();

  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || reduced || !window.matchMedia?.('(pointer: fine)').matches) return;
    let points: Point[] = [];
    let frame = 0;
    const resize = () => {
      canvas.width = window.innerWidth;
      canvas.height = window.innerHeight;
    };
    const onMove = (e: PointerEvent) => {
      if (e.pointerType !== 'mouse') return;
      points = trimTrail([...points, { x: e.clientX, y: e.clientY, t: performance.now() }], performance.now());
    };
    const draw = () => {
      const now = performance.now();
      points = trimTrail(points, now);
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      points.forEach((p, i) => {
        const life = 1 - (now - p.t) / TRAIL_LIFETIME_MS;
        ctx.globalAlpha = Math.max(0, life) * 0.7;
        ctx.fillStyle = i % 2 ? '#22d3ee' : '#a855f7';
        ctx.beginPath();
        ctx.arc(p.x, p.y, 2 + (i / TRAIL_POINTS) * 4, 0, Math.PI * 2);
        ctx.fill();
      });
      frame = requestAnimationFrame(draw);
    };
    resize();
    window.addEventListener('resize', resize);
    window.addEventListener('pointermove', onMove);
    frame = requestAnimationFrame(draw);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', resize);
      window.removeEventListener('pointermove', onMove);
    };
  }, [reduced]);

  return <canvas ref={ref} className="pointer-events-none fixed inset-0 z-30" />;
}
