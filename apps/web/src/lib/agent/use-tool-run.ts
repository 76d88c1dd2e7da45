import { useCallback, useEffect, useRef, useState } from 'react';
import { streamTool, type ToolRequest } from '@/lib/agent/tool-client';
import { applyToolEvent, failRun, finishRun, idleRun, type ToolRun } from '@/lib/agent/tool-run';
import { toAppError } from '@/lib/app-error';

/**
 * One tool answer on a screen: `ask` streams it in, `reset` goes back to idle. Asking again (or
 * leaving the screen) cancels the answer in progress. Resolves with the finished run.
 */
export function useToolRun() {
  const [run, setRun] = useState<ToolRun>(idleRun());
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const ask = useCallback(async (request: ToolRequest): Promise<ToolRun> => {
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    let current = idleRun('loading');
    const update = (next: ToolRun) => {
      current = next;
      if (!own.signal.aborted) setRun(next);
    };
    update(current);
    try {
      const result = await streamTool(request, (e) => update(applyToolEvent(current, e)), own.signal);
      update(finishRun(current, result));
    } catch (err) {
      const error = toAppError(err);
      if (error.code !== 'ABORTED') console.error('The tool answer failed', { code: error.code, status: error.status });
      update(failRun(current, error));
    }
    return current;
  }, []);

  const reset = useCallback(() => {
    controller.current?.abort();
    setRun(idleRun());
  }, []);

  return { run, ask, reset };
}
