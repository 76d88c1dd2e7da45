import type { AnswerResponse } from '@sangam/contracts';
import { useCallback, useRef, useState } from 'react';
import { callAgent, requestId } from '@/lib/agent-client';

export const CHANAKYA_ERRORS = {
  empty: 'The wisdom of Chanakya could not be retrieved at this moment. Please try again.',
  failed: 'The ancient wisdom is temporarily unavailable. Please try again later.',
};

/**
 * Idle, asking, then an answer (typed out by the screen) or an error (shown as an error, never as
 * the sage's words); reads only data.best_output. `retry` asks the last question again.
 */
export function useChanakya() {
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(false);
  const lastQuestion = useRef('');
  const ask = useCallback(async (question: string) => {
    lastQuestion.current = question;
    setIsLoading(true);
    setAnswer('');
    setError(null);
    try {
      const res = await callAgent<AnswerResponse>('GenerateAnswer', {
        prompt: `CHA:,${question}`,
        chatId: Math.random().toString(36).slice(2, 10),
        requestId: requestId('chanakya_'),
      });
      if (res.data?.best_output?.trim()) setAnswer(res.data.best_output);
      else setError(CHANAKYA_ERRORS.empty);
    } catch (err) {
      console.error('Chanakya request failed', err);
      setError(CHANAKYA_ERRORS.failed);
    }
    setIsLoading(false);
  }, []);
  const retry = useCallback(() => ask(lastQuestion.current), [ask]);
  const reset = useCallback(() => {
    setAnswer('');
    setError(null);
  }, []);
  return { answer, error, isLoading, ask, retry, reset };
}
