import type { AnswerResponse } from '@sangam/contracts';
import { useCallback, useState } from 'react';
import { callAgent, requestId } from '@/lib/agent-client';

export const CHANAKYA_ERRORS = {
  empty: 'The wisdom of Chanakya could not be retrieved at this moment. Please try again.',
  failed: 'The ancient wisdom is temporarily unavailable. Please try again later.',
};

/** Idle, asking, then an answer (typed out by the screen); reads only data.best_output. */
export function useChanakya() {
  const [answer, setAnswer] = useState('');
  const [isLoading, setIsLoading] = useState(false);
  const ask = useCallback(async (question: string) => {
    setIsLoading(true);
    setAnswer('');
    try {
      const res = await callAgent<AnswerResponse>('GenerateAnswer', {
        prompt: `CHA:,${question}`,
        chatId: Math.random().toString(36).slice(2, 10),
        requestId: requestId('chanakya_'),
      });
      setAnswer(res.data?.best_output?.trim() ? res.data.best_output : CHANAKYA_ERRORS.empty);
    } catch (err) {
      console.error('Chanakya request failed', err);
      setAnswer(CHANAKYA_ERRORS.failed);
    }
    setIsLoading(false);
  }, []);
  return { answer, isLoading, ask, reset: () => setAnswer('') };
}
