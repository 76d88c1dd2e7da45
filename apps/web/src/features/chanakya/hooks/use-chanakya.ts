import { msg } from '@lingui/core/macro';
import type { ChanakyaFacts } from '@sangam/contracts';
import { useCallback, useRef } from 'react';
import { chanakyaRequest } from '@/features/chanakya/api/chanakya-request';
import { useToolRun } from '@/lib/agent/use-tool-run';

export const CHANAKYA_ERRORS = {
  empty: msg`The wisdom of Chanakya could not be retrieved at this moment. Please try again.`,
  failed: msg`The ancient wisdom is temporarily unavailable. Please try again later.`,
};

/**
 * Idle, asking, the answer streaming in, complete; or an error (shown as an error, never as the
 * sage's words). `retry` asks the last question again.
 */
export function useChanakya() {
  const { run, ask: askTool, reset } = useToolRun();
  const lastQuestion = useRef('');
  const ask = useCallback(
    (question: string) => {
      lastQuestion.current = question;
      return askTool(chanakyaRequest(question));
    },
    [askTool],
  );
  const retry = useCallback(() => ask(lastQuestion.current), [ask]);
  const isEmpty = run.status === 'done' && run.isEmpty === true;
  const facts = run.status === 'done' ? (run.facts as ChanakyaFacts | undefined) : undefined;
  return { run, isEmpty, facts, ask, retry, reset };
}
