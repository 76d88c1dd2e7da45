import { useEffect, useRef, useState } from 'react';
import { usePrefersReducedMotion } from '@/components/text/use-prefers-reduced-motion';
import type { TypingPace } from '@/config/timings';

type Progress = { count: number; isStarted: boolean };

/**
 * How far each text with a `resumeKey` was typed, for the whole visit: a card that remounts (Compare
 * All, the carousel) continues where it was instead of typing again. An entry goes when its text empties.
 */
const progressByKey = new Map<string, Progress>();

/**
 * Types out `text` at `pace`: nothing until `startDelayMs` after the text first appears, then
 * `charsPerTick` characters every `tickMs`. It paces only text that has arrived: when `text` grows
 * (a stream) the typing goes on from where it was, at the same pace, and when it has caught up it
 * waits for more; it never shows text that has not arrived. An empty text starts over. The timers
 * chain without waiting for a render (the wait starts the ticks itself, one steady interval ticks),
 * so the pace is exact however the page renders. Reduced motion shows the whole text at once.
 */
export function useTypewriter(text: string, pace: TypingPace, { resumeKey }: { resumeKey?: string } = {}) {
  const isReduced = usePrefersReducedMotion();
  const [progress, setProgress] = useState<Progress>(
    () => (resumeKey ? progressByKey.get(resumeKey) : undefined) ?? { count: 0, isStarted: false },
  );
  // The timers read and move the progress here; the state only renders it.
  const current = useRef(progress);
  const latest = useRef({ text, pace });
  latest.current = { text, pace };

  const hasText = text.length > 0;
  const count = Math.min(progress.count, text.length);
  const isWaitingForMore = progress.isStarted && count >= text.length;

  useEffect(() => {
    if (resumeKey && hasText) progressByKey.set(resumeKey, progress);
  }, [resumeKey, hasText, progress]);

  // An emptied text (a new question, a retry) starts over, with its wait.
  useEffect(() => {
    if (hasText) return;
    if (resumeKey) progressByKey.delete(resumeKey);
    current.current = { count: 0, isStarted: false };
    setProgress((p) => (p.count === 0 && !p.isStarted ? p : current.current));
  }, [hasText, resumeKey]);

  useEffect(() => {
    if (!hasText || isReduced || isWaitingForMore) return;
    let interval: number | undefined;
    const tick = () => {
      const { text: now, pace: p } = latest.current;
      const next = Math.min(now.length, current.current.count + Math.max(1, p.charsPerTick(now.length)));
      current.current = { count: next, isStarted: true };
      setProgress(current.current);
      // Caught up: the ticks stop until more text arrives (this effect then starts them again).
      if (next >= now.length) window.clearInterval(interval);
    };
    const startTicking = () => {
      interval = window.setInterval(tick, latest.current.pace.tickMs);
    };
    if (current.current.isStarted) {
      startTicking();
      return () => window.clearInterval(interval);
    }
    const wait = window.setTimeout(() => {
      current.current = { ...current.current, isStarted: true };
      setProgress(current.current);
      startTicking();
    }, latest.current.pace.startDelayMs);
    return () => {
      window.clearTimeout(wait);
      window.clearInterval(interval);
    };
  }, [hasText, isReduced, isWaitingForMore]);

  const shown = isReduced ? text : text.slice(0, count);
  return { shown, isTyping: shown.length < text.length, isComplete: hasText && shown.length >= text.length };
}
