import { useEffect, useRef } from 'react';
import { usePrefersReducedMotion } from '@/components/text/use-prefers-reduced-motion';
import { type StarfieldSize, starfieldScene } from '@/features/marketing/components/starfield-scene';
import type { StarfieldMessage } from '@/features/marketing/components/starfield-worker';

/** A canvas handed to a worker (it can be handed over only once, so a remount reuses its worker). */
const workers = new WeakMap<HTMLCanvasElement, { worker: Worker; ending?: ReturnType<typeof setTimeout> }>();

const canDrawOffThread = () =>
  typeof Worker !== 'undefined' &&
  typeof OffscreenCanvas !== 'undefined' &&
  typeof HTMLCanvasElement !== 'undefined' &&
  'transferControlToOffscreen' in HTMLCanvasElement.prototype &&
  typeof (globalThis as { requestAnimationFrame?: unknown }).requestAnimationFrame === 'function';

/**
 * A drifting starfield on a canvas; one still frame under reduced motion. Drawn in a worker where the
 * browser can (an OffscreenCanvas), so the animation leaves the page's main thread free; else here.
 */
export function Starfield({ density = 0.00018 }: { density?: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const reduced = usePrefersReducedMotion();

  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    const size = (): StarfieldSize => ({
      width: canvas.clientWidth,
      height: canvas.clientHeight,
      dpr: Math.min(window.devicePixelRatio || 1, 2),
    });
    const known = workers.get(canvas);
    if (known || canDrawOffThread()) {
      let entry = known;
      const start: StarfieldMessage = { type: 'start', density, size: size(), reduced };
      if (!entry) {
        const worker = new Worker(new URL('./starfield-worker.ts', import.meta.url), { type: 'module' });
        const offscreen = canvas.transferControlToOffscreen();
        entry = { worker };
        workers.set(canvas, entry);
        worker.postMessage({ ...start, canvas: offscreen }, [offscreen]);
      } else {
        clearTimeout(entry.ending);
        entry.worker.postMessage(start);
      }
      const { worker } = entry;
      const resize = () => worker.postMessage({ type: 'resize', size: size() } satisfies StarfieldMessage);
      window.addEventListener('resize', resize);
      return () => {
        window.removeEventListener('resize', resize);
        worker.postMessage({ type: 'stop' } satisfies StarfieldMessage);
        // Ended unless the same canvas starts again at once (a remount, or StrictMode's second run).
        const current = workers.get(canvas);
        if (current)
          current.ending = setTimeout(() => {
            worker.terminate();
            workers.delete(canvas);
          }, 1000);
      };
    }
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    const scene = starfieldScene(ctx, density);
    let frame = 0;
    const tick = () => {
      scene.tick();
      frame = requestAnimationFrame(tick);
    };
    const resize = () => scene.resize(size());
    resize();
    if (reduced) scene.draw();
    else frame = requestAnimationFrame(tick);
    window.addEventListener('resize', resize);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', resize);
    };
  }, [reduced, density]);

  return <canvas ref={ref} data-testid="starfield" className="pointer-events-none absolute inset-0 size-full" />;
}
