import type { AgentStreamEvent, AnswerResponse, ChatMode, SupportingAnswer } from '@sangam/contracts';
import { useCallback, useRef, useState } from 'react';
import { BRAND } from '@/config/brand';
import { type Neon, neonFor } from '@/features/chat/lib/refined';
import { requestId, streamAgent } from '@/lib/agent-client';
import { HttpError } from '@/lib/api-client';

export type CardStatus = 'loading' | 'streaming' | 'done' | 'error';
export type AnswerCard = {
  id: string;
  title: string;
  content: string;
  neonColor: Neon;
  status: CardStatus;
  modelId?: string;
  isBest?: boolean;
};

export const BEST_ID = 'best';
const FALLBACK = {
  noBest: `No best output available from ${BRAND.name}'s own AI`,
  noContent: 'No content available',
  none: 'No responses available',
};

const supportingText = (v: SupportingAnswer | undefined): { text: string; error?: string } => {
  if (typeof v === 'string') return { text: v };
  if (!v) return { text: '' };
  if (v.error) return { text: '', error: v.error };
  return { text: v.text ?? v.content ?? '' };
};

/** Streams one GenerateAnswer into cards: the fused best answer first, then one per model. */
export function useAnswerStream() {
  const [cards, setCards] = useState<AnswerCard[]>([]);
  const [isLoading, setIsLoading] = useState(false);
  const [quotaExceeded, setQuotaExceeded] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const run = useCallback(
    async ({
      prompt,
      chatId,
      mode,
      history,
    }: {
      prompt: string;
      chatId: string;
      mode: ChatMode;
      history: Array<{ role: string; content: string }>;
    }) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setIsLoading(true);
      setQuotaExceeded(false);
      setCards([{ id: BEST_ID, title: `${BRAND.name} Answer`, content: '', neonColor: 'cyan', status: 'loading', isBest: true }]);
      const models: string[] = [];
      const update = (id: string, fn: (c: AnswerCard) => AnswerCard) => setCards((cs) => cs.map((c) => (c.id === id ? fn(c) : c)));
      const onEvent = (e: AgentStreamEvent) => {
        switch (e.event) {
          case 'model-start':
            if (!models.includes(e.data.model)) models.push(e.data.model);
            setCards((cs) =>
              cs.some((c) => c.id === e.data.model)
                ? cs
                : [
                    ...cs,
                    {
                      id: e.data.model,
                      title: e.data.name,
                      content: '',
                      neonColor: neonFor(models.indexOf(e.data.model)),
                      status: 'streaming',
                      modelId: e.data.model,
                    },
                  ],
            );
            break;
          case 'model-delta':
            update(e.data.model, (c) => ({ ...c, content: c.content + e.data.delta, status: 'streaming' }));
            break;
          case 'model-end':
            update(e.data.model, (c) => ({ ...c, content: e.data.text, status: 'done' }));
            break;
          case 'model-error':
            update(e.data.model, (c) => ({
              ...c,
              content: `Failed to generate response: ${e.data.detail}`,
              neonColor: 'red',
              status: 'error',
            }));
            break;
          case 'fusion-delta':
            update(BEST_ID, (c) => ({ ...c, content: c.content + e.data.delta, status: 'streaming' }));
            break;
          default:
            break;
        }
      };
      try {
        const fields = { prompt, chatId, requestId: requestId(), mode };
        const final = await streamAgent<AnswerResponse>(
          'GenerateAnswer',
          { ...fields, extra: { History: JSON.stringify(history) } },
          onEvent,
          controller.signal,
        );
        const best = final.data?.best_output?.trim() ? final.data.best_output : FALLBACK.noBest;
        setCards((cs) => {
          const entries = Object.entries(final.data?.supporting_output ?? {});
          const byName = new Map(entries.map(([name, v]) => [name, supportingText(v)]));
          const updated = cs.map((c): AnswerCard => {
            if (c.isBest) return { ...c, content: best, status: 'done' };
            const s = byName.get(c.title);
            if (!s) return c;
            if (s.error) return { ...c, content: `Failed to generate response: ${s.error}`, neonColor: 'red', status: 'error' };
            return { ...c, content: s.text || FALLBACK.noContent, status: 'done' };
          });
          return entries.length === 0
            ? [...updated, { id: 'none', title: 'Models', content: FALLBACK.none, neonColor: 'green', status: 'done' }]
            : updated;
        });
        return best;
      } catch (err) {
        if (controller.signal.aborted) return null;
        if (err instanceof HttpError && err.body.code === 'QUOTA_EXCEEDED') setQuotaExceeded(true);
        const message =
          err instanceof HttpError ? `HTTP ${err.status}: ${err.message}` : err instanceof Error ? err.message : 'Unknown error';
        setCards([{ id: 'error', title: 'Error', content: `Failed to generate response: ${message}`, neonColor: 'red', status: 'error' }]);
        return null;
      } finally {
        if (abort.current === controller) setIsLoading(false);
      }
    },
    [],
  );

  return { cards, setCards, isLoading, quotaExceeded, run, cancel: () => abort.current?.abort() };
}
