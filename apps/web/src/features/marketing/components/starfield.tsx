import { useEffect, useRef } from 'react';
import { usePrefersReducedMotion } from '@/components/text/use-prefers-reduced-motion';

type Star = { x: number; y: number; z: number; r: number };

/** A drifting starfield on a canvas; one still frame under reduced motion. */
export function Starfield({ density = 0.00018 }: { density?: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const reduced = usePrefersReducedMotion();

  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    let stars: Star[] = [];
    let frame = 0;
    const resize = () => {
      const dpr = Math.min(window.devicePixelRatio || 1, 2);
      canvas.width = canvas.clientWidth * dpr;
      canvas.height = canvas.clientHeight * dpr;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      const count = Math.round(canvas.clientWidth * canvas.clientHeight * density);
      stars = Array.from({ length: count }, () => ({
        x: Math.random() * canvas.clientWidth,
        y: Math.random() * canvas.clientHeight,
        z: Math.random(),
        r: Math.random() * 1.2 + 0.2,
      }));
    };
    const draw = () => {
      ctx.clearRect(0, 0, canvas.clientWidth, canvas.clientHeight);
      for (const s of stars) {
        ctx.globalAlpha = 0.35 + s.z * 0.65;
        ctx.fillStyle = s.z > 0.85 ? '#a5f3fc' : '#ffffff';
        ctx.beginPath();
        ctx.arc(s.x, s.y, s.r, 0, Math.PI * 2);
        ctx.fill();
      }
    };
    const tick = () => {
      for (const s of stars) {
        s.y -= 0.05 + s.z * 0.25;
        if (s.y < 0) s.y = canvas.clientHeight;
      }
      draw();
      frame = requestAnimationFrame(tick);
    };
    resize();
    if (reduced) draw();
    else frame = requestAnimationFrame(tick);
    window.addEventListener('resize', resize);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', resize);
    };
  }, [reduced, density]);

  return <canvas ref={ref} data-testid="starfield" className="pointer-events-none absolute inset-0 size-full" />;
}
