/// <reference lib="webworker" />
/**
 * The landing's starfield, drawn off the page's main thread on the canvas it hands over
 * (starfield.tsx): the animation never competes with the page's own work (decision 017).
 */
import { type StarfieldSize, starfieldScene } from '@/features/marketing/components/starfield-scene';

export type StarfieldMessage =
  | { type: 'start'; canvas?: OffscreenCanvas; density: number; size: StarfieldSize; reduced: boolean }
  | { type: 'resize'; size: StarfieldSize }
  | { type: 'stop' };

const scope = self as unknown as DedicatedWorkerGlobalScope;
let canvas: OffscreenCanvas | null = null;
let scene: ReturnType<typeof starfieldScene> | null = null;
let frame = 0;

const loop = () => {
  scene?.tick();
  frame = scope.requestAnimationFrame(loop);
};

scope.onmessage = ({ data }: MessageEvent<StarfieldMessage>) => {
  if (data.type === 'stop') {
    scope.cancelAnimationFrame(frame);
    return;
  }
  if (data.type === 'resize') {
    scene?.resize(data.size);
    return;
  }
  if (data.canvas) canvas = data.canvas;
  const ctx = canvas?.getContext('2d');
  if (!ctx) return;
  scope.cancelAnimationFrame(frame);
  scene = starfieldScene(ctx, data.density);
  scene.resize(data.size);
  if (data.reduced) scene.draw();
  else frame = scope.requestAnimationFrame(loop);
};
