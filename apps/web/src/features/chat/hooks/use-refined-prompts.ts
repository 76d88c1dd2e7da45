import { t } from '@lingui/core/macro';
import type { ChatMode } from '@sangam/contracts';
import { useCallback, useState } from 'react';
import { orderRefined } from '@/features/chat/lib/refined';
import { callAgent, requestId } from '@/lib/agent-client';

export type RefineState = { status: 'idle' | 'loading' | 'done' | 'error'; prompts: string[]; error: string | null };

/** Asks the refiner for up to four better prompts; the three refinement errors of docs/spec-rules.md §8. */
export function useRefinedPrompts() {
  const [state, setState] = useState<RefineState>({ status: 'idle', prompts: [], error: null });
  const refine = useCallback(async ({ prompt, chatId, mode }: { prompt: string; chatId: string; mode: ChatMode }) => {
    setState({ status: 'loading', prompts: [], error: null });
    try {
      const res = await callAgent('PromptRefiner', { prompt, chatId, requestId: requestId(), mode });
      if (!res.data || !Array.isArray(res.data.refined)) {
        setState({ status: 'error', prompts: [], error: t`No refined version available` });
        return;
      }
      const prompts = orderRefined(res.data.refined, res.data.ranking ?? []);
      setState(
        prompts.length
          ? { status: 'done', prompts, error: null }
          : { status: 'error', prompts: [], error: t`No refined prompts available` },
      );
    } catch (err) {
      console.error('Prompt refinement failed', err);
      setState({ status: 'error', prompts: [], error: t`Error loading refined prompts` });
    }
  }, []);
  return { ...state, refine };
}
