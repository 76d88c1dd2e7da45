import { useEffect, useRef, useState } from 'react';
import type { LiveAnswer } from '@/features/chat/hooks/use-live-answer';

/**
 * "Use" on a prompt option: that card spins and the others blur while its answer starts. It ends when
 * the answer's first event arrives (its message ids) or the answer fails; `onStarted` then runs.
 */
export function useBusyPrompt(live: LiveAnswer | null, onStarted: () => void) {
  const [busyPrompt, setBusyPrompt] = useState<string | null>(null);
  const started = useRef(onStarted);
  started.current = onStarted;
  const hasAnswerStarted = !!live && (live.assistantMessageId !== null || !live.isRunning);
  useEffect(() => {
    if (busyPrompt === null || !hasAnswerStarted) return;
    setBusyPrompt(null);
    started.current();
  }, [busyPrompt, hasAnswerStarted]);
  return { busyPrompt, setBusyPrompt };
}
