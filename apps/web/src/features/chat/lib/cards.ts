import { t } from '@lingui/core/macro';
import {
  type AgentStreamEvent,
  type AnswerResponse,
  type ChatMessage,
  ERRORS,
  type ModelAnswer,
  type SupportingAnswer,
} from '@sangam/contracts';
import { BRAND } from '@/config/brand';
import { type Neon, neonFor } from '@/features/chat/lib/refined';
import type { AppError } from '@/lib/app-error';
import { errorMessage } from '@/lib/i18n/error-messages';

export type CardStatus = 'loading' | 'streaming' | 'done' | 'error' | 'stopped';
export type AnswerCard = {
  id: string;
  title: string;
  content: string;
  neonColor: Neon;
  status: CardStatus;
  modelId?: string;
  isBest?: boolean;
  /** The answer's id in the fusion analysis: the model id, or `id#k` for its k-th sample. */
  answerId?: string;
  /** Finished after the fusion started: shown, not part of the fused answer. */
  isLate?: boolean;
  /** Why the model failed (its error detail). */
  failure?: string;
  /** The whole answer failed: shown with the tools' failure card. */
  error?: AppError;
  /** Tokens and rupees of this answer; costInr null when the model has no price. */
  tokens?: number | null;
  costInr?: number | null;
};

export const BEST_ID = 'best';
const brand = BRAND.name;
/** The fused card's title ("Sangam Answer"), in the interface's language. */
export const bestTitle = () => t`${brand} Answer`;
/** What a card shows when the fusion, a model or every model gave no text. */
export const FALLBACK = {
  noBest: () => t`No best output available from ${brand}'s own AI`,
  noContent: () => t`No content available`,
  none: () => t`No responses available`,
};
export const failedText = (detail: string) => t`Failed to generate response: ${detail}`;
/** The title of a card for a failed answer. */
export const errorTitle = () => t`Error`;

export const bestCard = (content = '', status: CardStatus = 'loading'): AnswerCard => ({
  id: BEST_ID,
  title: bestTitle(),
  content,
  neonColor: 'cyan',
  status,
  isBest: true,
});

/** A sample of a model reads "Alpha GPT · sample 2"; a single call keeps the model's name. */
export const answerTitle = (name: string, sample?: number) => (sample ? t`${name} · sample ${sample}` : name);

/** The card of a streamed event: one per answer (samples of one model apart). */
const idOf = (d: { model: string; answerId?: string }) => d.answerId ?? d.model;

/** A stopped or timed-out model reports itself through its error code. */
const statusOfCode = (code: string): CardStatus => (/STOP/i.test(code) ? 'stopped' : 'error');

/** The cards after one streamed event: the fused best answer first, then one per model. */
export function applyEvent(cards: AnswerCard[], e: AgentStreamEvent): AnswerCard[] {
  const update = (id: string, fn: (c: AnswerCard) => AnswerCard) => cards.map((c) => (c.id === id ? fn(c) : c));
  switch (e.event) {
    case 'model-start': {
      const id = idOf(e.data);
      if (cards.some((c) => c.id === id)) return cards;
      const models = cards.filter((c) => !c.isBest).length;
      return [
        ...cards,
        {
          id,
          answerId: id,
          title: answerTitle(e.data.name, e.data.sample),
          content: '',
          neonColor: neonFor(models),
          status: 'streaming',
          modelId: e.data.model,
        },
      ];
    }
    case 'model-delta':
      return update(idOf(e.data), (c) => ({ ...c, content: c.content + e.data.delta, status: 'streaming' }));
    case 'model-end':
      return update(idOf(e.data), (c) => ({
        ...c,
        content: e.data.text,
        status: 'done',
        isLate: e.data.late === true,
        tokens: e.data.tokens ?? c.tokens,
        costInr: e.data.costInr === undefined ? c.costInr : e.data.costInr,
      }));
    case 'model-error': {
      const status = statusOfCode(e.data.code);
      // A model cut half-way keeps the text it had streamed.
      const partial = (e.data as { text?: string }).text;
      // In the reader's language by its code (English keeps the server's more precise detail).
      const reason = errorMessage(e.data.code, e.data.detail);
      return update(idOf(e.data), (c) => {
        const content = partial || c.content;
        if (status === 'stopped') return { ...c, content, status };
        return content
          ? { ...c, content, status: 'error', neonColor: 'red', failure: reason }
          : { ...c, content: failedText(reason), neonColor: 'red', status, failure: reason };
      });
    }
    case 'fusion-delta':
      return update(BEST_ID, (c) => ({ ...c, content: c.content + e.data.delta, status: 'streaming' }));
    default:
      return cards;
  }
}

