import type { AnswerResponse, ChatDetail, ChatMessage, FusionAnalysis } from '@sangam/contracts';
import { fusionAnalysisSchema, messageIdsEventSchema } from '@sangam/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { chatKeys } from '@/features/chat/api/chat-keys';
import { type AskFields, askStream, resumeStream } from '@/features/chat/api/stream-answer';
import { type AnswerCard, applyEvent, applyFinal, bestCard, errorTitle, failedText } from '@/features/chat/lib/cards';
import { markRevealed } from '@/features/chat/lib/reveal';
import type { IndexedEvent } from '@/lib/agent-client';
import { toAppError } from '@/lib/app-error';

export type LiveAnswer = {
  question: string;
  userMessageId: string | null;
  assistantMessageId: string | null;
  cards: AnswerCard[];
  isRunning: boolean;
  quotaExceeded: boolean;
  /** The judge's analysis ("How the models agreed"), once it arrived. */
  analysis: FusionAnalysis | null;
  /** The answers the fusion read, once it began; a model still writing then is late. */
  fusedAnswers: string[] | null;
};

/** The live answer after one event: the cards, and the fusion's analysis and answers. */
export function applyLiveEvent(l: LiveAnswer, e: IndexedEvent): LiveAnswer {
  if (e.event === 'fusion-analysis') {
    const analysis = fusionAnalysisSchema.safeParse(e.data);
    return analysis.success ? { ...l, analysis: analysis.data } : l;
  }
  if (e.event === 'fusion-start') {
    const answers = (e.data as { answers?: unknown }).answers;
    const fusedAnswers = Array.isArray(answers) ? answers.filter((a): a is string => typeof a === 'string') : null;
    return { ...l, cards: applyEvent(l.cards, e), fusedAnswers };
  }
  if (e.event === 'final') {
    const final = e.data as AnswerResponse;
    const analysis = fusionAnalysisSchema.safeParse(final.data?.analysis);
    return { ...l, cards: applyFinal(l.cards, final), analysis: analysis.success ? analysis.data : l.analysis };
  }
  return { ...l, cards: applyEvent(l.cards, e) };
}

/** Events that arrive this soon after a resume are the replay of text already generated: not typed again. */
const REPLAY_WINDOW_MS = 250;

/** A message with the defaults of one not yet stored (no parent, no text, done, now). */
export const provisional = (m: Partial<ChatMessage> & Pick<ChatMessage, 'id' | 'chatId' | 'role' | 'mode'>): ChatMessage => ({
  parentId: null,
  content: '',
  status: 'done',
  refinedPrompt: null,
  facts: null,
  answers: [],
  createdAt: new Date().toISOString(),
  ...m,
});

/** The live answer of a question just asked: only the (empty) fused card, running. */
export const startingLive = (question: string): LiveAnswer => ({
  question,
  userMessageId: null,
  assistantMessageId: null,
  cards: [bestCard()],
  isRunning: true,
  quotaExceeded: false,
  analysis: null,
  fusedAnswers: null,
});

/**
 * The answer being generated now in one chat: asked here, or resumed from the server after a reload.
 * Leaving the page only stops listening; the answer goes on on the server.
 */
