/** The starfield's drawing, shared by its worker (starfield-worker.ts) and the page's own thread (starfield.tsx). */

type Star = { x: number; y: number; z: number; r: number };
type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
export type StarfieldSize = { width: number; height: number; dpr: number };

/** Drifting stars on a 2D context: `resize` to (re)seed them, `tick` for the next frame, `draw` for a still one. */
export function starfieldScene(ctx: Context2D, density: number) {
  let stars: Star[] = [];
  let width = 0;
  let height = 0;
  const resize = (size: StarfieldSize) => {
    ({ width, height } = size);
    ctx.canvas.width = width * size.dpr;
    ctx.canvas.height = height * size.dpr;
    ctx.setTransform(size.dpr, 0, 0, size.dpr, 0, 0);
    const count = Math.round(width * height * density);
    stars = Array.from({ length: count }, () => ({
      x: Math.random() * width,
      y: Math.random() * height,
      z: Math.random(),
      r: Math.random() * 1.2 + 0.2,
    }));
  };
  const draw = () => {
    ctx.clearRect(0, 0, width, height);
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
      if (s.y < 0) s.y = height;
    }
    draw();
  };
  return { resize, draw, tick };
}