const supportingText = (v: SupportingAnswer | undefined): { text: string; error?: string } => {
  if (typeof v === 'string') return { text: v };
  if (!v) return { text: '' };
  if (v.error) return { text: '', error: v.error };
  return { text: v.text ?? v.content ?? '' };
};

/** The cards once the `final` event arrived. */
export function applyFinal(cards: AnswerCard[], final: AnswerResponse): AnswerCard[] {
  const best = final.data?.best_output?.trim() ? final.data.best_output : FALLBACK.noBest();
  const entries = Object.entries(final.data?.supporting_output ?? {});
  const byName = new Map(entries.map(([name, v]) => [name, supportingText(v)]));
  const updated = cards.map((c): AnswerCard => {
    if (c.isBest) {
      const cost = final.data?.cost;
      return { ...c, content: best, status: 'done', ...(cost ? { tokens: cost.tokens, costInr: cost.costInr } : {}) };
    }
    const s = byName.get(c.title);
    if (!s || c.status === 'stopped') return c.status === 'streaming' ? { ...c, status: 'done' } : c;
    if (s.error)
      return c.content
        ? { ...c, status: 'error', neonColor: 'red' }
        : { ...c, content: failedText(s.error), neonColor: 'red', status: 'error' };
    return { ...c, content: s.text || c.content || FALLBACK.noContent(), status: 'done' };
  });
  return entries.length === 0 && !cards.some((c) => !c.isBest)
    ? [...updated, { id: 'none', title: t`Models`, content: FALLBACK.none(), neonColor: 'green', status: 'done' }]
    : updated;
}

const failedToAnswer = (name: string) => t`${name} failed to answer.`;

const modelCard = (a: ModelAnswer, i: number, fused: string[] | null): AnswerCard => {
  const id = a.answerId ?? a.modelId;
  const base = {
    id,
    answerId: id,
    title: answerTitle(a.name, a.sample),
    modelId: a.modelId,
    neonColor: neonFor(i),
    // Late until a fusion reads it (fused again with the late answers).
    isLate: a.late === true && !fused?.includes(id),
    tokens: a.tokens,
    costInr: a.costInr ?? null,
  };
  switch (a.status) {
    case 'done':
      return { ...base, content: a.text || FALLBACK.noContent(), status: 'done' };
    case 'streaming':
      return { ...base, content: a.text, status: 'streaming' };
    case 'stopped':
      return { ...base, content: a.text, status: 'stopped' };
    default: {
      // A failed or timed-out model keeps the text it had streamed.
      const failure = a.error ? errorMessage(a.error.code, a.error.detail) : failedToAnswer(a.name);
      return { ...base, neonColor: 'red', status: 'error', failure, content: a.text || failedText(failure) };
    }
  }
};

/** The cards of a stored answer: nothing here is typed out again. */
export function cardsOf(message: ChatMessage): AnswerCard[] {
  const failedAll = message.status === 'failed' && !message.content && message.answers.every((a) => a.status !== 'done');
  if (failedAll) {
    const detail = ERRORS.ALL_MODELS_FAILED.detail;
    return [{ id: 'error', title: errorTitle(), content: failedText(detail), neonColor: 'red', status: 'error' }];
  }
  const bestStatus: CardStatus =
    message.status === 'streaming'
      ? 'streaming'
      : message.status === 'stopped'
        ? 'stopped'
        : message.status === 'failed'
          ? 'error'
          : 'done';
  const best = bestCard(
    message.content || (message.status === 'done' ? FALLBACK.noBest() : message.status === 'streaming' ? '' : FALLBACK.noBest()),
    bestStatus,
  );
  const withCost: AnswerCard = message.cost ? { ...best, tokens: message.cost.tokens, costInr: message.cost.costInr } : best;
  const fused = message.analysis?.fusedAnswers ?? null;
  return [withCost, ...message.answers.map((a, i) => modelCard(a, i, fused))];
}