export function useLiveAnswer(chatId: string) {
  const queryClient = useQueryClient();
  const [live, setLive] = useState<LiveAnswer | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  /** Puts the new messages into the cached chat at once, so the thread shows the turn in its place. */
  const insert = useCallback(
    (ids: { userMessageId: string; assistantMessageId: string }, fields: AskFields) => {
      queryClient.setQueryData<ChatDetail | null>(chatKeys.detail(chatId), (d) => {
        const now = new Date().toISOString();
        const detail: ChatDetail = d ?? {
          chat: { id: chatId, title: '', mode: fields.mode, continueWith: null, shareId: null, createdAt: now, updatedAt: now },
          messages: [],
          activeLeafId: null,
        };
        const byId = new Map(detail.messages.map((m) => [m.id, m]));
        const regenerated = fields.regenerateId ? byId.get(fields.regenerateId) : undefined;
        const added: ChatMessage[] = [];
        if (!regenerated && !byId.has(ids.userMessageId)) {
          const parentId = fields.parentId === 'root' ? null : (fields.parentId ?? detail.activeLeafId);
          added.push(
            provisional({
              id: ids.userMessageId,
              chatId,
              role: 'user',
              mode: fields.mode,
              parentId,
              content: fields.question ?? fields.prompt,
              refinedPrompt: fields.question && fields.question !== fields.prompt ? fields.prompt : null,
            }),
          );
        }
        if (!byId.has(ids.assistantMessageId)) {
          added.push(
            provisional({
              id: ids.assistantMessageId,
              chatId,
              role: 'assistant',
              mode: fields.mode,
              parentId: regenerated?.parentId ?? ids.userMessageId,
              status: 'streaming',
            }),
          );
        }
        return { ...detail, messages: [...detail.messages, ...added], activeLeafId: ids.assistantMessageId };
      });
    },
    [chatId, queryClient],
  );

  const finish = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: chatKeys.detail(chatId) });
    void queryClient.invalidateQueries({ queryKey: ['chats', 'list'] });
    // This month's use and the next estimate changed with the answer.
    void queryClient.invalidateQueries({ queryKey: ['usage'] });
    void queryClient.invalidateQueries({ queryKey: ['estimate'] });
  }, [chatId, queryClient]);

  const ask = useCallback(
    async (fields: AskFields) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      const question = fields.question ?? fields.prompt;
      setLive(startingLive(question));
      const onEvent = (e: IndexedEvent) => {
        if ((e.event as string) === 'message-ids') {
          const ids = messageIdsEventSchema.safeParse(e.data);
          if (!ids.success) return;
          insert(ids.data, fields);
          setLive((l) => l && { ...l, userMessageId: ids.data.userMessageId, assistantMessageId: ids.data.assistantMessageId });
          return;
        }
        // The final event is applied once the stream resolves with it.
        if (e.event !== 'final') setLive((l) => l && applyLiveEvent(l, e));
      };
      try {
        const final = await askStream({ ...fields, chatId }, onEvent, controller.signal);
        setLive((l) => l && { ...applyLiveEvent(l, { event: 'final', data: final }), isRunning: false });
      } catch (err) {
        if (controller.signal.aborted) return;
        console.error('The answer failed', err);
        const error = toAppError(err);
        const quotaExceeded = error.code === 'QUOTA_EXCEEDED';
        setLive(
          (l) =>
            l && {
              ...l,
              isRunning: false,
              quotaExceeded,
              cards: [{ id: 'error', title: errorTitle(), content: failedText(error.detail), neonColor: 'red', status: 'error', error }],
            },
        );
        // A refused request stored nothing: there is no chat to reload.
        if (error.isRefusal) return;
      }
      await finish();
    },
    [chatId, insert, finish],
  );

  const resume = useCallback(
    async (message: ChatMessage, question: string) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      const startedAt = Date.now();
      setLive({
        question,
        userMessageId: message.parentId,
        assistantMessageId: message.id,
        cards: [bestCard()],
        isRunning: true,
        quotaExceeded: false,
        analysis: null,
        fusedAnswers: null,
      });
      const onEvent = (e: IndexedEvent) =>
        setLive((l) => {
          if (!l) return l;
          const next = applyLiveEvent(l, e);
          if (Date.now() - startedAt < REPLAY_WINDOW_MS)
            for (const c of next.cards) markRevealed(`${message.id}:${c.id}`, c.content.length);
          return { ...next, isRunning: e.event !== 'final' };
        });
      try {
        await resumeStream({ chatId, messageId: message.id, after: 0 }, onEvent, controller.signal);
      } catch (err) {
        if (controller.signal.aborted) return;
        console.error('Could not follow the answer', err);
      }
      setLive((l) => l && { ...l, isRunning: false });
      await finish();
    },
    [chatId, finish],
  );

  /** The stored chat has the finished answer: the live copy is no longer needed. */
  const settle = useCallback(() => setLive((l) => (l && !l.isRunning ? null : l)), []);

  return { live, ask, resume, settle };
}
