import { useEffect, useState } from 'react';
import { usePrefersReducedMotion } from '@/components/text/use-prefers-reduced-motion';

export type TypewriterOptions = {
  /** Milliseconds between ticks. */
  tickMs?: number;
  /** Characters revealed per tick (a function can speed up short texts). */
  charsPerTick?: number | ((text: string) => number);
  /** Delay before the first character. */
  startDelayMs?: number;
};

/**
 * Reveals `text` progressively. It only paces text that has already arrived: when `text` grows
 * (a stream), the reveal continues from where it was. Reduced motion shows everything at once.
 */
export function useTypewriter(text: string, { tickMs = 30, charsPerTick = 1, startDelayMs = 0 }: TypewriterOptions = {}) {
  const reduced = usePrefersReducedMotion();
  const [count, setCount] = useState(0);
  const [started, setStarted] = useState(startDelayMs === 0);

  useEffect(() => {
    if (started || !text) return;
    const id = window.setTimeout(() => setStarted(true), startDelayMs);
    return () => window.clearTimeout(id);
  }, [started, text, startDelayMs]);

  useEffect(() => {
    if (reduced || !started || count >= text.length) return;
    const step = typeof charsPerTick === 'function' ? charsPerTick(text) : charsPerTick;
    const id = window.setTimeout(() => setCount((c) => Math.min(text.length, c + Math.max(1, step))), tickMs);
    return () => window.clearTimeout(id);
  }, [reduced, started, count, text, tickMs, charsPerTick]);

  useEffect(() => {
    if (count > text.length) setCount(text.length);
  }, [count, text.length]);

  const shown = reduced ? text : text.slice(0, count);
  return { shown, isTyping: shown.length < text.length, isComplete: text.length > 0 && shown.length >= text.length };
}
