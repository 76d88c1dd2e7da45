import { useEffect, useState } from 'react';
import { usePrefersReducedMotion } from '@/components/text/use-prefers-reduced-motion';
import { ANSWER_TICK_MS, answerCharsPerTick } from '@/config/timings';

/**
 * How much of each answer card has been shown, by card key (assistant message id + card id), for the
 * whole visit: a card that remounts (Compare All, the carousel, scrolling a virtual list) continues
 * where it was, and a finished answer that was never typed here shows whole at once.
 */
const revealed = new Map<string, number>();

/** Marks text as already shown (an answer replayed on reopening is not typed out again). */
export function markRevealed(key: string, length: number) {
  revealed.set(key, Math.max(revealed.get(key) ?? 0, length));
}

/** The reveal paces only text that has arrived: 20 ms ticks, 1 to 3 characters a tick. */
export const REVEAL_TICK_MS = ANSWER_TICK_MS;

/** Types out text that is arriving now (`isLive`); anything else shows whole. Reduced motion never types. */
export function useReveal(key: string, text: string, isLive: boolean) {
  const reduced = usePrefersReducedMotion();
  const [count, setCount] = useState(() => revealed.get(key) ?? (isLive ? 0 : text.length));
  const known = revealed.get(key);
  // A card that was never live and never typed shows its whole text.
  const floor = known === undefined && !isLive ? text.length : 0;
  // Text marked as shown elsewhere (a replay, an answer fused again) is not typed again either.
  const shownCount = reduced ? text.length : Math.min(text.length, Math.max(count, floor, known ?? 0));

  useEffect(() => {
    if (reduced || shownCount >= text.length) return;
    const id = window.setTimeout(() => setCount(Math.min(text.length, shownCount + answerCharsPerTick(text.length))), REVEAL_TICK_MS);
    return () => window.clearTimeout(id);
  }, [reduced, shownCount, text.length]);

  useEffect(() => {
    if (isLive || revealed.has(key)) markRevealed(key, shownCount);
  }, [key, shownCount, isLive]);

  return { shown: text.slice(0, shownCount), isTyping: shownCount < text.length };
}
